#!/usr/bin/env bash
# `arbiter play` over a pipe: typing a square that gives no move says why, in every game: the
# square is empty (`e5 is empty`), holds another player's piece (`that is black's piece`), or
# its piece has no legal move (`no legal moves from e1`); a square with moves still lists them,
# and so does the start of a move. `stop` with no AI thinking says so instead of being read as a
# move. Usage: play_squares.sh ARBITER SOURCE_DIR [quick|full]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"

# The answers to the typed lines, one per line: what follows each prompt.
answers() { printf '%s\n' "$1" | grep -o '^[a-z]*> .*' | sed 's/^[a-z]*> //'; }

# Traverse: an empty corner, an empty square, north's piece, a piece with moves, a part move.
out=$(answers "$(printf 'a1\nE5\nd10\nc1\nc1-b\nstop\nquit\n' | "$arbiter" play traverse)")
contains "traverse empty corner" "a1 is empty" "$out"
contains "traverse empty square (any case)" "e5 is empty" "$out"
contains "traverse another player's piece" "that is north's piece" "$out"
contains "traverse square with moves" "c1-b2 c1-d2" "$out"
contains "traverse start of a move" $'\nc1-b2\n' "$out"
lacks "traverse no 'name at least two squares'" "name at least two squares" "$out"
contains "stop with no AI thinking" "no AI is thinking" "$out"
lacks "stop is not a move" "'stop'" "$out"

# Four seats: each other seat's piece is named by its owner.
out=$(printf 'a2\nj2\nquit\n' | "$arbiter" play traverse players=4)
contains "traverse west's piece" "that is west's piece" "$out"
contains "traverse east's piece" "that is east's piece" "$out"

# A piece of the player to move with no legal move: no legal moves from it.
out=$(printf 'a1\nquit\n' | "$arbiter" play traverse --position '10/10/10/10/10/10/10/10/Ss9/Ss9 s 0')
contains "traverse blocked piece" "no legal moves from a1" "$out"

# The Travelers: the blocked Displacer, an empty square, black's piece, a piece with moves.
out=$(answers "$(printf 'e1\ne5\ne9\nd2\nstop\nquit\n' | "$arbiter" play travelers)")
contains "travelers blocked Displacer" "no legal moves from e1" "$out"
contains "travelers empty square" "e5 is empty" "$out"
contains "travelers black's piece" "that is black's piece" "$out"
contains "travelers square with moves" "d2-a5 d2-b4 d2-c1 d2-c3 d2-d3 d2-d4 d2-d5" "$out"
lacks "travelers no 'malformed move'" "malformed move" "$out"
contains "travelers stop" "no AI is thinking" "$out"

# Trap: an empty cell, blue's mover, a trapped mover.
out=$(answers "$(printf 'a1\nc5\nstop\nquit\n' | "$arbiter" play trap)")
contains "trap empty cell" "a1 is empty" "$out"
contains "trap blue's mover" "that is blue's piece" "$out"
contains "trap stop" "no AI is thinking" "$out"
out=$(printf 'a1\nquit\n' | "$arbiter" play trap size=3 --position 'a1*,c4,d3 b3,c2,d4 a1|a2,a1|b1,a1|b2 10 r 4')
contains "trap trapped mover" "a1 is trapped" "$out"

finish play_squares
