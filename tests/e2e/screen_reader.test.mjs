// Screen readers: the board is an ARIA application whose cells and slots are named from the
// catalog's legend and the seats' names ("e1, south’s circle"), its cursor cell the active
// descendant; a polite live region says each move and whose turn it is; and the board shown as
// text on request is what `arbiter show` prints for the same game.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, clickBoard, launch, newPage, openCreated, openGameMenu, startServer, TMP, waitIdle, waitPly, waitYourTurn } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'screen_reader.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const label = (page, id) => page.getAttribute(`[id="${id}"]`, 'aria-label');

test('the board is an application of named cells: pieces by legend and seat, zones, tags, walls', async () => {
  const page = await newPage(browser);
  await openCreated(page, server.url, { game: 'traverse', params: 'players=2', seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  const board = page.getByRole('application', { name: 'Traverse board' });
  assert.equal(await board.count(), 1);
  assert.equal(await page.getAttribute('#board', 'aria-roledescription'), 'board');
  assert.match(await page.textContent('#board-keys'), /Arrow keys/);
  // Cells as the accessibility tree exposes them: named, not hidden.
  assert.equal(await board.getByRole('img', { name: /^e1, south’s circle, can move, south’s start row, north’s destination row$/ }).count(), 1);
  assert.equal(await board.getByRole('img', { name: /^e5, empty$/ }).count(), 1);
  assert.match(await label(page, 'cell-b10'), /^b10, north’s square, south’s destination row, north’s start row$/);
  assert.equal(await board.getByRole('img').count(), 100);
  // The cursor is the active descendant: its cell is the one a screen reader reads.
  await page.focus('#board');
  await page.keyboard.press('ArrowUp');
  const active = await page.getAttribute('#board', 'aria-activedescendant');
  assert.match(await label(page, active), new RegExp(`^${active.replace('cell-', '')}, `));
  // A selection and its targets are in the names.
  await clickBoard(page, 'b1');
  assert.match(await label(page, 'cell-b1'), /^b1, south’s square, selected/);
  assert.match(await label(page, 'cell-b2'), /^b2, empty, target/);

  await openCreated(page, server.url, { game: 'travelers', seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  assert.match(await label(page, 'cell-d1'), /^d1, white’s Traveler(, can move)?, (dark|light)$/);
  assert.match(await label(page, 'cell-e8'), /^e8, black’s Block, (dark|light)$/);

  const seated = await openCreated(page, server.url, { game: 'trap', seats: ['human', 'human'] });
  await waitYourTurn(page);
  assert.match(await label(page, 'cell-c3'), /^c3, red’s mover, can move$/);
  assert.match(await label(page, 'slot-a1|a2'), /^slot between a1 and a2, target$/);
  await api(server.url, 'POST', `/api/games/${seated.game.id}/moves`, { move: 'a1|a2,a1|b1' }, seated.tokens['0']);
  await waitPly(page, 1);
  await waitIdle(page);
  assert.match(await label(page, 'cell-a1'), /^a1, empty, walls toward a2, b1$/);
  assert.deepEqual(page.errors, []);
});

test('a polite live region says each move and whose turn it is', async () => {
  const page = await newPage(browser);
  const seated = await openCreated(page, server.url, { game: 'traverse', params: 'players=2', seats: ['human', 'human'] });
  const region = page.locator('#announce');
  assert.equal(await region.getAttribute('aria-live'), 'polite');
  assert.equal(await region.getAttribute('role'), 'status');
  await waitYourTurn(page);
  await clickBoard(page, 'b1');
  await clickBoard(page, 'b2');
  await waitPly(page, 1);
  await page.waitForFunction(() => document.querySelector('#announce')?.textContent === 'south played b1-b2. Your turn (north)');

  // Someone watching hears the other side's move too.
  const watcher = await newPage(browser);
  await watcher.goto(`${server.url}/#/game/${seated.game.id}`);
  await waitIdle(watcher);
  await api(server.url, 'POST', `/api/games/${seated.game.id}/moves`, { move: 'e10-e9' }, seated.tokens['1']);
  await watcher.waitForFunction(() => document.querySelector('#announce')?.textContent === 'north played e10-e9. south to move');
  await page.waitForFunction(() => document.querySelector('#announce')?.textContent === 'north played e10-e9. Your turn (south)');

  // A replay says which position is shown.
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('#announce')?.textContent === 'Showing the start position.');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#announce')?.textContent === 'Showing the position after move 1, b1-b2.');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(watcher.errors, []);
});

// The first legal move of a game, found by following the first click the server offers.
async function firstMove(id) {
  const clicks = [];
  for (;;) {
    const legal = await api(server.url, 'GET', `/api/games/${id}/legal?clicks=${clicks.map(encodeURIComponent).join(',')}`);
    if (legal.complete.length) return legal.complete[0].text;
    clicks.push(legal.next[0].click);
  }
}

test('the board as text, on request, is what `arbiter show` prints', async () => {
  for (const game of ['traverse', 'travelers', 'trap']) {
    const page = await newPage(browser);
    const seated = await openCreated(page, server.url, { game, seats: ['human', 'human'] });
    const id = seated.game.id;
    for (let i = 0; i < 3; i++) {
      const g = await api(server.url, 'GET', `/api/games/${id}`);
      await api(server.url, 'POST', `/api/games/${id}/moves`, { move: await firstMove(id) }, seated.tokens[String(g.to_move)]);
    }
    await waitPly(page, 3);
    await waitIdle(page);
    assert.equal(await page.isVisible('#text-board'), false, 'hidden until asked for');
    await openGameMenu(page); // the toggle is in the game menu
    await page.click('#text-board-toggle');
    assert.equal(await page.getAttribute('#text-board-toggle', 'aria-expanded'), 'true');
    const record = await api(server.url, 'GET', `/api/games/${id}/record`);
    const shown = spawnSync(process.env.ARBITER, ['show', '-'], { input: record, encoding: 'utf8' });
    assert.equal(shown.status, 0, shown.stderr);
    const expected = shown.stdout.split('\n').slice(2).join('\n').trimEnd();
    await page.waitForFunction((text) => document.querySelector('#text-board')?.textContent === text, expected, { timeout: 5000 }).catch(() => {});
    assert.equal(await page.textContent('#text-board'), expected, `${game}: the text board`);
    // Remembered: shown again after a reload, hidden by the toggle.
    await page.reload();
    await waitIdle(page);
    assert.equal(await page.isVisible('#text-board'), true);
    await openGameMenu(page);
    await page.click('#text-board-toggle');
    assert.equal(await page.isVisible('#text-board'), false);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
