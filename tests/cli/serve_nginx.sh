#!/usr/bin/env bash
# Several servers, one database, behind nginx (docs/deploy.md): deploy/nginx.conf in front of two
# `arbiter serve` processes on the PostgreSQL cluster the test suite starts (ARBITER_TEST_PG).
# A game made through nginx is read from both servers alike; WebSocket clients (bench/ws_load)
# play through nginx's upgrades, landing on either server, and every move they were told of is
# stored exactly once.
set -uo pipefail
arbiter=$1
root=$2
source "$root/tests/cli/lib/checks.sh"

ws_load="$(dirname "$arbiter")/ws_load"
if [ -z "${ARBITER_TEST_PG:-}" ]; then
  echo "serve_nginx: no PostgreSQL test cluster (run under ctest, which starts one)" >&2
  exit 1
fi
command -v nginx >/dev/null || { echo "serve_nginx: nginx is not installed (install-deps.sh)" >&2; exit 1; }
[ -x "$ws_load" ] || { echo "serve_nginx: $ws_load not built" >&2; exit 1; }

tmp=$(mktemp -d)
. "$root/tests/cli/lib/nginx.sh"
pids=()
schema="nginx_$$"
cluster=$(cat "$ARBITER_TEST_PG/url")
cleanup() {
  stop_nginx
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
  psql "$cluster" -qc "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
psql "$cluster" -qc "CREATE SCHEMA $schema" >/dev/null
db="$cluster&options=-csearch_path%3D$schema"

ports=()
for i in 0 1; do
  port=$(free_port)
  ports+=("$port")
  "$arbiter" serve --port "$port" --db "$db" --trust-proxy 127.0.0.1 --rate-limit 0 \
    --create-limit 0 --max-connections-per-address 0 --web "$root/web/dist" \
    >"$tmp/server$i.log" 2>&1 &
  pids+=($!)
  disown
done
for i in 0 1; do
  wait_health "${ports[$i]}" || { cat "$tmp/server$i.log" >&2; exit 1; }
done

front=$(free_port)
start_nginx "$root" "$front" "${ports[0]}" "${ports[1]}" || exit 1

# A game made through nginx; each following request may reach either server.
created=$(curl -fsS -H 'Content-Type: application/json' \
  -d '{"game":"traverse","seats":["human","open"]}' "http://127.0.0.1:$front/api/games")
id=$(sed -n 's/.*"id":"\([^"]*\)".*/\1/p' <<<"$created" | head -1)
south=$(sed -n 's/.*"tokens":{"0":"\([0-9a-f]*\)".*/\1/p' <<<"$created")
check "game created through nginx" 1 "$([ -n "$id" ] && [ -n "$south" ] && echo 1)"
joined=$(curl -fsS -H 'Content-Type: application/json' -d '{"seat":1}' \
  "http://127.0.0.1:$front/api/games/$id/join")
north=$(sed -n 's/.*"tokens":{"1":"\([0-9a-f]*\)".*/\1/p' <<<"$joined")
check "seat taken through nginx" 1 "$([ -n "$north" ] && echo 1)"
move() {  # move TOKEN TEXT PLY
  curl -sS -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
    -H "Authorization: Bearer $1" -d "{\"move\":\"$2\",\"ply\":$3}" \
    "http://127.0.0.1:$front/api/games/$id/moves"
}
check "south's move" 200 "$(move "$south" c1-b2 0)"
check "north's reply, wherever it lands" 200 "$(move "$north" d10-e9 1)"
check "south again" 200 "$(move "$south" b2-c3 2)"
for s in 0 1; do
  moves=$(curl -fsS "http://127.0.0.1:${ports[$s]}/api/games/$id" | sed -n 's/.*"moves":\(\[[^]]*\]\).*/\1/p')
  for _ in $(seq 50); do
    [ "$moves" = '["c1-b2","d10-e9","b2-c3"]' ] && break
    sleep 0.1
    moves=$(curl -fsS "http://127.0.0.1:${ports[$s]}/api/games/$id" | sed -n 's/.*"moves":\(\[[^]]*\]\).*/\1/p')
  done
  check "server $s has every move" '["c1-b2","d10-e9","b2-c3"]' "$moves"
done

# WebSocket clients through nginx, each game's socket on either server.
"$ws_load" --host 127.0.0.1 --port "$front" --clients 8 --seconds 4 --game traverse >"$tmp/load.txt" 2>&1
[ "$(sed -n "s/.* errors=\([0-9]*\).*/\1/p" "$tmp/load.txt")" = 0 ] || cat "$tmp/load.txt" "$tmp/server0.log" "$tmp/server1.log" "$tmp/nginx/logs/error.log" >&2
result=$(grep '^RESULT ' "$tmp/load.txt")
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$result"; }
accepted=$(field accepted)
check "ws_load through nginx: no errors" 0 "$(field errors)"
check "ws_load through nginx: moves accepted" 1 "$([ "${accepted:-0}" -gt 0 ] && echo 1)"
stored=$(psql "$db" -tAc "SELECT COUNT(*) FROM moves")
# Every accepted move is stored, once (the 3 above besides); a move may be stored and its answer
# lost when the run ends, never the other way round.
check "accepted moves stored ($stored >= $accepted + 3)" 1 "$([ "$stored" -ge $((accepted + 3)) ] && echo 1)"
dupes=$(psql "$db" -tAc "SELECT COUNT(*) FROM (SELECT game_id, ply FROM moves GROUP BY 1, 2 HAVING COUNT(*) > 1) d")
check "no ply stored twice" 0 "$dupes"
for i in 0 1; do
  check "server $i still running" 1 "$(kill -0 "${pids[$i]}" 2>/dev/null && echo 1)"
done
finish serve_nginx
