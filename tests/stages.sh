#!/usr/bin/env bash
# `make test` after the Release build: the Release suite, the browser tests, then the sanitizer
# tree (one build for the sanitizer suite and the fuzz targets), its suite and the fuzz targets.
# Every stage runs, whatever an earlier one gave, and the run fails when any did; the verdicts,
# with each stage's time, are listed at the end.
#
# The stages run one after another. Building the sanitizer tree at the lowest priority beside
# the browser tests (which alone use about 0.6 of a core of two) was tried: the browser tests
# took 714 s instead of 520, and the build was half done when they ended, so the whole was about
# a minute shorter, with a loaded browser for every test.
# Usage: tests/stages.sh (from the Makefile, which passes MAKE and its variables).
set -uo pipefail
cd "$(dirname "$0")/.."
make=${MAKE:-make}
san=${SAN:-build-san}

verdicts=()
status=0
stage() {  # stage NAME COMMAND...: runs it, notes its verdict, returns its status
  local name=$1
  shift
  echo "=== $name"
  local start=$SECONDS
  if "$@"; then
    verdicts+=("ok      $name ($((SECONDS - start)) s)")
  else
    verdicts+=("FAILED  $name ($((SECONDS - start)) s)")
    status=1
    return 1
  fi
}

stage "Release suite" "$make" --no-print-directory test-release || true
stage "browser tests" "$make" --no-print-directory test-e2e || true
if stage "sanitizer build" "$make" --no-print-directory san-build; then
  stage "sanitizer suite" "$make" --no-print-directory test-sanitize || true
  stage "fuzz targets" "$make" --no-print-directory test-fuzz || true
else
  verdicts+=("skipped sanitizer suite and fuzz targets (no sanitizer tree)")
fi

echo "=== make test"
printf '%s\n' "${verdicts[@]}"
exit $status
