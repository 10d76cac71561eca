#!/usr/bin/env bash
# `arbiter play` over a pipe: how a game ends and how a session is left. `resign` asks first; a
# resignation, like an end by the rules, keeps the prompt (save, board, position and undo where
# allowed work; moves are refused: the game is over), and a saved resignation shows in `show`.
# Leaving (quit, end of input) with moves nobody saved says in one line that the game was not
# saved and how to keep it; with nothing to lose it says nothing.
# Usage: play_end.sh ARBITER SOURCE_DIR [quick|full]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

not_saved="the game was not saved (1 move); to keep a game, type save FILE before quit"

# resign asks; no keeps the game going.
out=$(printf 'resign\nn\nc1-b2\nquit\n' | "$arbiter" play traverse)
contains "resign asks" "south> resign? (y/n) not resigned" "$out"
contains "resign no plays on" "south played c1-b2" "$out"

# resign, yes: the game is over and the prompt stays.
out=$(printf 'c1-b2\nresign\ny\nd10-e9\nundo\nposition\nboard\nsave %s\nquit\n' "$tmp/resigned.rec" |
  "$arbiter" play traverse)
contains "resign says who" "north resigns
game over: north resigned: south wins" "$out"
contains "resigned: moves refused" "> the game is over: north resigned: south wins" "$out"
contains "resigned: undo refused" "the game is over: north resigned: south wins; a resignation stands" "$out"
contains "resigned: position works" "> 1SnDnTnCnCnTnDnSn1/10/10/10/10/10/10/10/1Ds8/1Ss1TsCsCsTsDsSs1 n 1" "$out"
contains "resigned: board says it is over" "last move: south c1-b2
game over: north resigned: south wins" "$out"
lacks "resigned: nobody to move" "north to move
last move: south c1-b2
game over" "$out"
contains "resigned: save works" "> saved $tmp/resigned.rec" "$out"
lacks "resigned and saved: quit says nothing" "not saved" "$out"
contains "record keeps the resignation" '[Resigned "north"]' "$(cat "$tmp/resigned.rec")"
contains "show tells the resignation" "moves: 1, result: north resigned: south wins" \
  "$("$arbiter" show "$tmp/resigned.rec")"
# Loading it gives the ended game back.
out=$(printf 'load %s\nc1-d2\nquit\n' "$tmp/resigned.rec" | "$arbiter" play traverse)
contains "load keeps the resignation" "the game is over: north resigned: south wins" "$out"

# An end by the rules: the prompt stays, moves are refused, undo takes the last move back.
out=$(printf 'a1|a2,a1|b2\nb3-b4\nmoves\nhint\nundo\na1|a2,a1|b2\nquit\n' |
  "$arbiter" play trap size=3 --position 'c4,d3,e5 a1,b3*,c2* a1|b1 10 r 4')
contains "rules end: game over" "game over: red wins: all blue movers trapped
> the game is over: red wins: all blue movers trapped" "$out"
contains "rules end: moves refused" "> the game is over: red wins: all blue movers trapped
> the game is over: red wins: all blue movers trapped
> took back 1 move" "$out"
contains "rules end: undo plays on" "red> red played a1|a2,a1|b2" "$out"
contains "rules end: unsaved on quit" "> $not_saved" "$out"

# Leaving with unsaved moves: quit, or the input ending, says so in one line.
out=$(printf 'c1-b2\nquit\n' | "$arbiter" play traverse)
contains "quit unsaved" "north> $not_saved" "$out"
out=$(printf 'c1-b2\n' | "$arbiter" play traverse)
contains "end of input unsaved" "north> $not_saved" "$out"
check "said once" 1 "$(printf '%s\n' "$out" | grep -c "not saved")"
# Nothing to lose: no moves, every move taken back, or saved since.
lacks "no moves: nothing said" "not saved" "$(printf 'quit\n' | "$arbiter" play traverse)"
lacks "taken back: nothing said" "not saved" "$(printf 'c1-b2\nundo\n' | "$arbiter" play traverse)"
lacks "saved: nothing said" "not saved" \
  "$(printf 'c1-b2\nsave %s\nquit\n' "$tmp/saved.rec" | "$arbiter" play traverse)"
contains "moved after saving" "the game was not saved (2 moves)" \
  "$(printf 'c1-b2\nsave %s\nd10-e9\n' "$tmp/saved.rec" | "$arbiter" play traverse)"
# load over unsaved moves says so too.
contains "load over unsaved" "the game was not saved (1 move, replaced by $tmp/saved.rec)" \
  "$(printf 'd1-e2\nload %s\nquit\n' "$tmp/saved.rec" | "$arbiter" play traverse)"

finish play_end
