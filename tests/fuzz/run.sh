#!/usr/bin/env bash
# Runs every fuzz target for a bounded time from its checked-in corpus (tests/fuzz/corpus/NAME),
# into a scratch corpus so the repository is never modified. Usage: run.sh BUILD_DIR SECONDS
# FUZZ_JOBS targets run at a time (default 2: each is one process on one core).
set -euo pipefail
build=$1
secs=${2:-10}
jobs=${FUZZ_JOBS:-2}
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# One target: its verdict (the lines to print) into $scratch/NAME.verdict, "ok" or "failed"
# first.
fuzz_one() {
  local bin=$1 name
  name=$(basename "$bin")
  mkdir -p "$scratch/$name"
  local log="$scratch/$name.log" out="$scratch/$name.verdict"
  if ! "$bin" -max_total_time="$secs" -rss_limit_mb=2048 -max_len=4096 -print_final_stats=0 \
      -artifact_prefix="$scratch/$name-" "$scratch/$name" "$here/corpus/$name" >"$log" 2>&1; then
    { echo failed; echo "FAILED: $name"; tail -40 "$log"; } >"$out"
    return
  fi
  # libFuzzer's closing line is "#<execs>\tDONE   cov: ... exec/s: ..." (a tab, then spaces).
  local done_line
  done_line=$(grep -E "^#[0-9]+[[:space:]]+DONE" "$log" | tail -1 || true)
  if [ -z "$done_line" ]; then
    { echo failed; echo "FAILED: $name ran without reporting its executions"; tail -20 "$log"; } >"$out"
    return
  fi
  local execs rate
  execs=$(sed -E 's/^#([0-9]+).*/\1/' <<<"$done_line")
  rate=$(sed -nE 's/.*exec\/s: ([0-9]+).*/\1/p' <<<"$done_line")
  { echo ok; echo "  $execs executions, ${rate:-?} exec/s"; } >"$out"
}

targets=("$build"/tests/*_fuzz)
running=0
for bin in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true  # a target's verdict is in its file, whatever its shell's status
    running=$((running - 1))
  fi
  fuzz_one "$bin" &
  running=$((running + 1))
done
wait

status=0
passed=0
failed=0
for bin in "${targets[@]}"; do
  name=$(basename "$bin")
  echo "fuzzed $name for ${secs}s"
  verdict="$scratch/$name.verdict"
  if [ ! -f "$verdict" ]; then
    echo "FAILED: $name left no verdict"; status=1; failed=$((failed + 1)); continue
  fi
  tail -n +2 "$verdict"
  if [ "$(head -1 "$verdict")" = ok ]; then
    passed=$((passed + 1))
  else
    status=1; failed=$((failed + 1))
  fi
done
echo "fuzz: $passed passed, $failed failed"
exit $status
