#!/usr/bin/env bash
# A rolling restart behind nginx under load (docs/deploy.md "Stopping and rolling restarts"): two
# `arbiter serve` on the PostgreSQL cluster the test suite starts (ARBITER_TEST_PG),
# deploy/nginx.conf in front, eight clients playing through nginx (lib/rolling_load.py: hot-seat
# games and games against the AI, each watched by a WebSocket). Mid-play server 0 gets SIGTERM, is
# waited for and started again, and once healthy server 1 the same. Checked: a draining server
# answers health 503 "draining" and exits 0 within its bound; moves were answered during each
# drain, and each drain closed WebSockets that reconnected at once; afterwards every move a client
# was answered 200 for is stored at its ply, each game is stored as its client played it (read
# through nginx and from each server), every game against the AI went on, `arbiter admin check`
# passes, and no answer was a 5xx but a retryable one (502, 503, 504 or none) that its retry got
# past (rolling_load.py defines them), none of them for a move that was played.
# Usage: serve_rolling.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$(realpath "$1")
root=$2
. "$root/tests/cli/lib/checks.sh"

if [ -z "${ARBITER_TEST_PG:-}" ]; then
  echo "serve_rolling: no PostgreSQL test cluster (run under ctest, which starts one)" >&2
  exit 1
fi
command -v nginx >/dev/null || { echo "serve_rolling: nginx is not installed (install-deps.sh)" >&2; exit 1; }

tmp=$(mktemp -d)
. "$root/tests/cli/lib/nginx.sh"
pids=()
drained=()
load=""
schema="rolling_$$"
cluster=$(cat "$ARBITER_TEST_PG/url")
cleanup() {
  [ -n "$load" ] && kill -9 "$load" 2>/dev/null
  stop_nginx
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
  psql "$cluster" -qc "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
psql "$cluster" -qc "CREATE SCHEMA $schema" >/dev/null
db="$cluster&options=-csearch_path%3D$schema"
now() { date +%s.%N; }

# Server I on its port, its output appended to server-I.log (it is started twice).
grace=1
bound=5
start_at() {
  "$arbiter" serve --port "${ports[$1]}" --db "$db" --trust-proxy 127.0.0.1 --rate-limit 0 \
    --create-limit 0 --max-connections-per-address 0 --web "$tmp/no-web" --ai-movetime 0.05 \
    --drain-grace "$grace" --drain-timeout "$bound" >>"$tmp/server$1.log" 2>&1 &
  pids[$1]=$!
}
ports=("$(free_port)" "$(free_port)")
for i in 0 1; do start_at $i; done
for i in 0 1; do
  wait_health "${ports[$i]}" || { cat "$tmp/server$i.log" >&2; exit 1; }
done
front=$(free_port)
start_nginx "$root" "$front" "${ports[0]}" "${ports[1]}" || exit 1

python3 "$root/tests/cli/lib/rolling_load.py" "$front" "${ports[0]},${ports[1]}" "$tmp" \
  >"$tmp/report" 2>&1 &
load=$!
for _ in $(seq 100); do [ -f "$tmp/ready" ] && break; sleep 0.1; done
sleep 2

# Server I drained and started again: its health seen mid-grace, its exit status and time.
restart() {
  local i=$1 pid=${pids[$1]} health status signalled exited
  signalled=$(now)
  echo "term$i $signalled" >>"$tmp/phases"
  kill -TERM "$pid"
  sleep 0.3
  health=$(curl -s -w ' %{http_code}' "http://127.0.0.1:${ports[$i]}/api/health")
  wait "$pid"
  status=$?
  exited=$(now)
  echo "exit$i $exited" >>"$tmp/phases"
  contains "server $i: health says draining" '"draining":true' "$health"
  contains "server $i: health answers 503" " 503" "$health"
  check "server $i: exit status 0" 0 "$status"
  drained[$i]=$(awk -v a="$signalled" -v b="$exited" 'BEGIN { printf "%.1f", b - a }')
  check "server $i: exited within --drain-timeout (${drained[$i]} s)" 1 \
    "$(awk -v d="${drained[$i]}" -v t="$bound" 'BEGIN { print (d < t + 1) ? 1 : 0 }')"
  start_at "$i"
  wait_health "${ports[$i]}" || { echo "FAIL: server $i did not start again"; cat "$tmp/server$i.log"; exit 1; }
}
restart 0
sleep 2
restart 1
sleep 2
touch "$tmp/stop"
wait "$load"
load=""

report=$(cat "$tmp/report")
field() { sed -n "s/^$1 \(.*\)/\1/p" <<<"$report"; }
more() { [ "$(field "$1")" -gt "$2" ] 2>/dev/null && echo 1; }
check "games made (one a client at least)" 1 "$(more games 7)"
check "moves acknowledged" 1 "$(more acked 100)"
check "the AI answered" 1 "$(more ai_waits 10)"
for i in 0 1; do
  check "moves acknowledged while server $i drained" 1 "$(more acked_in_drain_$i 0)"
  check "WebSockets closed by server $i's drain" 1 "$(more ws_drops_$i 0)"
done
check "every acknowledged move is stored at its ply" 0 "$(field missing)"
check "no move stored without its answer (a retryable one that was played)" 0 "$(field answer_lost)"
check "every game is stored as played, on both servers" 0 "$(field mismatched)"
check "the watchers reconnected within a second" 1 \
  "$(awk -v s="$(field ws_reconnect_max)" 'BEGIN { print (s < 1) ? 1 : 0 }')"
check "the watchers saw their games' last states" 0 "$(field stale_watchers)"
check "no client problem (a 5xx, a retry that never got through, a lost move)" "" \
  "$(grep '^problem' <<<"$report")"
checked=$("$arbiter" admin check --db "$db" 2>&1)
check "admin check passes" 0 "$?"
for i in 0 1; do
  check "server $i running" 1 "$(kill -0 "${pids[$i]}" 2>/dev/null && echo 1)"
done
if [ "$fails" -gt 0 ] || [ -n "${VERBOSE:-}" ]; then
  echo "--- report"; echo "$report"; echo "--- admin check"; echo "$checked"
  for i in 0 1; do echo "--- server$i.log (tail)"; tail -5 "$tmp/server$i.log"; done
  echo "--- nginx error.log (tail)"; tail -5 "$tmp/nginx/logs/error.log"
fi
echo "$(field acked) moves acknowledged in $(field games) games; drains of ${drained[0]} s and" \
  "${drained[1]} s; $(field retryable) retryable answers ($(field retryable_by)), $(field answer_lost)" \
  "answers lost, $(field ws_drops) WebSockets closed"
finish serve_rolling
