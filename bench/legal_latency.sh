#!/usr/bin/env bash
# The legal endpoint's latency on the largest position it serves: GET /api/games/{id}/legal (no
# clicks) on a fresh size-8 Trap game (~115,000 legal moves), the first request indexing the
# position (docs/api.md), then the same request again, answered from the kept index.
#
#   bench/legal_latency.sh [BUILD_DIR]    (default: build; needs the arbiter target)
#
# Settings from the environment: RUNS (fresh games, 7), TARGET_MS (200: the median first
# request). Prints each run, then `RESULT first_ms=M cached_ms=M` (medians); exit status 1 when
# the median first request misses the target.
set -euo pipefail

BUILD=${1:-build}
RUNS=${RUNS:-7}
TARGET_MS=${TARGET_MS:-200}
BENCH_NAME=legal_latency.sh
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
[[ -x $BUILD/arbiter ]] || { echo "$BENCH_NAME: $BUILD/arbiter not built" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'bench_stop_servers; rm -rf "$WORK"' EXIT
PORT=$(bench_free_port)
bench_start_server "$WORK/server.log" "$PORT" "$BUILD/arbiter" serve --port "$PORT" \
  --db :memory: --web "$WORK/no-web" --rate-limit 0 --create-limit 0

python3 - "$PORT" "$RUNS" >"$WORK/result" <<'PY'
import http.client, json, statistics, sys, time

port, runs = int(sys.argv[1]), int(sys.argv[2])

def request(method, path, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    start = time.perf_counter()
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    conn.close()
    if response.status not in (200, 201):
        sys.exit(f"{method} {path}: {response.status} {data[:200]!r}")
    return json.loads(data), elapsed

first, cached = [], []
for run in range(runs):
    game, _ = request("POST", "/api/games",
                      {"game": "trap", "params": "size=8", "seats": ["human", "human"]})
    path = "/api/games/" + game["game"]["id"] + "/legal"
    answer, ms = request("GET", path)
    _, again = request("GET", path)
    first.append(ms)
    cached.append(again)
    print(f"run {run + 1}: first {ms:.1f} ms, again {again:.1f} ms ({answer['count']} moves)")
print(f"RESULT first_ms={statistics.median(first):.1f} cached_ms={statistics.median(cached):.1f}")
PY
cat "$WORK/result"
first=$(bench_field "$WORK/result" first_ms)
bench_check "median first /legal ${first} ms < ${TARGET_MS} ms" \
  "$(python3 -c "print(int($first < $TARGET_MS))")"
exit "$status"
