#!/usr/bin/env bash
# Engine protocol `stop` (docs/protocol.md): `stop` returns once the search has ended and its
# `bestmove` is written, so the command after it finds no search running. The session of a GUI
# that sends `stop` and at once a new position, 20 times (a race shows up in some runs only):
# the bestmove comes before the `moves` answer and no `error` line appears.
# Usage: engine_stop.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"

session='newgame traverse\ngo infinite\nstop\nposition startpos moves c1-b2\nmoves\nquit\n'
for run in $(seq 20); do
  # Every answer but the search's `info` lines, each cut to its first word.
  out=$(printf "$session" | timeout 60 "$arbiter" engine | grep -v '^info ' | cut -d' ' -f1)
  check "stop then command, run $run" "bestmove
moves" "$out"
done

# `quit` during a search stops it; its bestmove is the last line.
out=$(printf 'newgame travelers\ngo infinite\nquit\n' | timeout 60 "$arbiter" engine | tail -1)
check "quit during a search" "bestmove" "${out%% *}"
# The end of input during a search lets it finish by its own limits and report.
out=$(printf 'newgame trap\ngo depth 2\n' | timeout 60 "$arbiter" engine | tail -1)
check "end of input during a search" "bestmove" "${out%% *}"

finish engine_stop
