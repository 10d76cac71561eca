#!/usr/bin/env bash
# `arbiter serve` survives kill -9: a game created and played over HTTP is back, move for move,
# with its seats and tokens, after the process is killed and started again on the same database.
# Usage: serve_restart.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# Starts the server on a free port and sets $pid and $base; gives up after 60 s.
start() {
  : >"$tmp/out"
  "$arbiter" serve --port 0 --db "sqlite:$tmp/x.db" --web "$tmp/no-web" --rate-limit 0 \
    >"$tmp/out" 2>&1 &
  pid=$!
  for _ in $(seq 600); do
    port=$(sed -n 's|^arbiter: serving http://localhost:\([0-9]*\) .*|\1|p' "$tmp/out")
    if [ -n "$port" ]; then base="http://127.0.0.1:$port"; return 0; fi
    sleep 0.1
  done
  echo "FAIL: the server did not start"; cat "$tmp/out"; exit 1
}

field() {  # field PYTHON-EXPRESSION-ON-d < JSON
  python3 -c "import json, sys; d = json.load(sys.stdin); print($1)"
}

post() {  # post PATH BODY [TOKEN] -> prints "STATUS BODY"
  local auth=()
  if [ -n "${3:-}" ]; then auth=(-H "Authorization: Bearer $3"); fi
  curl -s -o "$tmp/body" -w '%{http_code}' -X POST "${auth[@]}" -H 'Content-Type: application/json' -d "$2" "$base$1"
}

start
check "banner" "arbiter: serving http://localhost:$port (db $tmp/x.db)" "$(head -1 "$tmp/out")"
check "create" 201 "$(post /api/games '{"game": "traverse", "seats": ["human", "human"]}')"
id=$(field 'd["game"]["id"]' <"$tmp/body")
token=$(field 'd["tokens"]["0"]' <"$tmp/body")
ply=0
for m in c1-b2 d10-e9 b1-b3 c10-d9; do
  check "move $m" 200 "$(post "/api/games/$id/moves" "{\"move\": \"$m\", \"ply\": $ply}" "$token")"
  ply=$((ply + 1))
done
curl -s "$base/api/games/$id" >"$tmp/before"

kill -9 "$pid"
wait "$pid" 2>/dev/null
pid=""
start
curl -s "$base/api/games/$id" >"$tmp/after"
check "moves back" "['c1-b2', 'd10-e9', 'b1-b3', 'c10-d9']" "$(field 'd["moves"]' <"$tmp/after")"
check "position back" "$(field 'd["position"]' <"$tmp/before")" "$(field 'd["position"]' <"$tmp/after")"
check "seats back" "$(field 'd["seats"]' <"$tmp/before")" "$(field 'd["seats"]' <"$tmp/after")"
check "token still works" 200 "$(post "/api/games/$id/moves" '{"move": "b3-b4", "ply": 4}' "$token")"
check "wrong token" 401 "$(post "/api/games/$id/moves" '{"move": "d9-d8"}' 0123456789abcdef0123456789abcdef)"

# SIGTERM stops it cleanly.
kill -TERM "$pid"
wait "$pid"
check "clean exit" 0 "$?"
pid=""

finish serve_restart
