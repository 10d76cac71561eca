#!/usr/bin/env bash
# `arbiter serve` stopped by SIGTERM while moves are being played (docs/deploy.md "Stopping and
# rolling restarts"): for --drain-grace it answers /api/health 503 "draining" and still plays
# moves, then closes its WebSockets and stops accepting, answers what is in flight, and exits 0
# within --drain-timeout; after a restart every move it acknowledged is stored.
# Usage: serve_drain.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
. "$(dirname "$0")/lib/serve.sh"
mover=""
trap '[ -n "$mover" ] && kill "$mover" 2>/dev/null; stop_server; rm -rf "$tmp"' EXIT


start_server "sqlite:$tmp/x.db" --rate-limit 0 --drain-grace 1 --drain-timeout 5
made=$(json -d '{"game":"trap","seats":["human","human"]}' "$base/api/games")
id=$(sed -n 's/.*"id":"\([^"]*\)".*/\1/p' <<<"$made" | head -1)
token=$(sed -n 's/.*"tokens":{"0":"\([0-9a-f]*\)".*/\1/p' <<<"$made")
[ -n "$id" ] && [ -n "$token" ] || { echo "FAIL: no game made: $made"; exit 1; }

# A client playing moves as fast as it can, noting each move the server acknowledged.
(
  while :; do
    move=$(curl -s "$base/api/games/$id/legal?prefix=" | sed -n 's/.*"moves":\["\([^"]*\)".*/\1/p')
    [ -n "$move" ] || break
    code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
      -H "Authorization: Bearer $token" -d "{\"move\":\"$move\"}" "$base/api/games/$id/moves")
    [ "$code" = 200 ] && echo "$move" >>"$tmp/acknowledged"
  done
) &
mover=$!
# A WebSocket watching the game: when does the server close it?
PYTHONPATH="$(dirname "$0")/lib" python3 -c "
import sys, time, ws_client
ws = ws_client.Ws(int(sys.argv[1]), '/api/games/' + sys.argv[2] + '/ws', timeout=30)
ws.s.settimeout(30)
try:
    while ws.s.recv(65536):
        pass
except OSError:
    pass
print(time.time())" "$port" "$id" >"$tmp/ws_closed" 2>/dev/null &
watcher=$!
sleep 1

before=$(wc -l <"$tmp/acknowledged")
kill -TERM "$pid"
signalled=$(date +%s.%N)
sleep 0.3
health=$(curl -s -w ' %{http_code}' "$base/api/health")
contains "health says draining" '"draining":true' "$health"
contains "health answers 503" " 503" "$health"
sleep 0.4
during=$(wc -l <"$tmp/acknowledged")
check "moves still played in the grace" 1 "$([ "$during" -gt "$before" ] && echo 1)"

wait "$pid"
status=$?
exited=$(date +%s.%N)
pid=""
check "exit status 0" 0 "$status"
check "exited within the bound" 1 "$(awk -v a="$signalled" -v b="$exited" 'BEGIN { print (b - a < 6) ? 1 : 0 }')"
contains "said it drained" "arbiter: draining" "$(cat "$tmp/out")"
wait "$watcher"
closed=$(cat "$tmp/ws_closed")
check "the WebSocket closed after the grace, before the exit" 1 \
  "$(awk -v s="$signalled" -v c="$closed" -v e="$exited" 'BEGIN { print (c - s >= 0.9 && c <= e + 0.1) ? 1 : 0 }')"
sleep 0.5
kill "$mover" 2>/dev/null
wait "$mover" 2>/dev/null
mover=""

# Every acknowledged move is in the store.
start_server "sqlite:$tmp/x.db" --rate-limit 0
acknowledged=$(wc -l <"$tmp/acknowledged")
stored=$(curl -s "$base/api/games/$id" | sed -n 's/.*"ply":\([0-9]*\).*/\1/p' | head -1)
check "every acknowledged move stored ($acknowledged acknowledged, $stored stored)" 1 \
  "$([ "${stored:-0}" -ge "$acknowledged" ] && [ "$acknowledged" -gt 0 ] && echo 1)"
expected=$(paste -sd, "$tmp/acknowledged")
moves=$(curl -s "$base/api/games/$id" | sed -n 's/.*"moves":\[\([^]]*\)\].*/\1/p' | tr -d '"')
check "the acknowledged moves, in order" "$expected" "${moves:0:${#expected}}"

finish serve_drain
