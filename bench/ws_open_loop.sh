#!/usr/bin/env bash
# The open-loop load benchmark: starts `arbiter serve` on a fresh SQLite database and runs
# ws_open_loop against it: GAMES games (5000), WATCHERS WebSockets each (2), one move per game
# every INTERVAL seconds (5), for SECONDS (30). The targets: p99 from a move to every watcher
# under 50 ms, the server's resident memory under 1 GiB, no errors.
#
#   bench/ws_open_loop.sh [BUILD_DIR]      (default: build; needs the arbiter and ws_open_loop targets)
set -euo pipefail

BUILD=${1:-build}
GAMES=${GAMES:-5000}
WATCHERS=${WATCHERS:-2}
INTERVAL=${INTERVAL:-5}
SECONDS_RUN=${SECONDS_RUN:-30}
PORT=${PORT:-$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}

for tool in "$BUILD/arbiter" "$BUILD/ws_open_loop"; do
  [[ -x $tool ]] || { echo "ws_open_loop.sh: $tool not built" >&2; exit 2; }
done
WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  [[ -n $SERVER_PID ]] && kill -9 "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

"$BUILD/arbiter" serve --port "$PORT" --db "sqlite:$WORK/bench.db" --rate-limit 0 --create-limit 0 \
  --max-connections-per-address 0 >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do
  curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
  sleep 0.1
done
"$BUILD/ws_open_loop" --port "$PORT" --games "$GAMES" --watchers "$WATCHERS" \
  --interval "$INTERVAL" --seconds "$SECONDS_RUN" --server-pid "$SERVER_PID" | tee "$WORK/load.txt"
result=$(grep '^RESULT ' "$WORK/load.txt")
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$result"; }
status=0
check() {  # check NAME OK
  if [[ $2 == 1 ]]; then echo "ok:     $1"; else echo "MISSED: $1"; status=1; fi
}
check "p99 move -> every watcher $(field p99_every_ms) ms < 50" "$(awk -v x="$(field p99_every_ms)" 'BEGIN { print (x < 50) }')"
check "server RSS $(field rss_mib) MiB < 1024" "$(awk -v x="$(field rss_mib)" 'BEGIN { print (x >= 0 && x < 1024) }')"
check "no errors ($(field errors))" "$(( $(field errors) == 0 ))"
exit $status
