#!/usr/bin/env bash
# Golden protocol transcripts: each NAME.in is fed to `arbiter engine`; its output, with the
# timing fields (`nps N`, `time N`) masked, must equal NAME.out. A search's progress reports
# (an info line without a pv) are left out: they come on a timer, so how many a search prints
# depends on the machine's speed. With --update, rewrites the .out files instead.
# Usage: run.sh ARBITER [--update]
set -u
arbiter=$1
update=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
passed=0
failed=0
for input in "$here"/*.in; do
  name=$(basename "$input" .in)
  actual=$(timeout 120 "$arbiter" engine < "$input" 2>&1 | sed -E '/^info depth /{/ pv /!d}; s/ nps [0-9]+/ nps N/; s/ time [0-9]+/ time N/')
  if [ "$update" = "--update" ]; then
    printf '%s\n' "$actual" > "$here/$name.out"
    continue
  fi
  if [ "$actual" == "$(cat "$here/$name.out")" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name"
    diff <(printf '%s\n' "$actual") "$here/$name.out" | head -20
  fi
done
echo "golden: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
