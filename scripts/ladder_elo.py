#!/usr/bin/env python3
"""Elo table from `arbiter match` outputs (python3 standard library only).

    scripts/ladder_elo.py MATCH_OUTPUT ...

Each file holds the output of one `arbiter match` (as scripts/ladder.sh writes it). A 2-player
match gives A's W/D/L. With 3-4 players every game has one winner (Traverse adjudicates), and
each engine holds half the seats, so a game is a win for the engine whose seat won: W = A's
wins, L = B's wins, D = games without a winner.

The ratings are the Bradley-Terry maximum-likelihood fit (a draw is half a point), with one
virtual draw added to every pairing so that a 20-0 result has a finite rating; the lowest
player (the smallest level) is anchored at 0. The 95% intervals come from the fit's Fisher
information. Prints the table, the pairing results and whether the ratings rise with the level.
"""

import math
import re
import sys

HEADER = re.compile(r"^\S+: A \((.*)\) vs B \((.*)\), (\d+) games")
WDL = re.compile(r"^W/D/L (\d+)/(\d+)/(\d+)")
SHARE = re.compile(r"^([AB]): (\d+) wins in (\d+) seats")
LN10 = math.log(10)


def parse(path):
    a = b = None
    games = None
    wdl = None
    wins = {}
    with open(path) as f:
        for line in f:
            if m := HEADER.match(line):
                a, b, games = m.group(1), m.group(2), int(m.group(3))
            elif m := WDL.match(line):
                wdl = tuple(int(x) for x in m.groups())
            elif m := SHARE.match(line):
                wins[m.group(1)] = int(m.group(2))
    if a is None or (wdl is None and len(wins) != 2):
        sys.exit(f"ladder_elo: {path}: not the output of a finished arbiter match")
    if wdl is None:
        wdl = (wins["A"], games - wins["A"] - wins["B"], wins["B"])
    return a, b, wdl


def level_key(name):
    m = re.search(r"level=(\d+)", name)
    if name == "random":
        return (1, name)
    return (int(m.group(1)) if m else 99, name)


def solve(matrix, vector):
    """Gaussian elimination with partial pivoting (small dense systems)."""
    n = len(vector)
    m = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(players, results):
    """Newton's method on natural-log ratings; players[0] fixed at 0."""
    index = {p: i for i, p in enumerate(players)}
    pairs = []  # (i, j, points of i, games) with the virtual draw
    for (a, b), (w, d, l) in results.items():
        pairs.append((index[a], index[b], w + d / 2 + 0.5, w + d + l + 1))
    n = len(players)
    r = [0.0] * n
    for _ in range(100):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for i, j, s, g in pairs:
            p = 1 / (1 + math.exp(r[j] - r[i]))
            grad[i] += s - g * p
            grad[j] -= s - g * p
            h = g * p * (1 - p)
            hess[i][i] += h
            hess[j][j] += h
            hess[i][j] -= h
            hess[j][i] -= h
        free = list(range(1, n))
        step = solve([[hess[i][j] for j in free] for i in free], [grad[i] for i in free])
        for k, i in enumerate(free):
            r[i] += step[k]
        if max((abs(x) for x in step), default=0) < 1e-9:
            break
    # Covariance of the free ratings: the inverse of the information matrix.
    free = list(range(1, n))
    info = [[hess[i][j] for j in free] for i in free]
    var = [0.0] * n
    for k in range(len(free)):
        e = [1.0 if x == k else 0.0 for x in range(len(free))]
        var[free[k]] = solve(info, e)[k]
    scale = 400 / LN10
    return [x * scale for x in r], [1.96 * math.sqrt(max(v, 0)) * scale for v in var]


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: ladder_elo.py MATCH_OUTPUT ...")
    results = {}
    for path in sys.argv[1:]:
        a, b, (w, d, l) = parse(path)
        if (b, a) in results:  # the same pairing the other way round
            w0, d0, l0 = results[(b, a)]
            results[(b, a)] = (w0 + l, d0 + d, l0 + w)
        else:
            w0, d0, l0 = results.get((a, b), (0, 0, 0))
            results[(a, b)] = (w0 + w, d0 + d, l0 + l)
    players = sorted({p for ab in results for p in ab}, key=level_key)
    elo, margin = fit(players, results)
    points = {p: 0.0 for p in players}
    games = {p: 0 for p in players}
    for (a, b), (w, d, l) in results.items():
        points[a] += w + d / 2
        points[b] += l + d / 2
        games[a] += w + d + l
        games[b] += w + d + l
    width = max(len(p) for p in players)
    print("Bradley-Terry Elo (draw = half a point, one virtual draw per pairing, "
          f"{players[0]} = 0)")
    print(f"{'player':<{width}}  {'Elo':>6}  {'95%':>6}  {'score':>6}  games")
    for i, p in enumerate(players):
        m = "-" if i == 0 else f"{margin[i]:.0f}"
        share = 100 * points[p] / games[p] if games[p] else 0
        print(f"{p:<{width}}  {elo[i]:>6.0f}  {m:>6}  {share:>5.1f}%  {games[p]}")
    print()
    print("pairings (W/D/L of the first)")
    for (a, b), (w, d, l) in sorted(results.items(),
                                    key=lambda x: (level_key(x[0][1]), level_key(x[0][0]))):
        print(f"  {a} vs {b}: {w}/{d}/{l}")
    rising = all(elo[i] < elo[i + 1] for i in range(len(players) - 1))
    print()
    print("monotone:", "yes" if rising else "NO", "(each player above the one before)")


if __name__ == "__main__":
    main()
