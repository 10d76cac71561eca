#!/usr/bin/env bash
# The clock benchmark: real-time games under load, with flags. Starts `arbiter serve` on a fresh
# SQLite database and runs ws_open_loop against it: GAMES games (2000) with clocks, FLAGGERS of
# them (200) on a 3-second control (FLAG_CONTROL, 0.05+0) that flag during the run, the others
# (TIME_CONTROL, 3+2) moving at RATE moves a second in all (1000), WATCHERS WebSockets per game
# (2), for SECONDS (60). The targets: p99 from a move to every watcher under 50 ms; every flag
# reaches the watchers within 100 ms of the deadline the server announced (p99); no errors.
#
#   bench/clock_load.sh [BUILD_DIR]      (default: build; needs the arbiter and ws_open_loop targets)
set -euo pipefail

BUILD=${1:-build}
GAMES=${GAMES:-2000}
FLAGGERS=${FLAGGERS:-200}
RATE=${RATE:-1000}
WATCHERS=${WATCHERS:-2}
SECONDS_RUN=${SECONDS_RUN:-60}
TIME_CONTROL=${TIME_CONTROL:-3+2}
FLAG_CONTROL=${FLAG_CONTROL:-0.05+0}
PORT=${PORT:-$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}

for tool in "$BUILD/arbiter" "$BUILD/ws_open_loop"; do
  [[ -x $tool ]] || { echo "clock_load.sh: $tool not built" >&2; exit 2; }
done
MOVERS=$((GAMES - FLAGGERS))
(( MOVERS > 0 )) || { echo "clock_load.sh: FLAGGERS must be fewer than GAMES" >&2; exit 2; }
# Each moving game moves once every INTERVAL seconds: RATE moves a second in all.
INTERVAL=$(awk -v m="$MOVERS" -v r="$RATE" 'BEGIN { printf "%.4f", m / r }')
WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  [[ -n $SERVER_PID ]] && kill -9 "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

"$BUILD/arbiter" serve --port "$PORT" --db "sqlite:$WORK/bench.db" --rate-limit 0 --create-limit 0 \
  --max-connections-per-address 0 --max-live-games 8192 >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do
  curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
  sleep 0.1
done
echo "$MOVERS games on $TIME_CONTROL moving every $INTERVAL s ($RATE moves/s), $FLAGGERS on $FLAG_CONTROL to flag, $WATCHERS watchers each, $SECONDS_RUN s"
"$BUILD/ws_open_loop" --port "$PORT" --games "$MOVERS" --watchers "$WATCHERS" \
  --interval "$INTERVAL" --seconds "$SECONDS_RUN" --time-control "$TIME_CONTROL" \
  --flaggers "$FLAGGERS" --flag-control "$FLAG_CONTROL" --server-pid "$SERVER_PID" |
  tee "$WORK/load.txt"
result=$(grep '^RESULT ' "$WORK/load.txt")
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$result"; }
status=0
check() {  # check NAME OK
  if [[ $2 == 1 ]]; then echo "ok:     $1"; else echo "MISSED: $1"; status=1; fi
}
check "moves sent $(field sent) >= 95% of $((RATE * SECONDS_RUN))" \
  "$(awk -v x="$(field sent)" -v want="$((RATE * SECONDS_RUN))" 'BEGIN { print (x >= 0.95 * want) }')"
check "p99 move -> every watcher $(field p99_every_ms) ms < 50" "$(awk -v x="$(field p99_every_ms)" 'BEGIN { print (x < 50) }')"
check "flags seen $(field flags) of $(field flags_expected)" "$(( $(field flags) == $(field flags_expected) ))"
check "p99 deadline -> watcher $(field flag_p99_ms) ms < 100 (max $(field flag_max_ms))" \
  "$(awk -v x="$(field flag_p99_ms)" 'BEGIN { print (x < 100) }')"
check "no flag before its deadline ($(field flags_early))" "$(( $(field flags_early) == 0 ))"
check "no errors ($(field errors))" "$(( $(field errors) == 0 ))"
exit $status
