#!/usr/bin/env bash
# `arbiter serve` and the session cookie, as curl (a browser's stand-in) sees them
# (docs/server.md "Cookies and cross-site requests"): --secure-cookies marks the cookie Secure
# (without it, only a trusted proxy's X-Forwarded-Proto: https does); a change the cookie speaks
# for is refused as a form or from another Origin, and served as JSON from this server's Origin;
# a bearer needs neither.
# Usage: serve_cookies.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
pid=""
stop() {
  if [ -n "$pid" ]; then kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; fi
  pid=""
}
trap 'stop; rm -rf "$tmp"' EXIT

# Starts the server with the given options on a free port; sets $pid, $port and $base.
start() {
  : >"$tmp/out"
  "$arbiter" serve --port 0 --db "sqlite:$tmp/x.db" --web "$tmp/no-web" --rate-limit 0 "$@" \
    >"$tmp/out" 2>&1 &
  pid=$!
  for _ in $(seq 600); do
    port=$(sed -n 's|^arbiter: serving http://localhost:\([0-9]*\) .*|\1|p' "$tmp/out")
    if [ -n "$port" ]; then base="http://127.0.0.1:$port"; return 0; fi
    sleep 0.1
  done
  echo "FAIL: the server did not start"; cat "$tmp/out"; exit 1
}

# Registers NAME; prints the Set-Cookie header of the answer.
register() {  # register NAME [CURL-ARGS...]
  local name=$1; shift
  curl -s -D - -o /dev/null -H 'Content-Type: application/json' "$@" \
    -d "{\"username\":\"$name\",\"password\":\"correct horse 1\"}" "$base/api/accounts" |
    tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: //p'
}

# Item D10: --secure-cookies.
start
plain=$(register alice)
contains "a cookie is set" "arbiter_session=s." "$plain"
lacks "no Secure by default" "Secure" "$plain"
lacks "a client's X-Forwarded-Proto is not believed" "Secure" \
  "$(register bob -H 'X-Forwarded-Proto: https')"
stop
start --trust-proxy 127.0.0.1
contains "Secure behind a trusted https proxy" "; Secure" \
  "$(register carol -H 'X-Forwarded-Proto: https')"
stop
start --secure-cookies
secure=$(register dave)
contains "Secure under --secure-cookies" "; Secure" "$secure"

# Item D3: the cookie alone does not make a change from another site.
session=$(sed -n 's/^arbiter_session=\(s\.[0-9a-f]*\);.*/\1/p' <<<"$secure")
made=$(curl -s -H 'Content-Type: application/json' -H "Authorization: Bearer $session" \
  -d '{"game":"traverse","seats":["human","human"]}' "$base/api/games")
id=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["game"]["id"])' <<<"$made")
move() {  # move CURL-ARGS... -> the status
  curl -s -o "$tmp/body" -w '%{http_code}' -b "arbiter_session=$session" "$@" \
    "$base/api/games/$id/moves"
}
check "a form from another site" 415 \
  "$(move -H 'Origin: http://evil.example' --data 'move=b1-b2')"
check "JSON from another site" 403 \
  "$(move -H 'Origin: http://evil.example' -H 'Content-Type: application/json' -d '{"move":"b1-b2"}')"
check "JSON with no Origin" 403 "$(move -H 'Content-Type: application/json' -d '{"move":"b1-b2"}')"
contains "the refusal says why" "cross-site check" "$(cat "$tmp/body")"
check "JSON from this server's page" 200 \
  "$(move -H "Origin: http://127.0.0.1:$port" -H 'Content-Type: application/json' -d '{"move":"b1-b2"}')"
check "a bearer needs no Origin" 200 \
  "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $session" \
    -H 'Content-Type: text/plain' -d '{"move":"b10-b9"}' "$base/api/games/$id/moves")"
stop

finish serve_cookies
