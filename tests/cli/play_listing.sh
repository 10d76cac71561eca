#!/usr/bin/env bash
# `arbiter play` over a pipe: listings a person can read. Trap's thousands of turns are
# summarised per mover (one- and two-step destinations, how many turns pair a step with a wall
# or another mover, the two-wall count) with how to narrow; a square or the start of a turn (either
# part) narrows, and `moves all [PART]` still lists every one. The other games keep their plain
# lists while they fit a screenful, and past it are summarised per square.
# Usage: play_listing.sh ARBITER SOURCE_DIR [quick|full]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"

at_most() {  # at_most NAME MAX_LINES TEXT
  local n
  n=$(printf '%s\n' "$3" | wc -l)
  if [ "$n" -le "$2" ]; then passes=$((passes + 1)); else
    fails=$((fails + 1)); printf 'FAIL %s: %s lines, more than %s\n' "$1" "$n" "$2"; fi
}
# What `play` answers to one typed line: ARGS... are play's, the line comes from $typed.
answer() {
  printf '%s\nquit\n' "$typed" | "$arbiter" play "$@" |
    sed -n '/^type a move, or help$/,$p' | sed '1d; s/^[a-z]*> //'
}

# Trap at the start, 15,054 turns: `moves` is a summary of a few lines, per mover.
typed=moves out=$(answer trap)
at_most "trap moves fits a screen" 20 "$out"
contains "trap moves c3" "c3: steps to b2 b3 c2 c4 d3 d4; two steps to a1 a2 a3 b1 b2 b3 b4 c1 c2 c4 d2" "$out"
contains "trap moves c3 counts" "d3 d4 d5 e4 e5; with a wall: 936 turns; with another mover: 72 turns" "$out"
contains "trap moves e7" "e7: steps to d6 d7 e6 e8 f7 f8;" "$out"
contains "trap moves g5" "g5: steps to f4 f5 g4 g6 h5 h6;" "$out"
contains "trap moves two walls" "two walls: 12,090 turns" "$out"
contains "trap moves total" "15,054 turns; type a mover's cell, a step (c3-b2) or a wall (a1|a2) to narrow" "$out"

# A mover's cell: its line and its count (1,375 turns were listed before).
typed=c3 out=$(answer trap)
at_most "trap square fits a screen" 4 "$out"
contains "trap square line" "c3: steps to b2 b3 c2 c4 d3 d4; two steps to" "$out"
contains "trap square total" "1,024 turns move c3; type a step (c3-b2) to narrow" "$out"
lacks "trap square only that mover" "e7:" "$out"

# A step narrows to the turns it begins; more narrows further, to a plain list.
typed=c3-c4 out=$(answer trap)
at_most "trap step fits a screen" 20 "$out"
contains "trap step total" "170 turns begin c3-c4; type more to narrow, or moves all c3-c4" "$out"
typed=c3-c4,e7 out=$(answer trap)
at_most "trap step and more fits a screen" 20 "$out"
contains "trap step and more lists" "c3-c4,e7-d6 c3-c4,e7-d7 c3-c4,e7-e6 c3-c4,e7-e8" "$out"
contains "trap step and more lists walls" "c3-c4,e7|e8" "$out"
# Either part of a two-part turn narrows: e7-e8 finds c3-c4,e7-e8 too.
typed=e7-e8 out=$(answer trap)
contains "trap second part narrows" "171 turns begin e7-e8" "$out"
typed='moves all e7-e8' out=$(answer trap)
contains "trap second part listed" "c3-c4,e7-e8" "$out"
check "trap moves all PART" 171 "$(printf '%s\n' "$out" | wc -w)"

# The full list on request.
typed='moves all' out=$(answer trap)
check "trap moves all" 15054 "$(printf '%s\n' "$out" | wc -w)"
typed='moves all c3' out=$(answer trap)
check "trap moves all c3" 1024 "$(printf '%s\n' "$out" | wc -w)"

# No wall left in the pile: few turns, listed in full.
typed=moves out=$(answer trap size=3 walls=10 --position 'a1,c4,d3 b3,c2,d4 - 0 r 4')
contains "trap short list" "a1-a2,c4-b4 a1-a2,c4-c3" "$out"
check "trap short list count" 57 "$(printf '%s\n' "$out" | wc -w)"

# The Travelers at the start: the plain list, as before.
typed=moves out=$(answer travelers)
contains "travelers moves plain" "a2-a1 a2-a3 a2-a4 a2-a5 a2-b1 a2-b3 a2-c4 a2-d5 b2-a1 b2-a3 b2-b1 b2-b3 b2-b4" "$out"
check "travelers moves count" 91 "$(printf '%s\n' "$out" | wc -w)"
# Past a screenful (222 moves): a line per piece with the squares it reaches.
pos='3tT4/a1r2a3/4d1ar1/8w/2W3t1B/w3A1b2/1D7/ARAA2R2/T2a3W1 w - 42 22'
typed=moves out=$(answer travelers --position "$pos")
at_most "travelers long list fits a screen" 20 "$out"
contains "travelers per square" "c2: to b1 c1 c3 c4 d3 xd1" "$out"
contains "travelers per square count" "b3: to a3 b4 b5 b6 b7 b8 b9 c3 c4 d3 d5 e3 e6 f3 f7 g3 g8 h3 h9 i3 (134 moves)" "$out"
contains "travelers long list total" "222 moves; type a square or more of a move to narrow" "$out"
typed='moves all' out=$(answer travelers --position "$pos")
check "travelers moves all" 222 "$(printf '%s\n' "$out" | wc -w)"

# Traverse at the start: the plain list.
typed=moves out=$(answer traverse)
check "traverse moves plain" "b1-b2 c1-b2 c1-d2 d1-c2 d1-e2 e1-d2 e1-e2 e1-f2 f1-e2 f1-f2 f1-g2 g1-f2 g1-h2
h1-g2 h1-i2 i1-i2" "$out"

finish play_listing
