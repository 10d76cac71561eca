#!/usr/bin/env bash
# `arbiter analyse` (docs/analysis.md): with a node limit, the review of a fixed record is a fixed
# annotated record, whatever the number of threads (tests/cli/analyse/GAME.txt -> GAME.expected,
# one per game, 4-player Traverse included); `show` reads its comments back; --json; bad input.
# Usage: analyse.sh ARBITER SOURCE_DIR [quick|full]
set -u
arbiter=$1
source_dir=$2
mode=${3:-full}
# quick (sanitizer builds): each review on two threads only; that one thread gives the same
# review is the Release build's check.
threads_list="1 2"
[ "$mode" = quick ] && threads_list=2
. "$(dirname "$0")/lib/checks.sh"
here="$source_dir/tests/cli/analyse"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for game in traverse traverse4 travelers trap; do
  for threads in $threads_list; do
    check "$game review, $threads thread(s)" "$(cat "$here/$game.expected")" \
      "$("$arbiter" analyse "$here/$game.txt" --nodes 1000 --threads "$threads" 2>&1)"
  done
done

# The annotated record is a record: show replays it and lists its comments.
"$arbiter" analyse "$here/travelers.txt" --nodes 1000 --threads 1 >"$tmp/annotated.txt"
shown=$("$arbiter" show "$tmp/annotated.txt")
contains "show lists the comments" "comments:" "$shown"
contains "show names the review" "{arbiter analyse level=10 nodes=1000;" "$shown"
contains "show a move's comment" "1. white h2-f4  {" "$shown"
contains "show --at gives that move's comment" "after move 1:  {" \
  "$("$arbiter" show "$tmp/annotated.txt" --at 1)"
contains "show --json carries comments" '"comment": "' "$("$arbiter" show "$tmp/annotated.txt" --json)"

json=$("$arbiter" analyse "$here/trap.txt" --nodes 500 --threads 2 --json)
contains "json verdicts" '"verdict": "' "$json"
contains "json lines" '"lines": [' "$json"
contains "json result" '"result": "blue wins: all red movers trapped"' "$json"
contains "multipv settings" '"settings": "level=10 nodes=500 multipv=2"' \
  "$("$arbiter" analyse "$here/trap.txt" --nodes 500 --multipv 2 --json)"

bad "missing record" "cannot read $tmp/none.txt" analyse "$tmp/none.txt" --nodes 100
bad "zero nodes" "--nodes: must be a whole number from 1" analyse "$here/trap.txt" --nodes 0
printf '[Game "trap"]\n\n1. nonsense\n' >"$tmp/bad.txt"
bad "bad record" "bad.txt: move 1 'nonsense'" analyse "$tmp/bad.txt" --nodes 100
bad "random player" "a review needs a searching player" analyse "$here/trap.txt" --player random

finish analyse
