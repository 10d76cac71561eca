#!/usr/bin/env bash
# The WebSocket load benchmark: starts `arbiter serve` on a fresh database, runs ws_load against
# it (N clients playing random games), then kills the server with SIGKILL and checks with sqlite3
# that every accepted move is in the database.
#
#   bench/ws_load.sh [BUILD_DIR]          (default: build; needs the arbiter and ws_load targets)
#
# Settings from the environment: CLIENTS (32), SECONDS_RUN (20), GAME (traverse), PARAMS (""),
# PORT (a free one), POOL (= CLIENTS). The target is >= 2000 moves/s with p99 < 50 ms; the exit
# status is 1 when a target is missed or an accepted move is missing from the database.
set -euo pipefail

BUILD=${1:-build}
CLIENTS=${CLIENTS:-32}
SECONDS_RUN=${SECONDS_RUN:-20}
GAME=${GAME:-traverse}
PARAMS=${PARAMS:-}
POOL=${POOL:-$CLIENTS}
BENCH_NAME=ws_load.sh
source "$(dirname "$0")/lib.sh"
PORT=${PORT:-$(bench_free_port)}

for tool in "$BUILD/arbiter" "$BUILD/ws_load"; do
  [[ -x $tool ]] || { echo "ws_load.sh: $tool not built (cmake --build $BUILD --target arbiter ws_load)" >&2; exit 2; }
done
command -v sqlite3 >/dev/null || { echo "ws_load.sh: sqlite3 (the command-line shell) is needed" >&2; exit 2; }

WORK=$(mktemp -d)
cleanup() {
  bench_stop_servers
  rm -rf "$WORK"
}
trap cleanup EXIT

bench_start_server "$WORK/server.log" "$PORT" "$BUILD/arbiter" serve --port "$PORT" \
  --db "sqlite:$WORK/bench.db" --rate-limit 0 --create-limit 0 --max-connections-per-address 0

LOAD=("$BUILD/ws_load" --host 127.0.0.1 --port "$PORT" --clients "$CLIENTS" --seconds "$SECONDS_RUN"
      --game "$GAME" --pool "$POOL")
[[ -n $PARAMS ]] && LOAD+=(--params "$PARAMS")
echo "client: ${LOAD[*]}"
"${LOAD[@]}" | tee "$WORK/load.txt"

# Durability as the API promises it: SIGKILL, then every accepted move must be on disk.
bench_stop_servers
field() { bench_field "$WORK/load.txt" "$1"; }
accepted=$(field accepted)
stored=$(sqlite3 "$WORK/bench.db" 'SELECT COUNT(*) FROM moves')
games=$(sqlite3 "$WORK/bench.db" 'SELECT COUNT(*) FROM games')
echo "after kill -9: $stored moves in $games games stored, $accepted accepted"

bench_check "moves persisted ($stored >= $accepted)" "$(( stored >= accepted ))"
bench_check "throughput $(field moves_per_s) moves/s >= 2000" "$(awk -v x="$(field moves_per_s)" 'BEGIN { print (x >= 2000) }')"
bench_check "p99 latency $(field p99_ms) ms < 50" "$(awk -v x="$(field p99_ms)" 'BEGIN { print (x < 50) }')"
exit $status
