#!/usr/bin/env bash
# One look everywhere: `arbiter show RECORD --at N` (and `--all`) draws a position with the
# very drawer `arbiter play` uses, so the board, legend, summary, whose turn and last-move lines
# are the same text as the board `play` printed for that position, in every game, the start
# (N = 0), the middle and a finished game included. Usage: play_show_same.sh ARBITER SOURCE_DIR
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The board play printed after its Nth "played" line (N = 0: the first board), up to the prompt.
play_board() {  # play_board N FILE
  awk -v n="$1" '
    / played / { k++; if (k == n) { on = 1; next } }
    n == 0 && NR == 1 { on = 1 }
    on && (/^[a-z]*> / || /^type a move, or help$/) { exit }
    on { print }' "$2"
}
# The board show prints after its header lines.
show_board() {  # show_board RECORD N
  "$arbiter" show "$1" --at "$2" | sed '1,3d'
}
# Plays MOVES (one per line) in GAME ARGS, saves, then compares each position's board.
same() {  # same NAME MOVES PLAY_ARGS...
  local name=$1 moves=$2
  shift 2
  printf '%s\nsave %s\nquit\n' "$moves" "$tmp/$name.rec" | "$arbiter" play "$@" >"$tmp/$name.out"
  local n total
  total=$(printf '%s\n' "$moves" | wc -l)
  for ((n = 0; n <= total; n++)); do
    check "$name after $n moves" "$(play_board "$n" "$tmp/$name.out")" "$(show_board "$tmp/$name.rec" "$n")"
  done
  # --all draws every position the same way too: the last one here.
  check "$name --all" "$(play_board "$total" "$tmp/$name.out")" \
    "$("$arbiter" show "$tmp/$name.rec" --all | awk -v t="$total" '$0 ~ "^" t "\\. " { on = 1; next } on')"
}

same traverse $'c1-b2\nd10-e9\nb2-b3' traverse
same traverse4 $'c1-b2\na2-b3' traverse players=4
same travelers $'d2-d5\nd8-d6' travelers
same trap $'c3-c4,f5|f6\nc5-c6-d6\nd5|d6,e5|e6' trap
# A finished game, from a position: the "game over" line too.
same finished $'a1|a2,a1|b2' trap size=3 --position 'c4,d3,e5 a1,b3*,c2* a1|b1 10 r 4'
check "finished says so" "game over: red wins: all blue movers trapped" \
  "$(show_board "$tmp/finished.rec" 1 | tail -1)"
# The start board of play, against the board show used to draw with its own look.
check "show has play's legend" "S square D diamond T triangle C circle, then the seat s w n e; : start/goal rows" \
  "$(show_board "$tmp/traverse.rec" 0 | sed -n 13p)"

finish play_show_same
