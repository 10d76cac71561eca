#!/usr/bin/env bash
# Browser tests of the web UI: tests/e2e/run.sh ARBITER_BINARY [TEST_FILE ...]
# Each test file starts its own `arbiter serve` (port 0, a fresh SQLite store under a scratch
# folder) and drives headless Chromium through playwright-core (a devDependency of web/).
# E2E_SHOTS=DIR saves screenshots; CHROMIUM=PATH picks the browser (default /usr/bin/chromium).
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: tests/e2e/run.sh ARBITER_BINARY [TEST_FILE ...]" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shift
[ -x "$bin" ] || { echo "run.sh: $bin is not an executable" >&2; exit 2; }

# The UI and the test dependencies (npm ci only when the lock file changed).
if [ ! -f "$root/web/node_modules/.installed" ] ||
   [ "$root/web/package-lock.json" -nt "$root/web/node_modules/.installed" ]; then
  (cd "$root/web" && npm ci --no-audit --no-fund && touch node_modules/.installed)
fi
[ -f "$root/web/dist/index.html" ] || (cd "$root/web" && npm run build)

tmp="$(mktemp -d)"
cleanup() {
  # Any server a failed test left behind runs from this binary with a store under $tmp.
  for pid in $(pgrep -f -- "--db $tmp/" || true); do kill -9 "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

export ARBITER="$bin" ARBITER_WEB="$root/web/dist" E2E_TMP="$tmp"
if [ $# -eq 0 ]; then
  set -- "$root"/tests/e2e/*.test.mjs
fi
# E2E_JOBS files at a time (default 1: each runs a server and a browser, and with two at once
# beside other work a clock test missed its low-time mark; alone, one file at a time keeps both
# cores busy already, and two at once took 528 s against 497), each given at most 5 minutes: Node
# holds a file as a whole to the limit as well as each of its tests, and the longest file takes
# under a minute alone, on a loaded machine a few. Older Node versions without these options run
# files one per spare core and without a limit.
opts=()
node --help | grep -q -- --test-concurrency && opts+=(--test-concurrency="${E2E_JOBS:-1}")
node --help | grep -q -- --test-timeout && opts+=(--test-timeout=300000)
node --test "${opts[@]}" "$@"
