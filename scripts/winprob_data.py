#!/usr/bin/python3
"""Self-play data for the win-probability fit (docs/analysis.md).

For each game and number of players: `arbiter match` plays seeded games between two
node-limited levels (so the games are the same on every machine), `arbiter analyse --nodes`
searches every position, and one CSV row per position keeps the mover's search score and the
mover's final result (1 win, 0.5 draw, 0 loss). Unfinished games are left out.

Usage: winprob_data.py ARBITER OUT_DIR   (writes OUT_DIR/<game>-<players>.csv)
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

# game, params, games, seed. Levels 5 and 6 search 2,000 and 8,000 nodes with some noise, so
# the games vary and are lost and won from every kind of position.
CONFIGS = [
    ("traverse", "players=2", 60, 11),
    ("traverse", "players=3", 30, 12),
    ("traverse", "players=4", 30, 13),
    ("travelers", "", 60, 14),
    ("trap", "", 60, 15),
]
ANALYSE_NODES = 2000


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    arbiter, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    for game, params, games, seed in CONFIGS:
        players = int(params.split("=")[1]) if params else 2
        with tempfile.TemporaryDirectory() as records:
            cmd = [arbiter, "match", game] + ([params] if params else [])
            cmd += ["--a", "level=5", "--b", "level=6", "--games", str(games), "--movetime", "60",
                    "--random-plies", "4", "--seed", str(seed), "--records", records, "--quiet"]
            run(cmd)
            path = os.path.join(out_dir, f"{game}-{players}.csv")
            with open(path, "w", newline="") as f:
                out = csv.writer(f)
                out.writerow(["game", "players", "record", "ply", "mover", "score", "result"])
                for name in sorted(os.listdir(records)):
                    review = json.loads(run([arbiter, "analyse", os.path.join(records, name),
                                             "--nodes", str(ANALYSE_NODES), "--threads", "2",
                                             "--json", "--quiet"]))
                    if review["result"] == "*":
                        continue
                    returns = review["returns"]
                    for m in review["moves"]:
                        r = returns[m["mover"]]
                        result = 1 if r > 0 else 0 if r < 0 else 0.5
                        out.writerow([game, players, name, m["ply"], m["mover"], m["score"],
                                      result])
            print(path, file=sys.stderr)


if __name__ == "__main__":
    main()
