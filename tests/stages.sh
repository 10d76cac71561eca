#!/usr/bin/env bash
# `make test` after the Release build: the Release suite, the browser tests, the sanitizer suite
# and the fuzz targets. Every stage runs, whatever an earlier one gave, and the run fails when
# any did; the verdicts are listed at the end.
#
# The sanitizer tree builds while the browser tests run, at the lowest priority: those tests spend
# most of their time waiting on the browser and the server (alone they use about 0.6 of a core of
# two), so the compiler takes what they leave and yields whenever they want the CPU. The other
# stages use every core and run alone.
# Usage: tests/stages.sh (from the Makefile, which passes MAKE and its variables).
set -uo pipefail
cd "$(dirname "$0")/.."
make=${MAKE:-make}
san=${SAN:-build-san}

verdicts=()
status=0
stage() {  # stage NAME COMMAND...: runs it, notes its verdict
  local name=$1
  shift
  echo "=== $name"
  local start=$SECONDS
  if "$@"; then
    verdicts+=("ok      $name ($((SECONDS - start)) s)")
  else
    verdicts+=("FAILED  $name ($((SECONDS - start)) s)")
    status=1
  fi
}

stage "Release suite" "$make" --no-print-directory test-release

# The sanitizer tree's build, beside the browser tests; its output is shown when it ends. It
# stays in this session: with the scheduler's autogroups, a process in a session of its own
# (setsid) gets an equal share of the CPU whatever its nice value. A stop (Ctrl-C, a CI limit)
# reaches it through this script's process group.
stage "sanitizer configure" "$make" --no-print-directory san-configure
mkdir -p "$san"
build_log="$san/stages-build.log"
build_start=$SECONDS
nice -n 19 "$make" --no-print-directory san-build >"$build_log" 2>&1 &
builder=$!

stage "browser tests" "$make" --no-print-directory test-e2e

echo "=== sanitizer build (begun beside the browser tests)"
if wait $builder; then
  built=ok
else
  built=failed
fi
cat "$build_log"
if [ $built = ok ]; then
  verdicts+=("ok      sanitizer build ($((SECONDS - build_start)) s from its start)")
  stage "sanitizer suite" "$make" --no-print-directory test-sanitize
  stage "fuzz targets" "$make" --no-print-directory test-fuzz
else
  verdicts+=("FAILED  sanitizer build (so no sanitizer suite and no fuzzing)")
  status=1
fi

echo "=== make test"
printf '%s\n' "${verdicts[@]}"
exit $status
