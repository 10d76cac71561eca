// The analysis board's speed against a running `arbiter serve` (bench/review_bench.sh starts
// it): the review of a stored game as a server job, and the time from a position change to its
// first engine line on the analysis WebSocket (docs/analysis.md "Speed").
//
//   node review_bench.mjs URL ARBITER RECORD PLIES [CHANGES]
//
// Plays the first PLIES moves of RECORD (its game and parameters) as a new game with every seat
// human, resigns it unless it ended, asks for its review and times it (created to done); then
// sends CHANGES positions of the game (every few plies) to /api/analysis/ws, each as soon as
// the previous one's first line came, and times each first line. Prints one line per figure;
// exits 1 when the review took over 15 s or a first line over 300 ms (the targets).

import { execFileSync } from 'node:child_process';

const [url, arbiter, record, pliesArg, changesArg] = process.argv.slice(2);
const plies = Number(pliesArg);
const changes = Number(changesArg ?? 40);
const kReviewTarget = 15; // seconds
const kFirstLineTarget = 300; // ms

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

const shown = JSON.parse(execFileSync(arbiter, ['show', record, '--json'], { encoding: 'utf8' }));
const moves = shown.moves.slice(0, plies).map((m) => m.move);
const players = shown.returns.length;
const seated = await call('POST', '/api/games', { game: shown.game, params: shown.params, seats: Array(players).fill('human') });
const id = seated.game.id;
const token = seated.tokens['0'];
let game = seated.game;
for (const move of moves) game = await call('POST', `/api/games/${id}/moves`, { move }, token);
if (game.status !== 'finished') game = await call('POST', `/api/games/${id}/resign`, { seat: game.to_move }, token);
const what = `${moves.length} plies (${moves.length + 1} positions), ${shown.game} ${shown.params}`;

// The review, from the request to the stored report.
const started = performance.now();
await call('POST', `/api/games/${id}/review`, {});
let state;
for (;;) {
  state = await call('GET', `/api/games/${id}/review`);
  if (state.status === 'done' || state.status === 'failed') break;
  await new Promise((r) => setTimeout(r, 20));
}
const reviewSeconds = (performance.now() - started) / 1000;
if (state.status !== 'done') throw new Error(`the review failed: ${state.error}`);
console.log(`review: ${what}: ${reviewSeconds.toFixed(2)} s (${state.report.settings})`);

// Position changes on the analysis socket: each position as soon as the last one showed a line.
const ws = new WebSocket(url.replace(/^http/, 'ws') + '/api/analysis/ws');
await new Promise((resolve, reject) => {
  ws.onopen = resolve;
  ws.onerror = () => reject(new Error('the analysis socket did not open'));
});
const firstLines = [];
let waiting = null;
ws.onmessage = (ev) => {
  const m = JSON.parse(ev.data);
  if (!waiting || m.request !== waiting.request) return;
  if (m.type !== 'info') throw new Error(`analysis: ${ev.data}`);
  if (!m.lines.length && !m.final) return;
  firstLines.push(performance.now() - waiting.sent);
  const done = waiting.resolve;
  waiting = null;
  done();
};
const step = Math.max(1, Math.floor(moves.length / changes));
for (let k = 0; k < changes; k++) {
  const ply = Math.min(moves.length, k * step);
  await new Promise((resolve) => {
    waiting = { request: k + 1, sent: performance.now(), resolve };
    ws.send(JSON.stringify({ type: 'analyse', request: k + 1, id, ply, lines: 3 }));
  });
  await new Promise((r) => setTimeout(r, 50)); // the board is looked at a moment
}
ws.send(JSON.stringify({ type: 'stop' }));
ws.close();
firstLines.sort((a, b) => a - b);
const at = (q) => firstLines[Math.min(firstLines.length - 1, Math.floor(q * firstLines.length))];
const worst = firstLines[firstLines.length - 1];
console.log(
  `first line after a position change (${firstLines.length} changes, multi-PV 3): median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${worst.toFixed(1)} ms`,
);
const ok = reviewSeconds <= kReviewTarget && worst <= kFirstLineTarget;
if (!ok) console.log(`target missed: review <= ${kReviewTarget} s, first line <= ${kFirstLineTarget} ms`);
process.exit(ok ? 0 : 1);
