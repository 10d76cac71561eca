#!/usr/bin/env bash
# A resigned game's record tells one truth: its Result tag, `show`'s result, and `show --json`'s
# result and returns all name the winner by the resignation (docs/records.md). A record written
# before the Result said so (`[Result "*"]` beside `[Resigned ...]`) reads as the resignation's
# result, and `load` + `save` writes it in the current form. A Resigned tag that names no player,
# or a Result that contradicts it, is an error naming the tag.
# Usage: record_resigned.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# White moves, black resigns: white wins.
printf 'd2-d3\nresign\ny\nsave %s\nquit\n' "$tmp/new.rec" | "$arbiter" play travelers >/dev/null
record=$(cat "$tmp/new.rec")
contains "Result tag names the winner" '[Result "black resigned: white wins"]' "$record"
contains "Resigned tag kept" '[Resigned "black"]' "$record"
contains "show: the result" "moves: 1, result: black resigned: white wins" \
  "$("$arbiter" show "$tmp/new.rec")"
# result, returns and the Result tag of show --json, as one line each.
json_fields() {
  "$arbiter" show --json "$1" | python3 -c '
import json, sys
game = json.load(sys.stdin)
print(game["result"]); print(game["returns"]); print(game["tags"]["Result"])'
}
check "show --json: result, returns, Result tag" "black resigned: white wins
[1.0, -1.0]
black resigned: white wins" "$(json_fields "$tmp/new.rec")"

# An older record: the Result stayed "*" beside the Resigned tag. It reads as the resignation's.
cat >"$tmp/old.rec" <<'REC'
[Game "travelers"]
[Params "max_plies=0"]
[Result "*"]
[Seat.white "human"]
[Seat.black "human"]
[Resigned "white"]

1. d2-d3 2. d8-d7
REC
check "old record: show --json" "white resigned: black wins
[-1.0, 1.0]
white resigned: black wins" "$(json_fields "$tmp/old.rec")"
contains "old record: show" "moves: 2, result: white resigned: black wins" \
  "$("$arbiter" show "$tmp/old.rec")"
out=$(printf 'load %s\nsave %s\nquit\n' "$tmp/old.rec" "$tmp/again.rec" | "$arbiter" play travelers)
contains "old record: load keeps the resignation" "game over: white resigned: black wins" "$out"
contains "old record: saved in the current form" '[Result "white resigned: black wins"]' \
  "$(cat "$tmp/again.rec")"

# Tags that do not agree are errors naming the tag.
sed 's/\[Resigned "white"\]/[Resigned "green"]/' "$tmp/old.rec" >"$tmp/green.rec"
bad "Resigned names no player" "Resigned tag names 'green', no player of this game (white, black)" \
  show "$tmp/green.rec"
sed 's/\[Result "\*"\]/[Result "black resigned: white wins"]/' "$tmp/old.rec" >"$tmp/wrong.rec"
bad "Result contradicts the resignation" \
  "Result tag says 'black resigned: white wins' but the resignation gives 'white resigned: black wins'" \
  show "$tmp/wrong.rec"

finish record_resigned
