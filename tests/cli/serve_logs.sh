#!/usr/bin/env bash
# `arbiter serve --log-format json|text` (docs/deploy.md "Logs"): one line per request and per
# game event, each request's id in its line and in the answer's X-Request-Id (a trusted proxy's
# own id kept), and no secret in any line: after a session that registers, logs in, changes a
# password, plays a game by seat token and through a session cookie, the log holds none of the
# passwords, seat tokens, session tokens or cookies the session used.
# Usage: serve_logs.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
. "$(dirname "$0")/lib/serve.sh"
trap 'stop_server; rm -rf "$tmp"' EXIT
py=/usr/bin/python3

start_server "sqlite:$tmp/x.db" --log-format json --trust-proxy 127.0.0.1
# A game between two people: four moves by seat token, then a resignation.
made=$(json -D "$tmp/made.h" -d '{"game":"trap","params":"size=3","seats":["human","human"]}' \
  "$base/api/games")
id=$(sed -n 's/.*"id":"\([^"]*\)".*/\1/p' <<<"$made" | head -1)
token=$(sed -n 's/.*"tokens":{"0":"\([0-9a-f]*\)".*/\1/p' <<<"$made")
[ -n "$id" ] && [ -n "$token" ] || { echo "FAIL: no game made: $made"; exit 1; }
made_id=$(sed -n 's/^X-Request-Id: \([0-9a-f]*\).*/\1/Ip' "$tmp/made.h" | tr -d '\r')
for _ in 1 2 3 4; do
  move=$(curl -s "$base/api/games/$id/legal?prefix=" | sed -n 's/.*"moves":\["\([^"]*\)".*/\1/p')
  json -H "Authorization: Bearer $token" -d "{\"move\":\"$move\"}" \
    "$base/api/games/$id/moves" >/dev/null
done
json -H "Authorization: Bearer $token" -d '{}' "$base/api/games/$id/resign" >/dev/null
# Accounts: a registration, a wrong and a right login, a password change, a query by cookie.
pw1="correct horse 1"
pw2="battery staple 2"
reg=$(json -c "$tmp/jar" -d "{\"username\":\"ann\",\"password\":\"$pw1\"}" "$base/api/accounts")
session=$(sed -n 's/.*"session":"\([^"]*\)".*/\1/p' <<<"$reg")
json -d "{\"username\":\"ann\",\"password\":\"wrong $pw1\"}" "$base/api/sessions" >/dev/null
json -c "$tmp/jar" -d "{\"username\":\"ann\",\"password\":\"$pw1\"}" "$base/api/sessions" >/dev/null
json -b "$tmp/jar" -H "Origin: $base" \
  -d "{\"password\":\"$pw1\",\"new_password\":\"$pw2\"}" "$base/api/account/password" >/dev/null
curl -s -b "$tmp/jar" "$base/api/account" >/dev/null
cookie=$(awk 'NF >= 7 && $6 == "arbiter_session" { print $7 }' "$tmp/jar" | tail -1)
[ -n "$session" ] && [ -n "$cookie" ] || { echo "FAIL: no session: $reg"; exit 1; }
# A proxy's request id is kept; a client's (not a trusted proxy's) would be, here, since the
# server trusts loopback: an id that is no id is not.
kept=$(curl -s -D - -o /dev/null -H 'X-Request-Id: proxy-id-42' "$base/api/health" |
  sed -n 's/^X-Request-Id: //Ip' | tr -d '\r')
mangled=$(curl -s -D - -o /dev/null -H 'X-Request-Id: bad id"' "$base/api/health" |
  sed -n 's/^X-Request-Id: //Ip' | tr -d '\r')
# A query's secrets stay out of the line: only the path is logged.
curl -s -o /dev/null "$base/api/games/$id/legal?prefix=&token=$token-q"
sleep 0.3
stop_server
log=$(grep -v '^arbiter: ' "$tmp/out")

# Every line is one JSON object with a time, a level and an event.
bad=$($py -c '
import json, sys
n = 0
for line in sys.stdin:
    o = json.loads(line)
    assert {"ts", "level", "event"} <= o.keys(), line
    n += 1
print("ok", n >= 20)' <<<"$log" 2>&1 | tail -1)
check "every line is a JSON object with ts, level and event" "ok True" "$bad"
lines_of() { $py -c '
import json, sys
want = dict(a.split("=", 1) for a in sys.argv[1:])
for line in sys.stdin:
    o = json.loads(line)
    if all(str(o.get(k)) == v for k, v in want.items()):
        print(line, end="")' "$@" <<<"$log"; }
check "a line per move request" 4 "$(lines_of event=request route=/api/games/:id/moves status=200 | wc -l)"
check "a line per stored move" 4 "$(lines_of event=game.move game_id="$id" | wc -l)"
check "the game's going live" 1 "$(lines_of event=game.live game_id="$id" | wc -l)"
contains "the game's end with its reason" '"reason":"resigned"' \
  "$(lines_of event=game.ended game_id="$id")"
check "the answer's id is the request's line" 1 \
  "$(lines_of event=request request="$made_id" route=/api/games status=201 | wc -l)"
check "the game's going live names its request" 1 \
  "$(lines_of event=game.live request="$made_id" | wc -l)"
check "a trusted proxy's X-Request-Id is kept" proxy-id-42 "$kept"
check "a malformed X-Request-Id is replaced" 16 "${#mangled}"
check "a refused login is a 401 line" 1 "$(lines_of event=request route=/api/sessions status=401 | wc -l)"
# No secret, in any form a log could hold it.
for secret in "$token" "$session" "$cookie" "$pw1" "$pw2" "correct horse" "battery staple"; do
  lacks "the log holds no secret (${secret:0:6}…)" "$secret" "$log"
done
lacks "no query string is logged" "prefix=" "$log"

# The text format: key=value, values with spaces quoted.
start_server "sqlite:$tmp/x.db" --log-format text
curl -s -o /dev/null "$base/api/health"
sleep 0.2
stop_server
text=$(grep ' request ' "$tmp/out" | head -1)
contains "a text line names its request" 'method=GET path=/api/health route=/api/health status=200' "$text"
contains "a text line starts with its time" "$(date -u +%Y-%m-%d)T" "$text"
"$arbiter" serve --port 0 --db "sqlite:$tmp/x.db" --log-format xml >"$tmp/bad" 2>&1
check "an unknown format is refused (a usage error)" 2 "$?"
contains "naming the option" "--log-format" "$(cat "$tmp/bad")"
finish serve_logs
