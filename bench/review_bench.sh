#!/usr/bin/env bash
# The analysis board's speed (docs/analysis.md "Speed"): starts `arbiter serve` on a fresh
# database with reviews at 0.1 s per position on 2 threads, then for two recorded games (a
# 4-player Traverse game cut at 100 plies, and a 98-ply 2-player one) times the server's review
# and the first engine line after each of 40 position changes on the analysis socket
# (bench/review_bench.mjs).
#
#   bench/review_bench.sh [BUILD_DIR]       (default: build; needs the arbiter target and node)
#
# Targets: a review of a 100-ply game within 15 s, a first line within 300 ms. The exit status
# is 1 when one is missed.
set -euo pipefail

BUILD=${1:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ARBITER=$(cd "$BUILD" && pwd)/arbiter
[[ -x $ARBITER ]] || { echo "review_bench.sh: $ARBITER not built" >&2; exit 2; }
command -v node >/dev/null || { echo "review_bench.sh: node is needed" >&2; exit 2; }
# Node before 22 has its WebSocket behind a flag.
NODE=(node)
[[ $(node -e 'console.log(typeof WebSocket)') == function ]] || NODE=(node --experimental-websocket --no-warnings)

WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  [[ -n $SERVER_PID ]] && kill "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

"$ARBITER" serve --port 0 --db "$WORK/bench.db" --rate-limit 0 --create-limit 0 \
  --review-threads 2 --review-movetime 0.1 --analysis-slots 2 >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do
  grep -q 'serving http' "$WORK/server.log" && break
  sleep 0.1
done
PORT=$(grep -o 'localhost:[0-9]*' "$WORK/server.log" | cut -d: -f2)
[[ -n $PORT ]] || { cat "$WORK/server.log" >&2; exit 2; }
URL=http://127.0.0.1:$PORT

status=0
"${NODE[@]}" "$ROOT/bench/review_bench.mjs" "$URL" "$ARBITER" \
  "$ROOT/tests/cli/analyse/traverse4.txt" 100 40 || status=1
"${NODE[@]}" "$ROOT/bench/review_bench.mjs" "$URL" "$ARBITER" \
  "$ROOT/tests/cli/analyse/traverse.txt" 98 40 || status=1
exit $status
