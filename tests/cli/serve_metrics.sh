#!/usr/bin/env bash
# `arbiter serve`'s GET /metrics (docs/deploy.md "Metrics"), as Prometheus scrapes it: the text
# exposition format, answered on this machine only; after a scripted game (created, moves
# played, resigned, a wrong login, a login, a rate-limited burst) the counters say so.
# Usage: serve_metrics.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
. "$(dirname "$0")/lib/serve.sh"
mover=""
trap '[ -n "$mover" ] && kill "$mover" 2>/dev/null; stop_server; rm -rf "$tmp"' EXIT

start_server "sqlite:$tmp/x.db" --rate-limit 20
metric() {  # metric NAME_WITH_LABELS: its value in a fresh scrape, "" when absent
  curl -s "$base/metrics" | awk -v k="$1" '$1 == k { print $2 }'
}

scrape=$(curl -s -D "$tmp/headers" "$base/metrics")
contains "the exposition format's content type" "text/plain; version=0.0.4" "$(cat "$tmp/headers")"
contains "HELP lines" "# HELP arbiter_http_requests_total " "$scrape"
contains "TYPE lines" "# TYPE arbiter_http_request_duration_seconds histogram" "$scrape"
contains "the process's memory" "process_resident_memory_bytes " "$scrape"
contains "the WAL's size" "arbiter_sqlite_wal_bytes " "$scrape"
contains "the AI queue" 'arbiter_ai_searches{state="queued"} 0' "$scrape"
check "a proxy's forwarded request is refused" 403 \
  "$(curl -s -o /dev/null -w '%{http_code}' -H 'X-Forwarded-For: 203.0.113.9' "$base/metrics")"

# A game between two people: five moves, then a resignation.
made=$(json -d '{"game":"trap","params":"size=3","seats":["human","human"]}' "$base/api/games")
id=$(sed -n 's/.*"id":"\([^"]*\)".*/\1/p' <<<"$made" | head -1)
token=$(sed -n 's/.*"tokens":{"0":"\([0-9a-f]*\)".*/\1/p' <<<"$made")
[ -n "$id" ] && [ -n "$token" ] || { echo "FAIL: no game made: $made"; exit 1; }
for _ in 1 2 3 4 5; do
  move=$(curl -s "$base/api/games/$id/legal?prefix=" | sed -n 's/.*"moves":\["\([^"]*\)".*/\1/p')
  json -H "Authorization: Bearer $token" -d "{\"move\":\"$move\"}" \
    "$base/api/games/$id/moves" >/dev/null
done
json -H "Authorization: Bearer $token" -d '{}' "$base/api/games/$id/resign" >/dev/null
check "moves stored" 5 "$(metric 'arbiter_moves_total{game="trap"}')"
check "a game resigned" 1 "$(metric 'arbiter_games_finished_total{game="trap",reason="resigned"}')"
check "moves answered by route and status" 5 \
  "$(metric 'arbiter_http_requests_total{route="/api/games/:id/moves",status="200"}')"
check "their latency observed" 5 \
  "$(metric 'arbiter_http_request_duration_seconds_count{route="/api/games/:id/moves"}')"
check "games created" 1 "$(metric 'arbiter_http_requests_total{route="/api/games",status="201"}')"

# Logins: a wrong password and a right one.
json -d '{"username":"ann","password":"correct horse 1"}' "$base/api/accounts" >/dev/null
json -d '{"username":"ann","password":"wrong horse 1"}' "$base/api/sessions" >/dev/null
json -d '{"username":"ann","password":"correct horse 1"}' "$base/api/sessions" >/dev/null
check "a refused login" 1 "$(metric 'arbiter_logins_total{result="refused"}')"
check "a login" 1 "$(metric 'arbiter_logins_total{result="ok"}')"

# Past the rate limit (20 a second, a burst of 40): refusals counted.
# One curl, one kept-alive connection: 300 requests far faster than the limit refills.
urls=()
for _ in $(seq 300); do urls+=("$base/api/health" -o /dev/null); done
curl -s "${urls[@]}"
refused=$(metric 'arbiter_rate_limit_refusals_total{limit="requests"}')
[ "${refused:-0}" -gt 0 ] && passes=$((passes + 1)) ||
  { fails=$((fails + 1)); echo "FAIL: no rate-limit refusal counted (${refused:-none})"; }
check "the refusals answered 429" "$refused" \
  "$(metric 'arbiter_http_requests_total{route="none",status="429"}')"

# The store's transactions timed; a WebSocket counted while open.
commits=$(metric 'arbiter_store_transaction_seconds_count')
[ "${commits:-0}" -ge 7 ] && passes=$((passes + 1)) ||
  { fails=$((fails + 1)); echo "FAIL: store transactions counted: ${commits:-none}"; }
PYTHONPATH="$(dirname "$0")/lib" python3 -c "
import sys, time, ws_client
ws = ws_client.Ws(int(sys.argv[1]), '/api/games/' + sys.argv[2] + '/ws')
time.sleep(3)" "$port" "$id" >/dev/null 2>&1 &
ws=$!
open=""
for _ in $(seq 50); do
  open=$(metric 'arbiter_websocket_connections{kind="game"}')
  [ "$open" == 1 ] && break
  sleep 0.1
done
check "a game's WebSocket open" 1 "$open"
wait "$ws" 2>/dev/null

finish serve_metrics
