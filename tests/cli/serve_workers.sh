#!/usr/bin/env bash
# Servers and AI workers on one database (docs/deploy.md "AI workers"): three `arbiter serve
# --ai-workers 0` and two `arbiter worker` on the PostgreSQL cluster the test suite starts
# (ARBITER_TEST_PG), on loopback. Fifty games, their clients spread over the servers (each request
# goes to the next server in turn), thirty of them against the AI (level 9, 0.1 s a move). Mid-run
# one worker is killed with SIGKILL while it searches, then one server. Checked: every
# acknowledged move is in the database; every game still playing at the kill goes on through the
# other servers; the dead worker's jobs are done by the other once their leases run out; the
# surviving servers show what the database holds; and a watcher of a game against the AI sees the
# worker's search (WebSocket `thinking`, relayed by the server from the worker's notices) at each
# of the AI's turns.
# Usage: serve_workers.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$(realpath "$1")
root=$2
. "$root/tests/cli/lib/checks.sh"

if [ -z "${ARBITER_TEST_PG:-}" ]; then
  echo "serve_workers: no PostgreSQL test cluster (run under ctest, which starts one)" >&2
  exit 1
fi
tmp=$(mktemp -d)
pids=()
schema="workers_$$"
cluster=$(cat "$ARBITER_TEST_PG/url")
cleanup() {
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
  psql "$cluster" -qc "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
psql "$cluster" -qc "CREATE SCHEMA $schema" >/dev/null
db="$cluster&options=-csearch_path%3D$schema"

# Each server picks a free port and prints it.
ports=()
for i in 0 1 2; do
  "$arbiter" serve --port 0 --db "$db" --ai-workers 0 --rate-limit 0 --create-limit 0 \
    --max-connections-per-address 0 --web "$tmp/no-web" >"$tmp/server$i.log" 2>&1 &
  pids+=($!)
  disown
done
for i in 0 1 2; do
  port=""
  for _ in $(seq 200); do
    port=$(sed -n 's/.*serving http:\/\/localhost:\([0-9]*\).*/\1/p' "$tmp/server$i.log")
    [ -n "$port" ] && break
    sleep 0.05
  done
  [ -n "$port" ] || { echo "server $i did not start:"; cat "$tmp/server$i.log"; exit 1; }
  ports+=("$port")
done
for i in 1 2; do
  "$arbiter" worker --db "$db" --name "w$i" --threads 2 --ai-movetime 0.1 --lease 2 \
    --poll 0.02 --verbose >"$tmp/w$i.log" 2>&1 &
  pids+=($!)
  disown
done

# Bad input: one line each. Leaving the AI to workers needs a database that tells the servers of
# their moves, PostgreSQL's.
bad "--ai-workers 0 on SQLite" "needs a PostgreSQL store" serve --port 0 --db "sqlite:$tmp/x.db" \
  --ai-workers 0
bad "worker without --db" "--db is required" worker
bad "worker on an unknown store" "unsupported store 'mysql://x'" worker --db mysql://x
bad "worker lease" "--lease: must be a number from 0.1 to 3600" worker --db "$db" --lease 0
bad "worker threads" "--threads: must be a whole number from 1 to 64" worker --db "$db" --threads 0

python3 - "$db" "${ports[*]}" "${pids[0]}" "${pids[3]}" "$tmp" "$root/tests/cli/lib" \
  <<'PY' >"$tmp/report" 2>&1
import json, os, random, signal, subprocess, sys, threading, time, http.client
sys.path.insert(0, sys.argv[6])
from ws_client import Ws

db, ports, server_pid, worker_pid, tmp = sys.argv[1], [int(p) for p in sys.argv[2].split()], \
    int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
killed_port = ports[0]
rng = random.Random(5)
lock = threading.Lock()
acks = []        # (game id, ply, move text) of every move answered 200
problems = []
server_dead = threading.Event()
GAMES, RUN_S, KILL_AT_S = 50, 30.0, 8.0

def sql(query):
    out = subprocess.run(["psql", db, "-tAF", "\t", "-c", query], capture_output=True, text=True,
                         check=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]

def call(port, method, path, body=None, token=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"}
    if token: headers["Authorization"] = "Bearer " + token
    try:
        c.request(method, path, json.dumps(body) if body is not None else None, headers)
        r = c.getresponse()
        data = r.read()
    finally:
        c.close()
    try: return r.status, json.loads(data)
    except ValueError: return r.status, data

def any_call(turn, method, path, body=None, token=None):
    """The call on the server whose turn it is, else the next ones (one may be dead). A move sent
    again after a lost answer is safe: it names its ply, so a stored one is refused (409)."""
    for k in range(len(ports)):
        port = ports[(turn + k) % len(ports)]
        if port == killed_port and server_dead.is_set(): continue
        try:
            st, data = call(port, method, path, body, token)
            return st, data, port
        except (OSError, http.client.HTTPException):
            continue
    raise OSError("no server answers")

def pick_move(port, gid, ply):
    """A legal move at `ply`, found by clicking through the legal endpoint of the server that
    showed the game at `ply`; None when that server has moved on meanwhile (it heard of another
    server's change: its answers may mix two positions) or cannot be reached."""
    clicks = []
    try:
        for _ in range(12):
            q = "?clicks=" + ",".join(clicks) if clicks else ""
            st, legal = call(port, "GET", "/api/games/%s/legal%s" % (gid, q))
            if st != 200: return None
            if legal["complete"] and (not legal["next"] or rng.random() < 0.5):
                move = rng.choice(legal["complete"])["text"]
                st, game = call(port, "GET", "/api/games/" + gid)
                return move if st == 200 and game["ply"] == ply else None
            if not legal["next"]: return None
            clicks.append(rng.choice(legal["next"])["click"])
    except (OSError, http.client.HTTPException):
        pass
    return None

games = {}  # game id -> kind
def play(i, stop):
    ai = i % 5 < 3
    # Level 9 searches for its whole movetime (0.1 s): a worker is nearly always mid-search.
    seats = (["ai:9", "human"] if i % 2 else ["human", "ai:9"]) if ai else ["human", "open"]
    body = {"game": "traverse", "seats": seats, "time_control": "5+3" if i % 7 == 0 else "none"}
    try:
        st, made, _ = any_call(i, "POST", "/api/games", body)
        if st != 201:
            with lock: problems.append("create: %s %s" % (st, made))
            return
        gid = made["game"]["id"]
        tokens = {int(k): v for k, v in made["tokens"].items()}
        if not ai:  # the second player joins through another server
            st, joined, _ = any_call(i + 1, "POST", "/api/games/%s/join" % gid, {"seat": 1})
            if st != 200:
                with lock: problems.append("join: %s %s" % (st, joined))
                return
            tokens[1] = joined["tokens"]["1"]
        with lock: games[gid] = "ai" if ai else "people"
        turn = i
        while not stop.is_set():
            turn += 1
            st, game, port = any_call(turn, "GET", "/api/games/" + gid)
            if st != 200 or game["status"] != "playing": return
            seat = game["to_move"]
            if seat not in tokens:  # the AI's turn: a worker plays it
                time.sleep(0.03)
                continue
            move = pick_move(port, gid, game["ply"])
            if not move: continue
            st, answer, _ = any_call(turn + 1, "POST", "/api/games/%s/moves" % gid,
                                     {"move": move, "ply": game["ply"]}, tokens[seat])
            if st == 200:
                with lock: acks.append((gid, game["ply"], answer["moves"][game["ply"]]))
            elif st not in (409, 503):
                with lock: problems.append("move %s in %s: %s %s" % (move, gid, st, answer))
    except OSError as e:
        with lock: problems.append("game %d: %s" % (i, e))

def counts():
    return {g: int(n) for g, n in sql("SELECT game_id, COUNT(*) FROM moves GROUP BY game_id")}

stop = threading.Event()
threads = [threading.Thread(target=play, args=(i, stop)) for i in range(GAMES)]
start = time.time()
for t in threads: t.start()

# The worker dies while it holds jobs: killed once it holds one, then its jobs are noted.
time.sleep(KILL_AT_S)
for _ in range(250):
    if sql("SELECT 1 FROM ai_jobs WHERE lease_owner LIKE 'w1/%' AND lease_until_ms > 0"): break
    time.sleep(0.02)
os.kill(worker_pid, signal.SIGKILL)
dead_jobs = sql("SELECT game_id, ply FROM ai_jobs WHERE lease_owner LIKE 'w1/%'")
time.sleep(0.5)
os.kill(server_pid, signal.SIGKILL)
server_dead.set()
time.sleep(0.2)
at_kill = counts()
playing_at_kill = {g for (g,) in sql("SELECT id FROM games WHERE status = 'playing'")}

time.sleep(max(0.0, RUN_S - (time.time() - start)))
stop.set()
for t in threads: t.join(15)
time.sleep(1.0)  # the last AI moves and notices settle

def watch_ai_turns(port, turns):
    """A watcher of a game against the AI, on the server its moves are made on: how many of the
    AI's turns showed the worker's search (`thinking`: the AI's seat, a depth, a line) before
    the AI's move, and what went wrong, if anything."""
    st, made = call(port, "POST", "/api/games", {"game": "traverse", "seats": ["human", "ai:9"]})
    if st != 201: return 0, "create: %s %s" % (st, made)
    gid, token = made["game"]["id"], made["tokens"]["0"]
    ws = Ws(port, "/api/games/%s/ws" % gid, timeout=10)
    game = ws.recv()["game"]
    shown = 0
    try:
        for _ in range(turns):
            move = None
            for _ in range(5):
                move = pick_move(port, gid, game["ply"])
                if move: break
            if not move: return shown, "no move at ply %d" % game["ply"]
            st, answer = call(port, "POST", "/api/games/%s/moves" % gid,
                              {"move": move, "ply": game["ply"]}, token)
            if st != 200: return shown, "move: %s %s" % (st, answer)
            ai_ply = game["ply"] + 1
            seen = []
            while True:
                m = ws.recv()
                if m.get("type") == "thinking": seen.append(m)
                if m.get("type") == "state" and m["game"]["ply"] > ai_ply:
                    game = m["game"]
                    break
            if any(t["seat"] == 1 and t["depth"] >= 1 and t["pv"] for t in seen): shown += 1
            if game["status"] != "playing": break
    except (OSError, ValueError) as e:
        return shown, "watcher: %s" % e
    finally:
        ws.close()
    return shown, ""

THINKING_TURNS = 4
thinking_shown, thinking_problem = watch_ai_turns(ports[1], THINKING_TURNS)

stored = {(g, int(p)): text for g, p, text in sql("SELECT game_id, ply, text FROM moves")}
missing = [a for a in acks if stored.get((a[0], a[1])) != a[2]]
now = {}
for g, _ in stored: now[g] = now.get(g, 0) + 1
finished = {g for (g,) in sql("SELECT id FROM games WHERE status <> 'playing'")}
stalled = [g for g in games if g in playing_at_kill and g not in finished
           and now.get(g, 0) < at_kill.get(g, 0) + 2]
undone = [(g, p) for g, p in dead_jobs if (g, int(p)) not in stored and g not in finished]
w2 = open(os.path.join(tmp, "w2.log")).read()
taken_over = [(g, p) for g, p in dead_jobs if "game %s ply %s (attempt" % (g, p) in w2]
# The surviving servers show what the database holds (read again: a last AI move may land late).
disagree = 0
for gid in games:
    for port in ports[1:]:
        for _ in range(50):
            want = [t for (t,) in sql("SELECT text FROM moves WHERE game_id = '%s' ORDER BY ply" % gid)]
            st, g = call(port, "GET", "/api/games/" + gid)
            got = g.get("moves") if st == 200 else None
            if got == want: break
            time.sleep(0.05)
        disagree += got != want
ai_moves = sql("SELECT COUNT(*) FROM moves m JOIN seats s ON s.game_id = m.game_id AND "
               "s.seat = m.seat WHERE s.kind = 'ai'")[0][0]
print("games %d" % len(games))
print("ai_games %d" % sum(1 for k in games.values() if k == "ai"))
print("acked %d" % len(acks))
print("ai_moves %s" % ai_moves)
print("missing %d" % len(missing))
print("playing_at_kill %d" % len(playing_at_kill))
print("stalled %d" % len(stalled))
print("dead_worker_jobs %d" % len(dead_jobs))
print("dead_jobs_undone %d" % len(undone))
print("dead_jobs_taken_by_w2 %d" % len(taken_over))
print("servers_disagree %d" % disagree)
print("thinking_shown %d" % thinking_shown)
print("thinking_problem %s" % thinking_problem)
print("seconds %.0f" % (time.time() - start))
for p in problems[:5]: print("problem " + p)
for a in missing[:5]: print("missing " + repr(a))
for g in stalled[:5]: print("stalled " + g)
PY
report=$(cat "$tmp/report")
field() { sed -n "s/^$1 \(.*\)/\1/p" <<<"$report"; }
check "fifty games" 50 "$(field games)"
check "thirty against the AI" 30 "$(field ai_games)"
check "moves were acknowledged" 1 "$([ "$(field acked)" -gt 100 ] 2>/dev/null && echo 1)"
check "workers played AI moves" 1 "$([ "$(field ai_moves)" -gt 50 ] 2>/dev/null && echo 1)"
check "every acknowledged move is stored" 0 "$(field missing)"
check "games were playing at the kill" 1 "$([ "$(field playing_at_kill)" -gt 0 ] 2>/dev/null && echo 1)"
check "every game went on through the other servers" 0 "$(field stalled)"
check "the dead worker held jobs" 1 "$([ "$(field dead_worker_jobs)" -gt 0 ] 2>/dev/null && echo 1)"
check "the dead worker's jobs are done" 0 "$(field dead_jobs_undone)"
check "by the other worker" "$(field dead_worker_jobs)" "$(field dead_jobs_taken_by_w2)"
check "the surviving servers show the database" 0 "$(field servers_disagree)"
check "a watcher saw the worker's search at each AI turn" 4 "$(field thinking_shown)"
check "the watcher's game went as played" "" "$(field thinking_problem)"
check "no client problem" "" "$(grep '^problem' <<<"$report")"
check "the killed server is gone" "" "$(kill -0 "${pids[0]}" 2>/dev/null && echo alive)"
for i in 1 2; do
  check "server $i still running" 1 "$(kill -0 "${pids[$i]}" 2>/dev/null && echo 1)"
done
check "worker w2 still running" 1 "$(kill -0 "${pids[4]}" 2>/dev/null && echo 1)"
if [ "$fails" -gt 0 ] || [ -n "${VERBOSE:-}" ]; then
  echo "--- report"; echo "$report"
  for f in server1 server2 w1 w2; do echo "--- $f.log (tail)"; tail -5 "$tmp/$f.log"; done
fi
# A worker stops cleanly on SIGTERM and says what it did.
kill -TERM "${pids[4]}"
for _ in $(seq 100); do kill -0 "${pids[4]}" 2>/dev/null || break; sleep 0.05; done
contains "w2 stops on SIGTERM with its tally" "jobs claimed" "$(cat "$tmp/w2.log")"
echo "$(field seconds) s of play: $(field acked) moves acknowledged, $(field ai_moves) AI moves"
finish serve_workers
