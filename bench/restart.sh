#!/usr/bin/env bash
# Restart time of `arbiter serve` with many stored games: fills a database (the schema made by
# the server itself, the rows written straight into it with sqlite3, in seconds), then times
# from starting the server to its first healthy answer on /api/health.
#
#   bench/restart.sh [BUILD_DIR]          (default: build; needs the arbiter target)
#
# Settings from the environment: GAMES (100000 stored), PLAYING (10000 of them unfinished, each
# with two moves), RUNS (3), TARGET_S (2). Exit status 1 when the slowest run misses the target.
set -euo pipefail

BUILD=${1:-build}
GAMES=${GAMES:-100000}
PLAYING=${PLAYING:-10000}
RUNS=${RUNS:-3}
TARGET_S=${TARGET_S:-2}
[[ -x $BUILD/arbiter ]] || { echo "restart.sh: $BUILD/arbiter not built" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "restart.sh: sqlite3 (the command-line shell) is needed" >&2; exit 2; }

WORK=$(mktemp -d)
PID=
cleanup() {
  [[ -n $PID ]] && kill -9 "$PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
DB=$WORK/restart.db

# Starts the server and waits for its port; sets PID and PORT.
serve() {
  : >"$WORK/out"
  "$BUILD/arbiter" serve --port 0 --db "sqlite:$DB" --web "$WORK/no-web" --rate-limit 0 \
    >"$WORK/out" 2>&1 &
  PID=$!
  PORT=
  for _ in $(seq 20000); do
    PORT=$(sed -n 's|^arbiter: serving http://localhost:\([0-9]*\) .*|\1|p' "$WORK/out")
    [[ -n $PORT ]] && return 0
    kill -0 "$PID" 2>/dev/null || { cat "$WORK/out" >&2; exit 1; }
    sleep 0.001
  done
  echo "restart.sh: the server did not start" >&2; exit 1
}
stop() { kill -9 "$PID" 2>/dev/null; wait "$PID" 2>/dev/null || true; PID=; }

serve; stop  # the schema
now=$(date +%s%3N)
fill_start=$(date +%s.%N)
sqlite3 "$DB" <<SQL
PRAGMA journal_mode = WAL;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $GAMES - 1)
INSERT INTO games (id, game, params, position, status, result, created_ms, updated_ms,
                   rematch_of, rematch_id)
SELECT printf('bench%07d', i), 'traverse', '', '',
       CASE WHEN i < $PLAYING THEN 'playing' ELSE 'finished' END,
       CASE WHEN i < $PLAYING THEN '' ELSE 'south resigned' END,
       $now - i * 1000, $now - i * 1000, '', '' FROM n;
INSERT INTO seats (game_id, seat, kind, level, token_hash, time_used_ms, rematch)
  SELECT id, 0, 'human', 0, 'bench', 0, 0 FROM games;
INSERT INTO seats (game_id, seat, kind, level, token_hash, time_used_ms, rematch)
  SELECT id, 1, 'human', 0, 'bench', 0, 0 FROM games;
INSERT INTO moves (game_id, ply, text, seat, at_ms, elapsed_ms)
  SELECT id, 0, 'c1-b2', 0, updated_ms, 0 FROM games WHERE status = 'playing';
INSERT INTO moves (game_id, ply, text, seat, at_ms, elapsed_ms)
  SELECT id, 1, 'd10-e9', 1, updated_ms, 0 FROM games WHERE status = 'playing';
COMMIT;
SQL
echo "filled $GAMES games ($PLAYING playing) in $(echo "$(date +%s.%N) - $fill_start" | bc) s"

worst=0
for run in $(seq "$RUNS"); do
  t0=$(date +%s%N)
  serve
  until curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1; do sleep 0.005; done
  t1=$(date +%s%N)
  ms=$(( (t1 - t0) / 1000000 ))
  live=$(curl -s "http://127.0.0.1:$PORT/api/health" | python3 -c 'import json,sys; print(json.load(sys.stdin)["live_games"])')
  echo "run $run: first healthy answer after $ms ms ($live games in memory)"
  (( ms > worst )) && worst=$ms
  stop
done
echo "RESULT games=$GAMES playing=$PLAYING worst_ms=$worst"
if (( worst > TARGET_S * 1000 )); then echo "MISSED: restart ${worst} ms > ${TARGET_S} s"; exit 1; fi
echo "ok:     restart ${worst} ms <= ${TARGET_S} s"
