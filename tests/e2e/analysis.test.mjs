// The analysis board (docs/analysis.md "The web analysis board"): a finished game reviewed on the
// server, its marks in the move list and its graph; a mark and a point of the graph clicked; a
// variation explored on the board and left for the main line, the game untouched; engine lines,
// bars and the best move's arrow live; a pasted position and a record; a game being played,
// analysed by no one until it ends.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, firstMove, launch, newPage, startServer, TMP } from './helpers.mjs';

let server;
let browser;

before(async () => {
  // Reviews by node count: quick, and the same marks on every run.
  server = await startServer({ db: path.join(TMP, 'analysis.db'), extra: ['--review-nodes', '300'] });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// The first move the legal endpoint offers in the game: the first click each time until a move
// is complete.
// A two-player game of `plies` first-offered moves; resigned unless `playing`.
async function playedGame(plies, { playing = false } = {}) {
  const seated = await api(server.url, 'POST', '/api/games', { game: 'traverse', seats: ['human', 'human'] });
  const id = seated.game.id;
  const token = seated.tokens['0'];
  for (let i = 0; i < plies; i++) await api(server.url, 'POST', `/api/games/${id}/moves`, { move: await firstMove(server.url, id) }, token);
  if (!playing) await api(server.url, 'POST', `/api/games/${id}/resign`, { seat: 0 }, token);
  return { id, token, seated };
}

async function settled(page) {
  await page.waitForSelector('#analysis-board svg.board');
  await page.waitForSelector('#analysis-board:not([data-busy])');
}

test('review a finished game: marks and graph, a mark clicked, a variation explored and left', async () => {
  const { id } = await playedGame(16);
  const page = await newPage(browser);
  await page.goto(`${server.url}/#/analysis/${id}`);
  await settled(page);
  assert.equal(await page.getAttribute('#analysis-board', 'data-ply'), '16');

  // Live: engine lines, the best move's arrow, a bar per player.
  await page.waitForSelector('#engine-lines .engine-line');
  await page.waitForSelector('#analysis-board .analysis-arrow.best');
  assert.equal(await page.locator('#eval-bars .eval-bar').count(), 2);
  assert.notEqual(await page.getAttribute('#eval-bars .eval-bar[data-player="0"]', 'data-value'), '');

  // The review: asked for, run on the server, its marks for both seats and its graph.
  await page.click('#review-button');
  await page.waitForSelector('#review-status[data-status="done"]', { timeout: 60000 });
  const report = (await api(server.url, 'GET', `/api/games/${id}/review`)).report;
  const marked = report.moves.filter((m) => ['inaccuracy', 'mistake', 'blunder'].includes(m.verdict));
  assert.ok(marked.length > 0, 'first-offered moves make some mistakes');
  await page.waitForSelector('#analysis-moves .mark');
  assert.equal(await page.locator('#analysis-moves .mark').count(), marked.length);
  for (const m of marked) {
    const mark = await page.textContent(`#analysis-moves .move[data-main="1"][data-ply="${m.ply}"] .mark`);
    assert.equal(mark, { inaccuracy: '?!', mistake: '?', blunder: '??' }[m.verdict]);
  }
  assert.equal(await page.locator('#eval-graph .graph-curve').count(), 2);
  assert.equal(await page.locator('#eval-graph .graph-point').count(), 17);

  // A mark clicked: the position after that move.
  const first = marked[0];
  await page.click(`#analysis-moves .move[data-main="1"][data-ply="${first.ply}"]`);
  await page.waitForSelector(`#analysis-board[data-ply="${first.ply}"]:not([data-busy])`);
  // A point of the graph clicked: that ply, with the review's value in the bars meanwhile.
  await page.click('#eval-graph .graph-point[data-ply="3"]');
  await page.waitForSelector('#analysis-board[data-ply="3"]:not([data-busy])');
  assert.ok(!(await page.getAttribute('#analysis-board', 'data-variation')));

  // A variation: a piece the main line's next move does not move, and any of its moves.
  const next = report.moves[3].move;
  await page.waitForSelector('#analysis-board .cell.target');
  const pieces = await page.$$eval('#analysis-board .cell.target', (cells) => cells.map((c) => c.getAttribute('data-click')));
  const piece = pieces.find((p) => !next.startsWith(`${p}-`));
  await page.click(`#analysis-board [data-click="${piece}"]`);
  await page.waitForSelector(`#analysis-board:not([data-busy])`);
  await page.locator('#analysis-board .cell.target').first().click();
  await page.waitForSelector('#analysis-board[data-variation][data-ply="4"]:not([data-busy])');
  await page.waitForSelector('#analysis-moves .move.side.current');
  await page.waitForSelector('#engine-lines .engine-line');
  // The game is untouched.
  assert.equal((await api(server.url, 'GET', `/api/games/${id}`)).ply, 16);

  // Back to the main line where the variation left it.
  await page.click('#back-to-main');
  await page.waitForSelector('#analysis-board[data-ply="3"]:not([data-variation]):not([data-busy])');
  assert.equal(await page.getAttribute('#analysis-board', 'data-moves'), report.moves.slice(0, 3).map((m) => m.move).join(' '));
  // The variation stays in the list until deleted.
  assert.equal(await page.locator('#analysis-moves .move.side').count(), 1);

  await page.goto(`${server.url}/#/`);
  assert.deepEqual(page.errors, []);
});

test('a pasted position and an uploaded record are analysed', async () => {
  const { id } = await playedGame(6);
  const record = await (await fetch(`${server.url}/api/games/${id}/record`)).text();
  const page = await newPage(browser);
  await page.goto(`${server.url}/#/analysis`);
  await page.fill('#source-record', record);
  await page.click('#source-record-form button[type="submit"]');
  await settled(page);
  const game = await api(server.url, 'GET', `/api/games/${id}`);
  assert.equal(await page.getAttribute('#analysis-board', 'data-moves'), game.moves.join(' '));
  await page.waitForSelector('#engine-lines .engine-line');
  assert.match(await page.textContent('#review-status'), /played here/);

  await page.goto(`${server.url}/#/analysis`);
  await page.click('#source-position-form button[type="submit"]'); // the first game's start
  await settled(page);
  assert.equal(await page.getAttribute('#analysis-board', 'data-ply'), '0');
  await page.waitForSelector('#engine-lines .engine-line');
  assert.deepEqual(page.errors, []);
});

test('a game being played: neither a watcher nor its player analyses it until it ends', async () => {
  const { id, seated } = await playedGame(4, { playing: true });
  const watcher = await newPage(browser);
  await watcher.goto(`${server.url}/#/analysis/${id}`);
  await settled(watcher);
  await watcher.waitForSelector('#players-wait');
  assert.equal(await watcher.locator('#engine-lines .engine-line').count(), 0);

  const player = await newPage(browser);
  await player.goto(`${server.url}/#/`);
  await player.evaluate(([gameId, tokens]) => {
    localStorage.setItem('arbiter.games', JSON.stringify({ [gameId]: { game: 'x', tokens, added: Date.now() } }));
  }, [id, seated.tokens]);
  await player.goto(`${server.url}/#/analysis/${id}`);
  await settled(player);
  await player.waitForSelector('#players-wait');
  assert.equal(await player.locator('#engine-lines .engine-line').count(), 0);
  // The game goes on: the watcher's main line follows it.
  await api(server.url, 'POST', `/api/games/${id}/moves`, { move: await firstMove(server.url, id) }, seated.tokens['0']);
  await watcher.waitForSelector('#analysis-moves .move[data-main="1"][data-ply="5"]');
  assert.deepEqual(watcher.errors, []);
  assert.deepEqual(player.errors, []);
});
