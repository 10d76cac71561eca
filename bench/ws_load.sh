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
PORT=${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}

for tool in "$BUILD/arbiter" "$BUILD/ws_load"; do
  [[ -x $tool ]] || { echo "ws_load.sh: $tool not built (cmake --build $BUILD --target arbiter ws_load)" >&2; exit 2; }
done
command -v sqlite3 >/dev/null || { echo "ws_load.sh: sqlite3 (the command-line shell) is needed" >&2; exit 2; }

WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  [[ -n $SERVER_PID ]] && kill -9 "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

SERVE=("$BUILD/arbiter" serve --port "$PORT" --db "sqlite:$WORK/bench.db" --rate-limit 0 --create-limit 0 --max-connections-per-address 0)
echo "server: ${SERVE[*]}"
"${SERVE[@]}" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!

for _ in $(seq 100); do
  curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { echo "ws_load.sh: the server exited:" >&2; cat "$WORK/server.log" >&2; exit 1; }
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null || { echo "ws_load.sh: no answer on /api/health" >&2; exit 1; }

LOAD=("$BUILD/ws_load" --host 127.0.0.1 --port "$PORT" --clients "$CLIENTS" --seconds "$SECONDS_RUN"
      --game "$GAME" --pool "$POOL")
[[ -n $PARAMS ]] && LOAD+=(--params "$PARAMS")
echo "client: ${LOAD[*]}"
"${LOAD[@]}" | tee "$WORK/load.txt"

# Durability as the API promises it: SIGKILL, then every accepted move must be on disk.
{ kill -9 "$SERVER_PID" && wait "$SERVER_PID"; } 2>/dev/null || true
SERVER_PID=
result=$(grep '^RESULT ' "$WORK/load.txt")
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$result"; }
accepted=$(field accepted)
stored=$(sqlite3 "$WORK/bench.db" 'SELECT COUNT(*) FROM moves')
games=$(sqlite3 "$WORK/bench.db" 'SELECT COUNT(*) FROM games')
echo "after kill -9: $stored moves in $games games stored, $accepted accepted"

status=0
check() {  # check NAME OK
  if [[ $2 == 1 ]]; then echo "ok:     $1"; else echo "MISSED: $1"; status=1; fi
}
check "moves persisted ($stored >= $accepted)" "$(( stored >= accepted ))"
check "throughput $(field moves_per_s) moves/s >= 2000" "$(awk -v x="$(field moves_per_s)" 'BEGIN { print (x >= 2000) }')"
check "p99 latency $(field p99_ms) ms < 50" "$(awk -v x="$(field p99_ms)" 'BEGIN { print (x < 50) }')"
exit $status
