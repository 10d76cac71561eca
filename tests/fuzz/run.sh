#!/usr/bin/env bash
# Runs every fuzz target for a bounded time from its checked-in corpus (tests/fuzz/corpus/NAME),
# into a scratch corpus so the repository is never modified. Usage: run.sh BUILD_DIR SECONDS
set -euo pipefail
build=$1
secs=${2:-10}
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
passed=0
failed=0
for bin in "$build"/tests/*_fuzz; do
  name=$(basename "$bin")
  mkdir -p "$scratch/$name"
  echo "fuzzing $name for ${secs}s"
  if ! "$bin" -max_total_time="$secs" -rss_limit_mb=2048 -max_len=4096 -print_final_stats=0 \
      -artifact_prefix="$scratch/" "$scratch/$name" "$here/corpus/$name" >"$scratch/$name.log" 2>&1; then
    echo "FAILED: $name"; tail -40 "$scratch/$name.log"; status=1; failed=$((failed + 1))
  else
    # libFuzzer's closing line is "#<execs>\tDONE   cov: ... exec/s: ..." (a tab, then spaces).
    done_line=$(grep -E "^#[0-9]+[[:space:]]+DONE" "$scratch/$name.log" | tail -1 || true)
    if [ -z "$done_line" ]; then
      echo "FAILED: $name ran without reporting its executions"; tail -20 "$scratch/$name.log"
      status=1; failed=$((failed + 1)); continue
    fi
    execs=$(sed -E 's/^#([0-9]+).*/\1/' <<<"$done_line")
    rate=$(sed -nE 's/.*exec\/s: ([0-9]+).*/\1/p' <<<"$done_line")
    echo "  $execs executions, ${rate:-?} exec/s"
    passed=$((passed + 1))
  fi
done
echo "fuzz: $passed passed, $failed failed"
exit $status
