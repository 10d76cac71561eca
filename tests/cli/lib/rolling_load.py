"""The load of tests/cli/serve_rolling.sh: clients playing through nginx while the servers behind
it restart one at a time, each noting what it was answered, then the checks of what is stored.

Usage: rolling_load.py FRONT_PORT SERVER_PORTS TMP
  SERVER_PORTS: the servers' own ports, comma-separated. Plays until TMP/stop exists; then reads
  TMP/phases (lines "NAME SECONDS", time.time() stamps written by the script: "term0", "exit0",
  "term1", "exit1") and prints its report, one "name value" line each, then "problem ..." lines.

The clients (docs/api.md): hot-seat games (one token for both seats, so every move of the game is
the client's own) and games against the AI (seat 1 at level 1), each client playing one game at
a time, a new one when it ends, with a WebSocket watcher on it that reconnects whenever it is
closed. A move is picked from GET legal?prefix= and sent with its ply.

Answers, precisely:
- retryable: a 502, 503 or 504, or no answer at all (the connection to nginx failed or closed).
  The same request is sent again (a move with the same ply: a stored one is refused 409, never
  played twice) every 50 ms for at most 5 s; a chain that gets no other answer is a problem.
- refused: 400 (a move picked from a server that had not yet heard of the last move: its list
  was of the position before) and 409 (a stale ply). They change nothing; the game is read back
  and, when a refused move is the one stored at its ply after a retryable answer, it was stored
  and its answer lost: it counts as the client's move (`answer_lost`).
- any other 4xx or 5xx: a problem.
"""
import http.client
import json
import os
import random
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import Ws  # noqa: E402

front = int(sys.argv[1])
server_ports = [int(p) for p in sys.argv[2].split(",")]
tmp = sys.argv[3]
CLIENTS, AI_CLIENTS = 8, 3
RETRYABLE = (502, 503, 504)
lock = threading.Lock()
problems = []
tally = {"retryable": 0, "retried_ok": 0, "refused": 0, "answer_lost": 0, "games": 0,
         "ai_waits": 0}
retryable_by = {}  # status (0: no answer) -> count
retry_samples = []  # the first few retryable answers, for the report
stop = threading.Event()


def tail(moves):
    """A move list as a problem line names it: its length and its last moves."""
    return "%d moves ...%s" % (len(moves), moves[-3:])


def problem(text):
    with lock:
        problems.append(text)


def count(name, n=1):
    with lock:
        tally[name] += n


class Http:
    """One keep-alive connection to a port, opened again after a failure."""

    def __init__(self, port):
        self.port = port
        self.c = None

    def once(self, method, path, body=None, token=None):
        if self.c is None:
            self.c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = "Bearer " + token
        try:
            self.c.request(method, path, json.dumps(body) if body is not None else None, headers)
            r = self.c.getresponse()
            data = r.read()
            if r.getheader("Connection", "").lower() == "close":
                self.c.close()
                self.c = None
        except (OSError, http.client.HTTPException):
            self.c.close()
            self.c = None
            return 0, None
        try:
            return r.status, json.loads(data)
        except ValueError:
            return r.status, data

    def call(self, method, path, body=None, token=None):
        """(status, body, retried): the first answer that is not retryable, else (0, None, True)
        after 5 s of retryable ones."""
        retried = False
        deadline = None
        while True:
            st, data = self.once(method, path, body, token)
            if st not in RETRYABLE and st != 0:
                if retried:
                    count("retried_ok")
                if st >= 500:
                    problem("%s %s: %s %s" % (method, path, st, data))
                return st, data, retried
            count("retryable")
            with lock:
                retryable_by[st] = retryable_by.get(st, 0) + 1
                if len(retry_samples) < 5:
                    retry_samples.append("%.3f %s %s %s %.80r" % (time.time(), method, path, st, data))
            retried = True
            deadline = deadline or time.time() + 5
            if time.time() > deadline:
                problem("%s %s: still %s after 5 s of retries" % (method, path, st))
                return 0, None, True
            time.sleep(0.05)


class Game:
    def __init__(self, gid, token, ai):
        self.id, self.token, self.ai = gid, token, ai
        self.moves = []   # what the client knows is stored: its own moves and the AI's
        self.acked = []   # (ply, text) of each move answered 200
        self.lost = []    # (ply, text) of each stored move whose answer was lost
        self.done = False


class Client(threading.Thread):
    def __init__(self, i):
        super().__init__(daemon=True)
        self.i, self.ai = i, i < AI_CLIENTS
        self.rng = random.Random(i)
        self.http = Http(front)
        self.games = []
        self.current = None
        self.ack_times = []  # time.time() of each move answered 200

    def read(self, g, at_least):
        """The game as stored, once the server answering has heard of `at_least` moves (one
        that has not yet heard of the last is asked again), or the last read after 3 s."""
        game = None
        deadline = time.time() + 3
        while time.time() < deadline:
            st, game, _ = self.http.call("GET", "/api/games/" + g.id)
            if st != 200:
                problem("read %s: %s %s" % (g.id, st, game))
                return None
            if len(game["moves"]) >= at_least:
                break
            time.sleep(0.02)
        return game

    def new_game(self):
        seats = ["human", "ai:1"] if self.ai else ["human", "human"]
        st, made, _ = self.http.call("POST", "/api/games", {"game": "traverse", "seats": seats})
        if st != 201:
            problem("create: %s %s" % (st, made))
            time.sleep(0.2)
            return None
        count("games")
        g = Game(made["game"]["id"], made["tokens"]["0"], self.ai)
        self.games.append(g)
        self.current = g
        return g

    def step(self, g):
        ply = len(g.moves)
        st, legal, _ = self.http.call("GET", "/api/games/%s/legal?prefix=" % g.id)
        if st != 200:
            problem("legal %s: %s %s" % (g.id, st, legal))
            return
        if not legal["moves"]:
            game = self.read(g, ply)
            if game and game["status"] != "playing":
                g.done = True
            return
        move = self.rng.choice(legal["moves"])
        st, answer, retried = self.http.call("POST", "/api/games/%s/moves" % g.id,
                                             {"move": move, "ply": ply}, g.token)
        if st == 200:
            text = answer["moves"][ply]
            g.acked.append((ply, text))
            g.moves.append(text)
            self.ack_times.append(time.time())
            if answer["status"] != "playing":
                g.done = True
            elif g.ai:
                self.await_ai(g)
            return
        if st not in (400, 409):
            if st and st < 500:
                problem("move %s at %d in %s: %s %s" % (move, ply, g.id, st, answer))
            return
        count("refused")
        game = self.read(g, ply + 1 if retried else ply)
        if game is None:
            return
        stored = game["moves"]
        if stored[:ply] != g.moves:
            problem("game %s: stored %s, the client knows %s" % (g.id, tail(stored), tail(g.moves)))
            g.done = True
        elif retried and len(stored) > ply:
            # Sent again after a retryable answer, and its ply is taken: by this very move (its
            # answer was lost), for nobody else moves at this ply.
            if stored[ply] != move:
                problem("game %s: stored %s at ply %d, the client sent %s" % (g.id, stored[ply], ply, move))
                g.done = True
                return
            count("answer_lost")
            g.lost.append((ply, stored[ply]))
            g.moves.append(stored[ply])
            if g.ai:
                self.await_ai(g)

    def await_ai(self, g):
        """Waits for the AI's reply to the client's move: the game stored with one move more, or
        ended; a game whose AI does not answer within 10 s is a problem (it was dropped)."""
        count("ai_waits")
        deadline = time.time() + 10
        while time.time() < deadline:
            st, game, _ = self.http.call("GET", "/api/games/" + g.id)
            if st == 200 and len(game["moves"]) > len(g.moves):
                if game["moves"][:len(g.moves)] != g.moves:
                    problem("game %s: stored %s, the client knows %s" % (g.id, tail(game["moves"]), tail(g.moves)))
                    g.done = True
                    return
                g.moves = game["moves"]
                g.done = game["status"] != "playing"
                return
            if st == 200 and game["status"] != "playing":
                g.done = True
                return
            time.sleep(0.03)
        problem("game %s: no AI move at ply %d within 10 s" % (g.id, len(g.moves)))
        g.done = True

    def run(self):
        while not stop.is_set():
            g = self.current if self.current and not self.current.done else self.new_game()
            if g is not None:
                self.step(g)


class Watcher(threading.Thread):
    """A WebSocket on the client's game, through nginx, opened again whenever it closes. Notes
    when a server closed it (`drops`, with the time) and the last state it was sent."""

    def __init__(self, client):
        super().__init__(daemon=True)
        self.client = client
        self.drops = []       # time.time() of each close by the server
        self.reconnects = []  # seconds from a drop to the next state
        self.last = {}        # game id -> the ply of the last state

    def run(self):
        dropped_at = None
        while True:
            g = self.client.current
            if g is None:
                time.sleep(0.05)
                continue
            try:
                ws = Ws(front, "/api/games/%s/ws" % g.id, timeout=2)
            except OSError:
                time.sleep(0.05)
                continue
            if ws.status != 101:
                if ws.status in RETRYABLE:
                    count("retryable")
                    with lock:
                        retryable_by[ws.status] = retryable_by.get(ws.status, 0) + 1
                else:
                    problem("WebSocket upgrade of %s answered %s" % (g.id, ws.status))
                ws.close()
                time.sleep(0.05)
                continue
            try:
                while self.client.current is g:
                    m = ws.recv()
                    if m.get("type") != "state":
                        continue
                    self.last[g.id] = m["game"]["ply"]
                    if dropped_at is not None:
                        self.reconnects.append(time.time() - dropped_at)
                        dropped_at = None
            except socket.timeout:
                pass  # a quiet game: its socket is opened again, which sends its state
            except (OSError, ValueError):
                if not stop.is_set():
                    self.drops.append(time.time())
                    dropped_at = time.time()
            ws.close()


def settle_read(port, gid, want):
    """The game's moves as a server answers them, read until they are `want` (a server hears of
    another's moves shortly after) or 3 s have passed."""
    h = Http(port)
    got = None
    for _ in range(60):
        st, game = h.once("GET", "/api/games/" + gid)
        got = game["moves"] if st == 200 else st
        if got == want:
            break
        time.sleep(0.05)
    return got


clients = [Client(i) for i in range(CLIENTS)]
watchers = [Watcher(c) for c in clients]
for t in clients + watchers:
    t.start()
open(os.path.join(tmp, "ready"), "w").close()
while not os.path.exists(os.path.join(tmp, "stop")):
    time.sleep(0.05)
stop.set()
for c in clients:
    c.join(15)
time.sleep(0.5)

phases = {}
for line in open(os.path.join(tmp, "phases")):
    name, at = line.split()
    phases[name] = float(at)

games = [g for c in clients for g in c.games]
acked = sum(len(g.acked) for g in games)
missing = mismatched = 0
for g in games:
    stored = settle_read(front, g.id, g.moves)
    if not isinstance(stored, list):
        problem("game %s: read back %s" % (g.id, stored))
        mismatched += 1
        continue
    for ply, text in g.acked + g.lost:
        if ply >= len(stored) or stored[ply] != text:
            missing += 1
            problem("game %s: acknowledged %s at ply %d, stored %s" % (g.id, text, ply, tail(stored)))
    # Every move of a hot-seat game is the client's; of a game against the AI, the client's
    # and the AI's replies it waited for.
    if stored != g.moves:
        mismatched += 1
        problem("game %s: stored %s, the client knows %s" % (g.id, tail(stored), tail(g.moves)))
    for port in server_ports:
        if settle_read(port, g.id, stored) != stored:
            mismatched += 1
            shown = settle_read(port, g.id, stored)
            problem("game %s: the server on %d shows %s" % (g.id, port, tail(shown) if isinstance(shown, list) else shown))

# The watchers see the final state of their games (through nginx, on either server).
stale_watchers = 0
for w in watchers:
    g = w.client.current
    for _ in range(60):
        if g is None or w.last.get(g.id) == len(g.moves):
            break
        time.sleep(0.05)
    if g is not None and w.last.get(g.id) != len(g.moves):
        stale_watchers += 1
        problem("watcher of %s: last state at ply %s, stored %d" % (g.id, w.last.get(g.id), len(g.moves)))

ack_times = [t for c in clients for t in c.ack_times]
drops = [t for w in watchers for t in w.drops]
reconnects = [s for w in watchers for s in w.reconnects]
for k in range(len(server_ports)):
    term, exit_ = phases.get("term%d" % k, 0), phases.get("exit%d" % k, 0)
    print("acked_in_drain_%d %d" % (k, sum(1 for t in ack_times if term <= t <= exit_)))
    print("ws_drops_%d %d" % (k, sum(1 for t in drops if term <= t <= exit_ + 0.5)))
print("games %d" % len(games))
print("ai_games %d" % sum(1 for g in games if g.ai))
print("acked %d" % acked)
print("ai_waits %d" % tally["ai_waits"])
print("missing %d" % missing)
print("mismatched %d" % mismatched)
print("answer_lost %d" % tally["answer_lost"])
print("refused %d" % tally["refused"])
print("retryable %d" % tally["retryable"])
print("retryable_by %s" % ",".join("%d:%d" % kv for kv in sorted(retryable_by.items())))
print("retried_ok %d" % tally["retried_ok"])
print("ws_drops %d" % len(drops))
print("ws_reconnect_max %.2f" % max(reconnects or [0]))
print("stale_watchers %d" % stale_watchers)
for r in retry_samples:
    print("retry_sample " + r)
for p in problems[:10]:
    print("problem " + p.replace("\n", " "))
