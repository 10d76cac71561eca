#!/usr/bin/env bash
# docs/protocol.md's example session works when piped as written: its `>` lines, fed to
# `arbiter engine` as they stand, give its `<` lines (`nps` and `time` masked, and a search's
# progress reports without a pv left out, as tests/golden/run.sh does), with no `error` line
# but the one the example shows.
# Usage: engine_doc_example.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
source_dir=$2
. "$(dirname "$0")/lib/checks.sh"

# The first fenced block of the section "An example session".
example=$(awk '/^## An example session/ {on = 1} on && /^```/ {n++; next} on && n == 1' \
  "$source_dir/docs/protocol.md")
mask() { sed -E '/^info depth /{/ pv /!d}; s/ nps [0-9]+/ nps N/; s/ time [0-9]+/ time N/'; }
input=$(printf '%s\n' "$example" | sed -n 's/^> //p')
expected=$(printf '%s\n' "$example" | sed -n 's/^< //p' | mask)
check "the example has a session" 1 "$([ -n "$input" ] && [ -n "$expected" ] && echo 1)"
contains "the example waits for its search" "go depth 3
wait" "$input"
actual=$(printf '%s\n' "$input" | timeout 60 "$arbiter" engine 2>&1 | mask)
check "the example's answers" "$expected" "$actual"
check "one error, the example's own" 1 "$(printf '%s\n' "$actual" | grep -c '^error ')"

finish engine_doc_example
