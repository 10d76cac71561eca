#!/usr/bin/env bash
# `arbiter play` over a pipe, one session per game: the board drawn with coordinates and the last
# move marked in brackets (Trap walls just placed as #), each player's summary (pieces home,
# movers trapped), whose turn, and `flip`, which turns the board round until flipped back. A pipe
# gets no escape codes. Usage: play.sh ARBITER SOURCE_DIR
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"

# The board drawn after the Nth "played" line (the one that move produced).
board_after() {  # board_after N TEXT
  printf '%s\n' "$2" | awk -v n="$1" '/ played /{k++} k==n' | sed -n '2,13p'
}

# Traverse, two players: the start board, then c1-b2 marked on both squares.
out=$(printf 'help\nc1-b2\nflip\nd10-e9\nflip\nquit\n' | "$arbiter" play traverse)
start='     a   b   c   d   e   f   g   h   i   j
 10  .   Sn  Dn  Tn  Cn  Cn  Tn  Dn  Sn  .   10
  9  .   .   .   .   .   .   .   .   .   .   9'
check "traverse start board" "$start" "$(printf '%s\n' "$out" | head -3)"
contains "traverse status" "south: 0 of 8 home   north: 0 of 8 home
south to move" "$out"
contains "help lists flip" "flip         turn the board round" "$out"
contains "traverse marks the piece moved" "  2  .  [Ds] .   .   .   .   .   .   .   .   2" "$out"
contains "traverse marks the square left" "  1  .   Ss [: ] Ts  Cs  Cs  Ts  Ds  Ss  .   1" "$out"
contains "traverse legend" "[ ] last move" "$out"
contains "traverse last move line" "last move: south c1-b2" "$out"
# Flipped: rank 1 on top, files j to a; the next board (after north's move) stays flipped.
flipped=$(printf '%s\n' "$out" | awk '/board turned round/{f=1; next} f' | head -3)
check "traverse flip" "     j   i   h   g   f   e   d   c   b   a
  1  .   Ss  Ds  Ts  Cs  Cs  Ts [: ] Ss  .   1
  2  .   .   .   .   .   .   .   .  [Ds] .   2" "$flipped"
check "traverse flip kept" "     j   i   h   g   f   e   d   c   b   a" "$(board_after 2 "$out" | head -1)"
contains "traverse flipped mark" "  9  .   .   .   .   .  [Tn] .   .   .   .   9" "$out"
contains "traverse flip back" "board the right way up
     a   b   c" "$out"
lacks "pipe has no escape codes" $'\x1b' "$out"

# Four players: every seat's summary, and the seat to move.
out=$(printf 'c1-b2\nquit\n' | "$arbiter" play traverse players=4)
contains "4 players status" "south: 0 of 8 home   west: 0 of 8 home   north: 0 of 8 home   east: 0 of 8 home
west to move" "$out"
contains "4 players board" "  2  Sw [Ds] .   .   .   .   .   .   .   Se  2" "$out"

# A piece home: the summary counts it.
out=$(printf 'e9-e10\nquit\n' | "$arbiter" play traverse --position '10/4Ss5/10/10/10/10/10/10/10/5Sn4 s 7')
contains "traverse home count" "south: 1 of 1 home   north: 1 of 1 home" "$out"
contains "traverse home marked" " 10  .   :   :   :  [Ss] :   :   :   :   .   10" "$out"

# The Travelers: a move marked on both squares, the Travelers home, flip.
out=$(printf 'd2-d5\nflip\nquit\n' | "$arbiter" play travelers)
contains "travelers marks" "  5  .  .  . [A] .  .  .  .  .  5" "$out"
contains "travelers marks the square left" "  2  A  R  W [.] B  A  R  W  A  2" "$out"
contains "travelers status" "white: 0 of 2 Travelers home   black: 0 of 2 Travelers home
black to move" "$out"
contains "travelers flip" "     i  h  g  f  e  d  c  b  a
  1  .  .  .  T  D  T  .  .  .  1" "$out"
lacks "travelers pipe has no escape codes" $'\x1b' "$out"

# Trap: a step and a wall (the wall shown as #), then two walls; movers trapped per side; flip.
out=$(printf 'c3-c4,f5|f6\nc5-c6-d6\nd5|d6,e5|e6\nflip\nquit\n' | "$arbiter" play trap)
contains "trap start" "g       .   .   R   .   B   .   .       g3-g9" "$out"
contains "trap marks a step" "c       .   .  [.] [R]  B   .   .       c1-c7" "$out"
contains "trap marks a new wall" "f     .   .   .   . # .   .   .   .     f2-f9" "$out"
contains "trap keeps an old wall" "f     .   .   .   . | .   .   .   .     f2-f9" "$out"
contains "trap legend" "# walls just placed" "$out"
contains "trap status" "red: 0 of 3 movers trapped   blue: 0 of 3 movers trapped
blue to move, 59 walls left" "$out"
contains "trap flip" "a           .   .   .   .   .           a5-a1" "$out"
contains "trap flipped walls" "d     .   .   B # .   .   .   .   .     d8-d1" "$out"
lacks "trap pipe has no escape codes" $'\x1b' "$out"

# A trapped mover (blue's, walled in by red): drawn lower case, counted in the summary.
out=$(printf 'a1|a2,a1|b2\nquit\n' | "$arbiter" play trap size=3 --position 'b3,c4,d3 a1,c2,d4 a1|b1 10 r 4')
contains "trap trapped count" "red: 0 of 3 movers trapped   blue: 1 of 3 movers trapped" "$out"
contains "trap trapped mover" "       / #
a       b # .   .       a1-a3" "$out"

finish play
