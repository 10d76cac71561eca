#!/usr/bin/env bash
# `arbiter serve` under faults: clients over HTTP and WebSocket play many games (against each
# other and against the AI) while the server is killed with SIGKILL at random moments, six times,
# and started again on the same database. Every acknowledged move must be stored, and every game
# must replay to the state its clients were told; the WAL stays bounded. Then a full disk (a
# small tmpfs where one can be mounted, else a file-size limit): moves are refused with a clear
# error, health says the store cannot write, and nothing acknowledged before is lost.
# Usage: serve_faults.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$(realpath "$1")
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
mounted=""
cleanup() {
  [ -n "$mounted" ] && umount "$mounted" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

python3 - "$arbiter" "$tmp" "$(cd "$(dirname "$0")/lib" && pwd)" <<'PY' >"$tmp/report" 2>&1
import json, os, random, subprocess, sys, threading, time, http.client
sys.path.insert(0, sys.argv[3])
from ws_client import Ws

arbiter, tmp = sys.argv[1], sys.argv[2]
rng = random.Random(7)
db = os.path.join(tmp, "faults.db")
acked = {}           # game id -> (ply, position) of the last acknowledged state
acked_lock = threading.Lock()
problems = []

def start(db_path, limit_kb=None):
    out = open(os.path.join(tmp, "server.out"), "w")
    cmd = [arbiter, "serve", "--port", "0", "--db", "sqlite:" + db_path, "--web",
           os.path.join(tmp, "no-web"), "--rate-limit", "0", "--ai-movetime", "0.02"]
    pre = None
    if limit_kb:
        import resource
        pre = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit_kb * 1024, limit_kb * 1024))
    p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, preexec_fn=pre)
    for _ in range(600):
        text = open(os.path.join(tmp, "server.out")).read()
        if "serving http://localhost:" in text:
            return p, int(text.split("localhost:")[1].split()[0])
        if p.poll() is not None:
            break
        time.sleep(0.05)
    raise SystemExit("the server did not start: " + open(os.path.join(tmp, "server.out")).read())

def call(port, method, path, body=None, token=None, timeout=10):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json"}
    if token: headers["Authorization"] = "Bearer " + token
    c.request(method, path, json.dumps(body) if body is not None else None, headers)
    r = c.getresponse()
    data = r.read()
    c.close()
    try: return r.status, json.loads(data)
    except ValueError: return r.status, data

def pick_move(port, gid):
    """A legal move, found by clicking through the legal endpoint."""
    clicks = []
    for _ in range(12):
        q = "?clicks=" + ",".join(clicks) if clicks else ""
        st, legal = call(port, "GET", "/api/games/%s/legal%s" % (gid, q))
        if st != 200: return None
        if legal["complete"] and (not legal["next"] or rng.random() < 0.5):
            return rng.choice(legal["complete"])["text"]
        if not legal["next"]: return None
        clicks.append(rng.choice(legal["next"])["click"])
    return None

def note(gid, game):
    with acked_lock:
        if gid not in acked or game["ply"] >= acked[gid][0]:
            acked[gid] = (game["ply"], game["position"])

def http_player(port, stop, ai):
    try:
        st, made = call(port, "POST", "/api/games", {"game": "traverse", "seats": ["human", "ai:1" if ai else "human"]})
        if st != 201: return
        gid, token = made["game"]["id"], made["tokens"]["0"]
        note(gid, made["game"])
        while not stop.is_set():
            st, game = call(port, "GET", "/api/games/" + gid)
            if st != 200 or game["status"] != "playing": return
            if game["to_move"] != 0 and ai: time.sleep(0.02); continue
            move = pick_move(port, gid)
            if not move: return
            st, answer = call(port, "POST", "/api/games/%s/moves" % gid, {"move": move, "ply": game["ply"]}, token)
            if st == 200: note(gid, answer)
    except (OSError, http.client.HTTPException, ValueError):
        pass  # the server was killed

def ws_player(port, stop):
    try:
        st, made = call(port, "POST", "/api/games", {"game": "traverse", "seats": ["human", "human"]})
        if st != 201: return
        gid, token = made["game"]["id"], made["tokens"]["0"]
        note(gid, made["game"])
        ws = Ws(port, "/api/games/%s/ws" % gid)
        game = ws.recv()["game"]
        while not stop.is_set() and game["status"] == "playing":
            move = pick_move(port, gid)
            if not move: return
            ws.send({"type": "move", "move": move, "token": token, "ply": game["ply"]})
            while True:
                m = ws.recv()
                if m.get("type") == "error": return
                if m.get("type") == "state" and m["game"]["ply"] > game["ply"]:
                    game = m["game"]; note(gid, game); break
    except (OSError, ValueError):
        pass

def verify(port, label):
    bad = 0
    for gid, (ply, position) in list(acked.items()):
        st, game = call(port, "GET", "/api/games/%s?at=%d" % (gid, ply))
        if st != 200 or game["position"] != position:
            bad += 1
            if bad < 4: problems.append("%s: game %s at ply %d: %s" % (label, gid, ply, st))
        st, now = call(port, "GET", "/api/games/" + gid)
        if st != 200 or now["ply"] < ply:
            bad += 1
            if bad < 4: problems.append("%s: game %s lost acknowledged moves (%s < %d)" % (label, gid, now.get("ply"), ply))
    return bad

kills = 0
for round_ in range(6):
    server, port = start(db)
    if acked and verify(port, "after kill %d" % kills): break
    stop = threading.Event()
    threads = [threading.Thread(target=http_player, args=(port, stop, i % 2 == 0)) for i in range(6)]
    threads += [threading.Thread(target=ws_player, args=(port, stop)) for _ in range(4)]
    for t in threads: t.start()
    time.sleep(rng.uniform(1.0, 3.0))
    server.kill(); server.wait(); kills += 1   # SIGKILL at a random moment
    stop.set()
    for t in threads: t.join(10)
server, port = start(db)
bad = verify(port, "final")
wal = os.path.join(tmp, "faults.db-wal")
wal_size = os.path.getsize(wal) if os.path.exists(wal) else 0
st, health = call(port, "GET", "/api/health")
server.terminate(); server.wait()
print("kills %d" % kills)
print("games %d" % len(acked))
print("moves %d" % sum(p for p, _ in acked.values()))
print("mismatches %d" % bad)
print("wal_bounded %d" % (wal_size <= 64 << 20))
print("healthy %d" % (st == 200 and health.get("ok") is True))

# A full disk: a 1 MiB tmpfs when one can be mounted here, else a 1 MiB file-size limit.
full_dir = os.path.join(tmp, "full")
os.makedirs(full_dir)
how = "limit"
if os.geteuid() == 0 and subprocess.call(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", full_dir],
                                         stderr=subprocess.DEVNULL) == 0:
    how = "tmpfs"
    open(os.path.join(tmp, "mounted"), "w").write(full_dir)
full_db = os.path.join(full_dir, "full.db")
server, port = start(full_db, None if how == "tmpfs" else 1024)
st, made = call(port, "POST", "/api/games", {"game": "traverse", "seats": ["human", "human"]})
gid, token = made["game"]["id"], made["tokens"]["0"]
stored, refused, last = 0, None, None
for _ in range(20000):
    move = pick_move(port, gid)
    if not move:  # finished: a new game
        st, made = call(port, "POST", "/api/games", {"game": "traverse", "seats": ["human", "human"], "params": ""})
        if st != 201: refused = (st, made); break
        gid, token = made["game"]["id"], made["tokens"]["0"]; continue
    st, game = call(port, "GET", "/api/games/" + gid)
    st, answer = call(port, "POST", "/api/games/%s/moves" % gid, {"move": move, "ply": game["ply"]}, token)
    if st != 200: refused = (st, answer); break
    stored += 1
    acked_full = (gid, answer["ply"], answer["position"])
    # pad the database faster: a long-lived disk fills with games, not only moves
    for _ in range(5): call(port, "POST", "/api/games", {"game": "traverse", "seats": ["human", "human"]})
st_h, health = call(port, "GET", "/api/health")
server.kill(); server.wait()
print("full_disk_how %s" % how)
print("full_refused %d" % (refused is not None and refused[0] == 503))
print("full_message %d" % (refused is not None and "cannot write" in str(refused[1])))
print("full_health %d" % (st_h == 503))
if refused: print("full_error %s" % str(refused[1])[:200])
if how == "tmpfs":
    server, port = start(full_db)
else:
    server, port = start(full_db)
gid, ply, position = acked_full
st, game = call(port, "GET", "/api/games/%s?at=%d" % (gid, ply))
print("full_kept %d" % (st == 200 and game["position"] == position))
server.terminate(); server.wait()
for p in problems: print("problem " + p)
PY
status=$?
if [ -f "$tmp/mounted" ]; then mounted=$(cat "$tmp/mounted"); fi
report=$(cat "$tmp/report")
value() { sed -n "s/^$1 //p" <<<"$report" | head -1; }
check "script ran" 0 "$status"
check "killed at least 5 times" 1 "$(( $(value kills) >= 5 ))"
check "played games" 1 "$(( $(value games) >= 10 ))"
check "every acknowledged move stored, every game replays the same" 0 "$(value mismatches)"
check "WAL bounded" 1 "$(value wal_bounded)"
check "healthy after the kills" 1 "$(value healthy)"
check "full disk: move refused 503" 1 "$(value full_refused)"
check "full disk: clear error" 1 "$(value full_message)"
check "full disk: health 503" 1 "$(value full_health)"
check "full disk: nothing acknowledged lost" 1 "$(value full_kept)"
echo "$report" | grep -v "^problem" | tr "\n" " "; echo
finish serve_faults
