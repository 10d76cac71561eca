#!/usr/bin/env bash
# The stores side by side, in one run on one machine: ws_load (CLIENTS WebSocket clients playing
# random games as fast as the server answers, SECONDS_RUN seconds) against
#   (a) one server on SQLite,
#   (b) one server on PostgreSQL,
#   (c) two servers on one PostgreSQL database, half the clients on each (two ws_load processes
#       at once: moves/s summed, the worse p99),
# each on a fresh database in a throwaway PostgreSQL cluster (tests/pg/cluster.sh). Then the
# crossing between servers: ws_open_loop with GAMES games (500) made and moved on server A, one
# move per game every INTERVAL seconds (1) for CROSS_SECONDS (20), each watched by a WebSocket on
# server B, timing a move's sending on A to its state at the watcher on B.
#
#   bench/store_compare.sh [BUILD_DIR]   (default: build; needs arbiter, ws_load, ws_open_loop)
#
# Prints a table (setup, moves/s, p99, moves/s as a ratio to SQLite's). Exit status 1 when
# PostgreSQL with one server makes fewer than 2,000 moves/s or its p99 is 50 ms or more, when the
# p99 from A to B is 20 ms or more, or when an accepted move is not stored.
set -euo pipefail

BUILD=${1:-build}
CLIENTS=${CLIENTS:-32}
SECONDS_RUN=${SECONDS_RUN:-20}
GAMES=${GAMES:-500}
INTERVAL=${INTERVAL:-1}
CROSS_SECONDS=${CROSS_SECONDS:-20}
BENCH_NAME=store_compare.sh
source "$(dirname "$0")/lib.sh"
CLUSTER="$(cd "$(dirname "$0")/.." && pwd)/tests/pg/cluster.sh"

for tool in "$BUILD/arbiter" "$BUILD/ws_load" "$BUILD/ws_open_loop"; do
  [[ -x $tool ]] || { echo "store_compare.sh: $tool not built (cmake --build $BUILD --target arbiter ws_load ws_open_loop)" >&2; exit 2; }
done
for cmd in sqlite3 psql; do
  command -v "$cmd" >/dev/null || { echo "store_compare.sh: $cmd is needed" >&2; exit 2; }
done

WORK=$(mktemp -d)
chmod 755 "$WORK"  # the cluster's server runs as the postgres user
cleanup() {
  bench_stop_servers
  bash "$CLUSTER" stop "$WORK/pg" || true
  rm -rf "$WORK"
}
trap cleanup EXIT

url=$(bash "$CLUSTER" start "$WORK/pg")
# pg_url DB: the cluster's URL naming database DB.
pg_url() { sed "s|:///arbiter?|:///$1?|" <<<"$url"; }
# fresh_pg DB: an empty database DB in the cluster.
fresh_pg() {
  PGOPTIONS="-c client_min_messages=warning" psql "$url" -qc "DROP DATABASE IF EXISTS $1" \
    -c "CREATE DATABASE $1" >/dev/null
}

serve() {  # serve LOG PORT DB
  bench_start_server "$1" "$2" "$BUILD/arbiter" serve --port "$2" --db "$3" --rate-limit 0 \
    --create-limit 0 --max-connections-per-address 0
}
load() {  # load PORT CLIENTS OUT: ws_load against PORT, its output in OUT
  "$BUILD/ws_load" --host 127.0.0.1 --port "$1" --clients "$2" --seconds "$SECONDS_RUN" \
    --game traverse >"$3"
}
stored_ok() {  # stored_ok SETUP STORED ACCEPTED
  bench_check "$1: accepted moves stored ($2 >= $3)" "$(( $2 >= $3 ))"
}

# (a) SQLite
port_a=$(bench_free_port)
serve "$WORK/a.log" "$port_a" "sqlite:$WORK/bench.db"
echo "(a) one server on SQLite, $CLIENTS clients, $SECONDS_RUN s"
load "$port_a" "$CLIENTS" "$WORK/a.txt"
bench_stop_servers
sqlite_rate=$(bench_field "$WORK/a.txt" moves_per_s)
sqlite_p99=$(bench_field "$WORK/a.txt" p99_ms)
stored_ok "SQLite" "$(sqlite3 "$WORK/bench.db" 'SELECT COUNT(*) FROM moves')" "$(bench_field "$WORK/a.txt" accepted)"

# (b) PostgreSQL, one server
fresh_pg one
serve "$WORK/b.log" "$port_a" "$(pg_url one)"
echo "(b) one server on PostgreSQL"
load "$port_a" "$CLIENTS" "$WORK/b.txt"
bench_stop_servers
pg_rate=$(bench_field "$WORK/b.txt" moves_per_s)
pg_p99=$(bench_field "$WORK/b.txt" p99_ms)
stored_ok "PostgreSQL" "$(psql "$(pg_url one)" -tAc 'SELECT COUNT(*) FROM moves')" "$(bench_field "$WORK/b.txt" accepted)"

# (c) PostgreSQL, two servers, the clients split between them
fresh_pg two
port_b=$(bench_free_port)
serve "$WORK/c1.log" "$port_a" "$(pg_url two)"
serve "$WORK/c2.log" "$port_b" "$(pg_url two)"
echo "(c) two servers on one PostgreSQL database, $((CLIENTS / 2)) + $((CLIENTS - CLIENTS / 2)) clients"
load "$port_a" "$((CLIENTS / 2))" "$WORK/c1.txt" &
first=$!
load "$port_b" "$((CLIENTS - CLIENTS / 2))" "$WORK/c2.txt"
wait "$first"
two_rate=$(awk -v x="$(bench_field "$WORK/c1.txt" moves_per_s)" -v y="$(bench_field "$WORK/c2.txt" moves_per_s)" 'BEGIN { print x + y }')
two_p99=$(awk -v x="$(bench_field "$WORK/c1.txt" p99_ms)" -v y="$(bench_field "$WORK/c2.txt" p99_ms)" 'BEGIN { print (x > y ? x : y) }')
two_accepted=$(( $(bench_field "$WORK/c1.txt" accepted) + $(bench_field "$WORK/c2.txt" accepted) ))

# A -> B: games moved on A, watched on B (the same two servers and database).
echo "A -> B: $GAMES games moved on A, each watched on B, a move per game every $INTERVAL s, $CROSS_SECONDS s"
"$BUILD/ws_open_loop" --port "$port_a" --watch-port "$port_b" --games "$GAMES" --watchers 2 \
  --interval "$INTERVAL" --seconds "$CROSS_SECONDS" >"$WORK/cross.txt" || true
grep -E '^(move|errors|[0-9])' "$WORK/cross.txt" | sed 's/^/  /'
bench_stop_servers
stored_ok "PostgreSQL, two servers" "$(psql "$(pg_url two)" -tAc 'SELECT COUNT(*) FROM moves')" \
  "$((two_accepted + $(bench_field "$WORK/cross.txt" sent)))"
cross_p99=$(bench_field "$WORK/cross.txt" p99_remote_ms)
cross_seen=$(bench_field "$WORK/cross.txt" remote)
cross_errors=$(bench_field "$WORK/cross.txt" errors)

echo
printf '%-34s %10s %10s %14s\n' setup moves/s "p99 ms" "vs SQLite"
row() { printf '%-34s %10.0f %10.2f %13.2fx\n' "$1" "$2" "$3" "$(awk -v x="$2" -v y="$sqlite_rate" 'BEGIN { print x / y }')"; }
row "SQLite, one server" "$sqlite_rate" "$sqlite_p99"
row "PostgreSQL, one server" "$pg_rate" "$pg_p99"
row "PostgreSQL, two servers" "$two_rate" "$two_p99"
printf 'move on A -> watcher on B: p99 %s ms (%s states seen on B, %s errors)\n' "$cross_p99" "$cross_seen" "$cross_errors"
echo

bench_check "PostgreSQL, one server: $pg_rate moves/s >= 2000" "$(awk -v x="$pg_rate" 'BEGIN { print (x >= 2000) }')"
bench_check "PostgreSQL, one server: p99 $pg_p99 ms < 50" "$(awk -v x="$pg_p99" 'BEGIN { print (x < 50) }')"
bench_check "A -> B: p99 $cross_p99 ms < 20 over $cross_seen states, $cross_errors errors" \
  "$(awk -v x="$cross_p99" -v n="$cross_seen" -v e="$cross_errors" 'BEGIN { print (x < 20 && n > 0 && e == 0) }')"
exit $status
