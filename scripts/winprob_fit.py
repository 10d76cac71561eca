#!/usr/bin/python3
"""Fits the win-probability model of every game (docs/analysis.md, engine/win_probability.h).

For each DATA_DIR/<game>-<players>.csv (scripts/winprob_data.py: one row per position, the
mover's search score and final result), fits

    expected result = 1 / (1 + exp(-(scale * score + offset)))

by maximum likelihood (Newton's method with step halving; the result, 0, 0.5 or 1, is the target of a logistic
loss). Proven results (|score| > 990000) are left out. With 2 players the offset is fixed at 0,
so that a score and its negation give results summing to 1.

Prints one line per model, `game players scale offset positions`, or with --cpp the entries
of each game's kWinModels table (src/games/<game>/descriptor.h). Plain Python: no package needed.

Usage: winprob_fit.py DATA_DIR [--cpp]
"""
import csv
import math
import os
import sys

WIN_BOUND = 990000
SCORE_UNIT = 1000.0  # scores are scaled by this while fitting, for a well-conditioned Newton step


def nll(xs, ys, a, b):
    total = 0.0
    for x, y in zip(xs, ys):
        z = a * x + b
        # log(1 + exp(-z)) and log(1 + exp(z)), computed without overflow
        lp = -z if z < -30 else math.log1p(math.exp(-z))
        lq = z if z > 30 else math.log1p(math.exp(z))
        total += y * lp + (1 - y) * lq
    return total


def fit(rows, players):
    xs = [s / SCORE_UNIT for s, _ in rows]
    ys = [y for _, y in rows]
    a, b = 0.0, 0.0 if players == 2 else -math.log(players - 1)
    loss = nll(xs, ys, a, b)
    for _ in range(100):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys):
            z = max(-40.0, min(40.0, a * x + b))
            p = 1 / (1 + math.exp(-z))
            w = p * (1 - p)
            ga += (p - y) * x
            gb += p - y
            haa += w * x * x
            hab += w * x
            hbb += w
        if players == 2:
            da, db = ga / haa, 0.0
        else:
            det = haa * hbb - hab * hab
            da = (hbb * ga - hab * gb) / det
            db = (haa * gb - hab * ga) / det
        step = 1.0  # Newton's step, halved until the loss goes down
        while step > 1e-6 and nll(xs, ys, a - step * da, b - step * db) > loss:
            step /= 2
        a, b = a - step * da, b - step * db
        new_loss = nll(xs, ys, a, b)
        if loss - new_loss < 1e-10:
            break
        loss = new_loss
    return a / SCORE_UNIT, b


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        sys.exit(__doc__)
    cpp = "--cpp" in sys.argv
    for name in sorted(os.listdir(args[0])):
        if not name.endswith(".csv"):
            continue
        rows = []
        game = players = None
        with open(os.path.join(args[0], name), newline="") as f:
            for row in csv.DictReader(f):
                game, players = row["game"], int(row["players"])
                score = int(row["score"])
                if abs(score) <= WIN_BOUND:
                    rows.append((score, float(row["result"])))
        if not rows:
            continue
        scale, offset = fit(rows, players)
        if cpp:
            print(f'    {{{players}, {scale:.6g}, {offset:.6g}}},  // {game}')
        else:
            print(f"{game} {players} {scale:.6g} {offset:.6g} {len(rows)}")


if __name__ == "__main__":
    main()
