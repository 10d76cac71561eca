#!/usr/bin/env bash
# Seat tags (docs/records.md): records written by `play`, `match` and the server carry one form,
# `human`, `ai:LEVEL` for a plain level, `ai:SPEC` for any other player spec; a record in an
# older form (`ai:level=3` from play, the bare spec `level=2` from match) still shows and loads.
# Usage: seat_tags.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

seats() { grep '^\[Seat\.' "$1"; }  # seats RECORD: its seat tag lines

# play: a plain level, a spec, and a person.
printf 'save %s\nquit\n' "$tmp/play.txt" |
  "$arbiter" play traverse players=3 --seat west=ai:3 --seat north=ai:random --movetime 0.05 \
    >/dev/null
check "play seat tags" '[Seat.south "human"]
[Seat.west "ai:3"]
[Seat.north "ai:random"]' "$(seats "$tmp/play.txt")"
printf 'save %s\nquit\n' "$tmp/play2.txt" |
  "$arbiter" play travelers --seat black=ai:level=2,nodes=500 --movetime 0.05 >/dev/null
check "play spec seat tag" '[Seat.white "human"]
[Seat.black "ai:level=2,nodes=500"]' "$(seats "$tmp/play2.txt")"

# match: a plain level and a spec; game 1 gives A the first seat, game 2 swaps.
"$arbiter" match traverse --a level=2 --b random --games 2 --quiet --movetime 1 \
  --records "$tmp/match" >/dev/null 2>&1
check "match seat tags, game 1" '[Seat.south "ai:2"]
[Seat.north "ai:random"]' "$(seats "$tmp/match/game-0001.txt")"
check "match seat tags, game 2" '[Seat.south "ai:random"]
[Seat.north "ai:2"]' "$(seats "$tmp/match/game-0002.txt")"

# The server: a game with a human and an AI seat, downloaded as a record.
"$arbiter" serve --port 0 --db :memory: --web "$tmp/no-web" --rate-limit 0 >"$tmp/out" 2>&1 &
pid=$!
port=""
for _ in $(seq 600); do
  port=$(sed -n 's|^arbiter: serving http://localhost:\([0-9]*\) .*|\1|p' "$tmp/out")
  [ -n "$port" ] && break
  sleep 0.1
done
if [ -z "$port" ]; then
  check "server started" "serving" "$(cat "$tmp/out")"
else
  base="http://127.0.0.1:$port"
  curl -s -X POST -H 'Content-Type: application/json' -d '{"game": "traverse", "seats": ["human", "ai:3"]}' "$base/api/games" \
    >"$tmp/created"
  id=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["game"]["id"])' <"$tmp/created")
  curl -s "$base/api/games/$id/record" >"$tmp/server.txt"
  check "server seat tags" '[Seat.south "human"]
[Seat.north "ai:3"]' "$(seats "$tmp/server.txt")"
fi

# A record in the older forms shows, reads in the current form, and loads into play.
cat >"$tmp/old.txt" <<'RECORD'
[Game "traverse"]
[Params "players=2"]
[Seat.south "ai:level=3"]
[Seat.north "level=2"]

1. c1-b2 2. d10-e9
RECORD
check "old record shows" 0 "$("$arbiter" show "$tmp/old.txt" >/dev/null; echo $?)"
json=$("$arbiter" show "$tmp/old.txt" --json)
check "old record read in the current form" '"ai:3" "ai:2"' \
  "$(printf '%s' "$json" | python3 -c 'import json, sys; t = json.load(sys.stdin)["tags"]; print(json.dumps(t["Seat.south"]), json.dumps(t["Seat.north"]))')"
out=$(printf 'load %s\nquit\n' "$tmp/old.txt" | "$arbiter" play traverse)
check "old record loads" 1 "$(printf '%s\n' "$out" | grep -c "loaded $tmp/old.txt")"

finish seat_tags
