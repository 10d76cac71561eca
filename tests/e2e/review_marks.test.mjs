// The review on the analysis board (docs/analysis.md "Accuracy and the review line"): every
// move numbered by rounds as the game page numbers them and marked best, good, inaccuracy,
// mistake or blunder as the server judged it; each player's accuracy (lichess's formula over the
// review's drops); the line that says how the game went; the graph's axes, move numbers, legend
// and text alternative. First the functions behind them, bundled from web/src/analysis/accuracy.ts.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { api, firstMove, launch, newPage, shot, sleep, startServer, TMP } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.join(here, '../../web');

// accuracy.ts as a module of Node's (esbuild from web/node_modules).
async function accuracyModule() {
  const esbuild = createRequire(path.join(web, 'package.json'))('esbuild');
  const out = await esbuild.build({ entryPoints: [path.join(web, 'src/analysis/accuracy.ts')], bundle: true, format: 'esm', write: false, logLevel: 'silent' });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
}

// The same formula, written out here: 103.1668 · e^(−0.04354 · drop in points) − 3.1669, in 0..100.
const accuracyOf = (drop) => Math.min(100, Math.max(0, 103.1668 * Math.exp(-0.04354 * Math.max(0, drop) * 100) - 3.1669));

test('accuracy, rounds and the decisive move, as functions', async () => {
  const m = await accuracyModule();
  assert.ok(Math.abs(m.moveAccuracy(0) - 100) < 0.001, 'the best move is 100');
  assert.ok(Math.abs(m.moveAccuracy(0.05) - 79.82) < 0.01);
  assert.ok(Math.abs(m.moveAccuracy(0.1) - 63.58) < 0.01);
  assert.ok(Math.abs(m.moveAccuracy(0.2) - 40.02) < 0.01);
  assert.equal(m.moveAccuracy(1), 0, 'a lost point is 0, never below');
  assert.ok(Math.abs(m.moveAccuracy(-0.1) - 100) < 0.001, 'a negative drop counts as none');
  const move = (ply, mover, drop, verdict, before, after) => ({ ply, mover, drop, verdict, expected_before: before, expected_after: after, move: `m${ply}`, player: '' });
  const moves = [
    move(1, 0, 0, 'best', [0.5, 0.5], [0.5, 0.5]),
    move(2, 1, 0.1, 'mistake', [0.5, 0.5], [0.55, 0.45]),
    move(3, 0, 0.3, 'blunder', [0.6, 0.4], [0.3, 0.7]),
    move(4, 1, 0.25, 'blunder', [0.3, 0.7], [0.6, 0.4]),
  ];
  const acc = m.playerAccuracies(moves, 2);
  assert.ok(Math.abs(acc[0] - (accuracyOf(0) + accuracyOf(0.3)) / 2) < 1e-9);
  assert.ok(Math.abs(acc[1] - (accuracyOf(0.1) + accuracyOf(0.25)) / 2) < 1e-9);
  assert.deepEqual(m.playerAccuracies([], 2), [null, null]);
  assert.equal(m.accuracyBand(95), 'accurate');
  assert.equal(m.accuracyBand(80), 'fair');
  assert.equal(m.accuracyBand(40), 'poor');
  // Plies 2, 3 and 4 each left a mover who was level or ahead behind (drops 0.1, 0.3, 0.25): the
  // largest turned the game.
  assert.deepEqual(m.decisiveMove(moves), { move: moves[2], turned: true });
  // No error that lost a lead: the costliest blunder.
  const behind = [move(5, 0, 0.4, 'blunder', [0.2, 0.8], [0.1, 0.9]), move(6, 1, 0.2, 'blunder', [0.9, 0.1], [0.95, 0.05])];
  assert.deepEqual(m.decisiveMove(behind), { move: behind[0], turned: false });
  assert.equal(m.decisiveMove([moves[0]]), null);
  // Rounds as the game page numbers its rows.
  assert.deepEqual([1, 2, 3, 4].map((p) => m.roundLabel(p, 2)), ['1.', '1…', '2.', '2…']);
  assert.deepEqual([1, 4, 5, 8].map((p) => m.roundLabel(p, 4)), ['1.', '1…', '2.', '2…']);
});

let server;
let browser;

before(async () => {
  // Reviews by node count: quick, and the same verdicts on every run.
  server = await startServer({ db: path.join(TMP, 'review_marks.db'), extra: ['--review-nodes', '300'] });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// A finished two-player Traverse game of `plies` first-offered moves, reviewed; its report.
async function reviewedGame(plies) {
  const seated = await api(server.url, 'POST', '/api/games', { game: 'traverse', seats: ['human', 'human'] });
  const id = seated.game.id;
  const token = seated.tokens['0'];
  for (let i = 0; i < plies; i++) await api(server.url, 'POST', `/api/games/${id}/moves`, { move: await firstMove(server.url, id) }, token);
  await api(server.url, 'POST', `/api/games/${id}/resign`, { seat: 0 }, token);
  await api(server.url, 'POST', `/api/games/${id}/review`, {});
  for (let i = 0; i < 600; i++) {
    const state = await api(server.url, 'GET', `/api/games/${id}/review`);
    if (state.status === 'done') return { id, report: state.report };
    assert.notEqual(state.status, 'failed', state.error);
    await sleep(100);
  }
  throw new Error('the review did not finish');
}

const kGlyphs = { best: '★', good: '✓', inaccuracy: '?!', mistake: '?', blunder: '??' };

test('the review on the board: marks on every move, rounds, accuracy, the review line, the graph', async () => {
  const { id, report } = await reviewedGame(16);
  const page = await newPage(browser);
  await page.goto(`${server.url}/#/analysis/${id}`);
  await page.waitForSelector('#review-status[data-status="done"]');
  await page.waitForSelector('#analysis-moves .verdict');

  // Every move of the main line carries its verdict, as the server judged it.
  assert.equal(await page.locator('#analysis-moves .move[data-main="1"] .verdict').count(), report.moves.length);
  for (const m of report.moves) {
    const mark = page.locator(`#analysis-moves .move[data-main="1"][data-ply="${m.ply}"] .verdict`);
    assert.equal(await mark.getAttribute('data-verdict'), m.verdict, `ply ${m.ply}`);
    assert.equal(await mark.textContent(), kGlyphs[m.verdict], `ply ${m.ply}`);
  }
  assert.ok(report.moves.some((m) => m.verdict === 'best' || m.verdict === 'good'), 'some moves are fine');

  // Numbered by rounds: "1." before South's first move, none before North's, "2." next.
  const number = (ply) => page.locator(`#analysis-moves .move[data-ply="${ply}"] .move-number`);
  assert.equal(await number(1).textContent(), '1.');
  assert.equal(await number(2).count(), 0);
  assert.equal(await number(3).textContent(), '2.');
  assert.equal(await number(15).textContent(), '8.');

  // Each player's accuracy: the mean of the moves' accuracies.
  const accuracy = [0, 1].map((p) => {
    const mine = report.moves.filter((m) => m.mover === p);
    return mine.reduce((s, m) => s + accuracyOf(m.drop), 0) / mine.length;
  });
  for (const p of [0, 1]) {
    const cell = page.locator(`#review-panel tr[data-player="${p}"] td.accuracy`);
    assert.ok(Math.abs(Number(await cell.getAttribute('data-accuracy')) - accuracy[p]) < 0.06, `player ${p}`);
    assert.equal(await cell.textContent(), `${Math.round(accuracy[p])}%`);
  }

  // The review line names both players with their accuracy, and the move that decided the game.
  const line = await page.textContent('#review-line');
  const band = (a) => (a >= 90 ? 'played accurately' : a >= 70 ? 'played fairly well' : 'made costly errors');
  assert.ok(line.includes(`South ${band(accuracy[0])} (${Math.round(accuracy[0])}%).`), line);
  assert.ok(line.includes(`North ${band(accuracy[1])} (${Math.round(accuracy[1])}%).`), line);
  const lead = (e, p) => e[p] - Math.max(...e.filter((_, i) => i !== p));
  const errors = report.moves.filter((m) => m.verdict === 'mistake' || m.verdict === 'blunder');
  const turning = errors.filter((m) => lead(m.expected_before, m.mover) >= -0.02 && lead(m.expected_after, m.mover) < 0).sort((a, b) => b.drop - a.drop)[0];
  const label = (m) => `${Math.floor((m.ply - 1) / 2) + 1}${m.ply % 2 ? '.' : '…'} ${m.move}`;
  if (turning) assert.ok(line.includes(`${turning.verdict} at ${label(turning)} turned the game`), line);
  else assert.ok(!line.includes('turned the game'), line);
  if (!errors.length) assert.match(line, /Neither side made a mistake or a blunder/);
  assert.ok(await page.locator('#review-line').isVisible());

  // What the marks mean.
  assert.equal(await page.locator('#marks-legend li').count(), 5);
  assert.match(await page.textContent('#marks-legend li[data-verdict="blunder"]'), /20 points/);

  // The graph: its axes named and labelled, the move numbers, a legend of the players and marks,
  // and the graph in words for screen readers.
  const graph = page.locator('#eval-graph svg.eval-graph');
  assert.deepEqual(await page.locator('#eval-graph .graph-axis-name').allTextContents(), ['Move', 'Expected']);
  assert.deepEqual(await page.locator('#eval-graph .graph-label:not(.graph-tick):not(.graph-axis-name)').allTextContents(), ['0%', '50%', '100%']);
  const ticks = await page.locator('#eval-graph .graph-tick').allTextContents();
  assert.equal(ticks[0], '1');
  assert.ok(ticks.length >= 2 && ticks.length <= 8, `ticks ${ticks}`);
  assert.ok(await page.locator('#eval-graph .graph-tick').first().isVisible());
  assert.deepEqual(await page.locator('#eval-graph .graph-legend li[data-player]').allTextContents(), ['south', 'north']);
  const swatch = await page.locator('#eval-graph .graph-legend li[data-player="0"] .swatch').evaluate((e) => getComputedStyle(e).backgroundColor);
  const curve = await page.locator('#eval-graph .graph-curve[data-player="0"]').getAttribute('stroke');
  assert.ok(swatch && curve, 'the legend and the curve are coloured');
  assert.equal(await page.locator('#eval-graph .graph-legend li[data-verdict]').count(), 3);
  const title = await graph.getAttribute('aria-labelledby');
  assert.equal(await page.textContent(`[id="${title}"]`), 'Evaluation graph');
  const desc = await page.textContent(`[id="${await graph.getAttribute('aria-describedby')}"]`);
  assert.match(desc, /^south: \d+% at the start, \d+% at the end, lowest \d+% after .+, highest \d+% after .+\. north: /);
  const marked = report.moves.filter((m) => ['inaccuracy', 'mistake', 'blunder'].includes(m.verdict));
  if (marked.length) assert.ok(desc.includes(`Marked: ${marked[0].verdict} ${label(marked[0])}`), desc);
  assert.equal(await page.locator('#eval-graph .graph-point').count(), report.moves.length + 1);

  await shot(page, 'review-marks');

  // In French, the same line in French words.
  await page.evaluate(() => localStorage.setItem('arbiter.pref.language', 'fr'));
  await page.reload();
  await page.waitForSelector('#review-line');
  assert.match(await page.textContent('#review-line'), /\(\d+ %\)\./);
  assert.deepEqual(await page.locator('#eval-graph .graph-axis-name').allTextContents(), ['Coup', 'Attendu']);
  assert.deepEqual(page.errors, []);
});
