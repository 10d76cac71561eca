# Starting and stopping `arbiter serve` for the CLI sessions that talk to a server, sourced after
# checks.sh with `arbiter` and `tmp` (a scratch folder) set.
#   start_server DB [OPTIONS...]  serves DB on a free port: sets $pid, $port and $base
#   stop_server                   kill -9, and waits for it
pid=""
start_server() {
  local db=$1
  shift
  : >"$tmp/out"
  "$arbiter" serve --port 0 --db "$db" --web "$tmp/no-web" "$@" >"$tmp/out" 2>&1 &
  pid=$!
  base=""
  for _ in $(seq 600); do
    port=$(sed -n 's|^arbiter: serving http://localhost:\([0-9]*\) .*|\1|p' "$tmp/out")
    if [ -n "$port" ]; then base="http://127.0.0.1:$port"; return 0; fi
    sleep 0.1
  done
  echo "FAIL: the server did not start"; cat "$tmp/out"; exit 1
}
stop_server() {
  if [ -n "$pid" ]; then kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; fi
  pid=""
}
json() { curl -s -H 'Content-Type: application/json' "$@"; }
