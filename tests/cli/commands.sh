#!/usr/bin/env bash
# CLI sessions as a user types them: moves, perft, show, bench, play over a pipe, and bad input
# (exit 2 with one line naming the fault). Usage: commands.sh ARBITER SOURCE_DIR
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
mode=${3:-full}  # quick: skip the full bench suite (sanitizer builds)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check "moves count" 16 "$("$arbiter" moves traverse | wc -l)"
check "moves sorted" "$("$arbiter" moves traverse | LC_ALL=C sort)" "$("$arbiter" moves traverse)"
check "moves after" "b1-b3" "$("$arbiter" moves traverse --moves 'c1-b2 c10-d9' | head -1)"
check "perft" "depth 1 time 0 ms nodes 16
depth 2 time 0 ms nodes 256
depth 3 time 0 ms nodes 4800" "$("$arbiter" perft traverse --depth 3 | sed 's/time [0-9]* ms/time 0 ms/')"
check "perft 4p expert" "260" "$("$arbiter" perft traverse players=4 rules=expert -d 2 | tail -1 | awk '{print $NF}')"
check "divide total" "total 256" "$("$arbiter" perft traverse --depth 2 --divide | tail -1)"
check "perft position" "16" "$("$arbiter" perft traverse --position '1SnDnTnCnCnTnDnSn1/10/10/10/10/10/10/10/10/1SsDsTsCsCsTsDsSs1 n 1' -d 1 | awk '{print $NF}')"

bad "unknown game" "unknown game 'chess'" moves chess
bad "bad param" "players: 5 is out of range" moves traverse players=5
bad "unknown param" "unknown parameter 'colour'" moves traverse colour=red
bad "bad position" "expected 10 rows" moves traverse --position "10/10 s 0"
bad "bad move" "move 2 'c1-c3'" moves traverse --moves "c1-b2 c1-c3"
bad "no depth" "depth" perft traverse
bad "no command" "" 
bad "missing record" "cannot read" show "$tmp/none.txt"

# A hot-seat game over a pipe, saved as a record, replayed by show.
out=$(printf 'c1\nc1-b2\nzz-top\nd10-c9\nundo\nd10-e9\nsave %s\nquit\n' "$tmp/game.txt" | "$arbiter" play traverse)
contains "play lists a square's moves" "c1-b2 c1-d2" "$out"
contains "play reports a bad move" "'zz' is not a square" "$out"
contains "play saves" "saved $tmp/game.txt" "$out"
record=$(cat "$tmp/game.txt")
contains "record moves" "1. c1-b2 2. d10-e9" "$record"
show=$("$arbiter" show "$tmp/game.txt")
contains "show replays" "moves: 2, result: unfinished" "$show"
check "show --at" "1SnDnTnCnCnTnDnSn1/10/10/10/10/10/10/10/1Ds8/1Ss1TsCsCsTsDsSs1 n 1" \
  "$("$arbiter" show "$tmp/game.txt" --at 1 --position)"
json=$("$arbiter" show "$tmp/game.txt" --json)
contains "show --json move" '"move": "d10-e9"' "$json"
contains "show --json position" '"position": "1SnDnTnCnCnTnDnSn1/10/10/10/10/10/10/10/1Ds8/1Ss1TsCsCsTsDsSs1 n 1"' "$json"
contains "show --all" "2. north d10-e9" "$("$arbiter" show "$tmp/game.txt" --all)"
sed 's/2\. d10-e9/2. d10-d8/' "$tmp/game.txt" > "$tmp/bad.txt"
bad "show bad move" "move 2 'd10-d8'" show "$tmp/bad.txt"
sed 's/\[Game "traverse"\]/[Game "go"]/' "$tmp/game.txt" > "$tmp/badgame.txt"
bad "show bad game" "unknown game 'go'" show "$tmp/badgame.txt"

# Against the AI over a pipe: the AI answers, undo goes back to the person's turn, save keeps seats.
out=$(printf 'c1-b2\nundo\nposition\nd1-e2\nsave %s\nquit\n' "$tmp/ai.txt" | "$arbiter" play traverse --seat north=ai:2 --movetime 0.05)
contains "play vs ai answers" "north played" "$out"
contains "play vs ai undo" "took back 2 moves" "$out"
contains "play vs ai undo position" "1SnDnTnCnCnTnDnSn1/10/10/10/10/10/10/10/10/1SsDsTsCsCsTsDsSs1 s 0" "$out"
contains "play vs ai seats" '[Seat.north "ai:2"]' "$(cat "$tmp/ai.txt")"
check "play vs ai record" 0 "$("$arbiter" show "$tmp/ai.txt" >/dev/null; echo $?)"
bad "play bad seat" "unknown seat 'east'; seats are south, north" play traverse --seat east=ai:3

# A short engine match: the summary on stdout, every game as a record; a node budget under the
# default move time earns a one-line note on stderr, none once --movetime is given.
out=$("$arbiter" match traverse --a level=3,nodes=300 --b random --games 2 --quiet --seed 5 \
  --records "$tmp/match" 2>"$tmp/match.err")
contains "match header" "traverse: A (level=3,nodes=300) vs B (random), 2 games" "$out"
contains "match result" "W/D/L 2/0/0" "$out"
check "match records" 2 "$(ls "$tmp/match" | wc -l)"
check "match record valid" 0 "$("$arbiter" show "$(ls -d "$tmp"/match/* | head -1)" >/dev/null; echo $?)"
contains "match budget note" "match: note: --a level=3,nodes=300 also stops at the default move time" \
  "$(cat "$tmp/match.err")"
check "match budget note once" 1 "$(wc -l < "$tmp/match.err")"
"$arbiter" match traverse --a depth=1 --b random --games 2 --quiet --movetime 1 >/dev/null 2>"$tmp/match.err"
check "match no note with --movetime" "" "$(cat "$tmp/match.err")"
bad "match bad spec" "--a: player spec" match traverse --a level=11 --games 2

if [ "$mode" = full ]; then
  bench=$("$arbiter" bench traverse --quiet)
  contains "bench totals" "traverse: nodes " "$bench"
  contains "bench signature" "signature 1fe9bffa22d50b43" "$bench"
  # The hand-over of a long game to a search, beside rebuilding it from text.
  contains "bench search start" "trap: search start after 300 plies: set_position " \
    "$("$arbiter" bench trap)"
fi
bad "bench unknown game" "unknown game 'go'" bench go

finish cli
