#!/usr/bin/env bash
# A round-robin of AI levels with `arbiter match`, then an Elo table (scripts/ladder_elo.py).
#
#   scripts/ladder.sh GAME [key=value ...]
#
# Every pair of LEVELS plays GAMES games (the higher level as --a; `arbiter match` swaps the
# seats of each pair of games, or rotates them with 3–4 players) at MOVETIME seconds per move,
# one game at a time so that the timed levels get the time they are given. Each pairing's output
# goes to OUT/HIGH-vs-LOW.txt; the Elo table (level LOW of LEVELS anchored at 0) is printed and
# written to OUT/elo.txt.
#
# Environment (defaults in brackets): ARBITER [build/arbiter of this checkout], LEVELS ["1 3 5 7 10"],
# GAMES [20], MOVETIME [0.05], SEED [1], CONCURRENCY [1], OUT [ladder-GAME].
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: scripts/ladder.sh GAME [key=value ...]" >&2
  exit 2
fi
game=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
arbiter=${ARBITER:-$here/../build/arbiter}
levels=(${LEVELS:-1 3 5 7 10})
games=${GAMES:-20}
movetime=${MOVETIME:-0.05}
seed=${SEED:-1}
concurrency=${CONCURRENCY:-1}
out=${OUT:-ladder-$game}

if [ ! -x "$arbiter" ]; then
  echo "ladder: no arbiter binary at $arbiter (build it, or set ARBITER)" >&2
  exit 2
fi
mkdir -p "$out"
for ((i = 0; i < ${#levels[@]}; ++i)); do
  for ((j = i + 1; j < ${#levels[@]}; ++j)); do
    low=${levels[i]} high=${levels[j]}
    file="$out/$high-vs-$low.txt"
    cmd=("$arbiter" match "$game" "$@" --a "level=$high" --b "level=$low" --games "$games"
      --movetime "$movetime" --seed "$seed" --concurrency "$concurrency" --quiet)
    echo "# ${cmd[*]}" >"$file"
    start=$(date +%s)
    "${cmd[@]}" >>"$file"
    echo "# wall $(($(date +%s) - start)) s" >>"$file"
    grep -E "^W/D/L|win share" "$file" | sed "s/^/level $high vs $low: /" >&2
  done
done
python3 "$here/ladder_elo.py" "$out"/*-vs-*.txt | tee "$out/elo.txt"
