# Shell helpers shared by the bench scripts (source it; BENCH_NAME names the script in errors):
# a free port, servers started in the background and waited for, a RESULT line's fields, and
# checks that set `status` to 1 when missed.

BENCH_NAME=${BENCH_NAME:-bench}
BENCH_PIDS=()  # the servers started by bench_start_server, stopped by bench_stop_servers
status=0

bench_free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# bench_start_server LOG PORT COMMAND...: starts COMMAND in the background, its output in LOG,
# and waits until it answers on /api/health; exits 1 (showing LOG) when it does not.
bench_start_server() {
  local log=$1 port=$2 pid
  shift 2
  echo "server: $*"
  "$@" >"$log" 2>&1 &
  pid=$!
  BENCH_PIDS+=("$pid")
  for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { echo "$BENCH_NAME: the server exited:" >&2; cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null ||
    { echo "$BENCH_NAME: no answer on /api/health from port $port" >&2; exit 1; }
}

# Kills every server started so far with SIGKILL (as a crash would) and waits for it.
bench_stop_servers() {
  local pid
  for pid in "${BENCH_PIDS[@]}"; do
    { kill -9 "$pid" && wait "$pid"; } 2>/dev/null || true
  done
  BENCH_PIDS=()
}

# bench_field FILE KEY: KEY's value in FILE's `RESULT key=value ...` line.
bench_field() {
  grep '^RESULT ' "$1" | sed -n "s/.* $2=\([^ ]*\).*/\1/p"
}

# bench_check NAME OK: prints the check; OK other than 1 sets status to 1.
bench_check() {
  if [[ $2 == 1 ]]; then echo "ok:     $1"; else echo "MISSED: $1"; status=1; fi
}
