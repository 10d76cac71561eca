#!/usr/bin/env bash
# `make test` after the Release build: the Release suite, the browser tests, the sanitizer suite
# and the fuzz targets. Every stage runs, whatever an earlier one gave, and the run fails when
# any did; the verdicts are listed at the end.
#
# The sanitizer tree builds while the Release suite and the browser tests run, at the lowest
# priority: the compiler takes what they leave and yields whenever they want the CPU. The browser
# tests spend most of their time waiting on the browser and the server (they use about 0.6 of a
# core of two), and the Release suite leaves gaps at its end. The sanitizer suite and the fuzz
# targets use every core and run alone.
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

# The sanitizer tree's build, beside the Release suite and the browser tests; its output is
# shown when it ends. Its own process group (setsid), so that a stop (Ctrl-C, a CI limit) takes
# all of it down.
stage "sanitizer configure" "$make" --no-print-directory san-configure
mkdir -p "$san"
build_log="$san/stages-build.log"
build_start=$SECONDS
setsid nice -n 19 "$make" --no-print-directory san-build >"$build_log" 2>&1 &
builder=$!
trap 'kill -- -$builder 2>/dev/null; exit 130' INT TERM

stage "Release suite" "$make" --no-print-directory test-release
stage "browser tests" "$make" --no-print-directory test-e2e

echo "=== sanitizer build (begun beside the Release suite)"
if wait $builder; then
  built=ok
else
  built=failed
fi
trap - INT TERM
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
