// The look of the board and the game page: a light and a dark theme following the system, a
// chosen theme remembered; a coordinates toggle for every game (a hex field names the hovered
// cell instead of every cell); the position text behind "Copy position"; the move list a round
// to a row; a four-seat board turned a quarter at a time so that any seat can sit at the bottom;
// target dots and the arrows of other seats' moves easy to see.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  api, launch, newPage, newPhonePage, openCreated, openGameMenu, playAnyMove, startServer, TMP, waitIdle, waitPly, waitYourTurn,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'look.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function done(page) {
  assert.deepEqual(page.errors, []);
  await page.context().close();
}

const background = (page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const theme = (page) => page.evaluate(() => document.documentElement.dataset.theme);

// How light a CSS rgb() colour is, 0–255.
function lightness(rgb) {
  const [r, g, b] = rgb.match(/\d+/g).map(Number);
  return (r + g + b) / 3;
}

test('theme: follows the system, and a chosen theme is remembered', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await openCreated(page, server.url, { game: 'travelers', seats: ['human', 'ai:1'] });
  assert.equal(await theme(page), 'dark');
  assert.ok(lightness(await background(page)) < 80, await background(page));
  // The system turns light: so does the page.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  assert.ok(lightness(await background(page)) > 200);
  // Dark chosen: it stays after a reload under a light system.
  await page.selectOption('#theme', 'dark');
  assert.equal(await theme(page), 'dark');
  await page.reload();
  await waitIdle(page);
  assert.equal(await theme(page), 'dark');
  assert.equal(await page.inputValue('#theme'), 'dark');
  // The board's squares follow the theme too.
  const cell = await page.evaluate(() => getComputedStyle(document.querySelector('#board svg .cell')).fill);
  assert.ok(lightness(cell) < 180, cell);
  // Back to the system's.
  await page.selectOption('#theme', '');
  assert.equal(await theme(page), 'light');
  await done(page);
});

test('coordinates: a toggle for every game; a hex field names the hovered cell', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  await openCreated(page, server.url, { game: 'trap', seats: ['human', 'ai:1'] });
  assert.equal(await page.locator('#board svg .coords text').count(), 0, 'no names in the cells at first');
  assert.equal(await page.isChecked('#coords'), false);
  // Hovering a cell names it.
  const box = await page.locator('#board svg .cell[data-click="e5"]').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector('#board svg .hover-name[visibility="visible"]');
  assert.equal(await page.textContent('#board svg .hover-name'), 'e5');
  // Turned on (in the game menu): every empty cell is named, and that is remembered.
  await openGameMenu(page);
  await page.check('#coords');
  assert.ok(await page.locator('#board svg .coords .cell-name').count() > 40);
  await page.reload();
  await waitIdle(page);
  assert.equal(await page.isChecked('#coords'), true);
  assert.ok(await page.locator('#board svg .coords .cell-name').count() > 40);
  // The same toggle on a square board: its edge letters and numbers.
  await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'ai:1'] });
  assert.equal(await page.locator('#board svg .coords text').count(), 20);
  await openGameMenu(page);
  await page.uncheck('#coords');
  assert.equal(await page.locator('#board svg .coords text').count(), 0);
  await page.check('#coords');
  await done(page);
});

test('copy position: the position text sits behind the control', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const seated = await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'ai:1'] });
  assert.equal(await page.isVisible('#position'), false, 'the raw text is not shown');
  await openGameMenu(page);
  await page.click('#copy-position');
  await page.waitForFunction(async () => (await navigator.clipboard.readText()).length > 0);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), seated.game.position);
  // Still there to read for whoever opens it.
  await page.click('#position-box summary');
  assert.equal(await page.isVisible('#position'), true);
  assert.equal(await page.textContent('#position'), seated.game.position);
  await done(page);
});

test('move list: a round of a 4-player game to a row', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  await openCreated(page, server.url, { game: 'traverse', params: 'players=4', seats: ['human', 'ai:1', 'ai:1', 'ai:1'] });
  for (let round = 1; round <= 2; round++) {
    await waitYourTurn(page);
    await playAnyMove(page);
    await waitPly(page, 4 * round);
  }
  await waitYourTurn(page);
  const rows = await page.$$eval('#moves .mv-row[data-round]', (els) => els.map((r) => [...r.querySelectorAll('.mv')].map((m) => Number(m.dataset.ply))));
  assert.deepEqual(rows, [[1, 2, 3, 4], [5, 6, 7, 8]]);
  await done(page);
});

// The seat whose start row lies along the bottom edge of the board as drawn.
async function seatAtBottom(page, board) {
  const ys = await page.$$eval('#board svg .cells .cell', (els) => Object.fromEntries(els.map((e) => {
    const r = e.getBoundingClientRect();
    return [e.dataset.click, r.y + r.height / 2];
  })));
  const lowest = Math.max(...Object.values(ys));
  const starts = board.zones.filter((z) => z.kind === 'start');
  const at = starts.filter((z) => z.cells.every((c) => Math.abs(ys[c] - lowest) < 2)).map((z) => z.owner);
  assert.equal(at.length, 1, JSON.stringify(at));
  return at[0];
}

// How the triangles of `seat` are turned, as drawn (0: pointing up the screen).
async function triangleTurn(page, board, seat) {
  const cell = board.cells.find((c) => c.owner === seat && c.glyph === 'triangle').name;
  return page.getAttribute(`#board svg .pieces [data-cell="${cell}"] .piece`, 'transform');
}

for (const phone of [false, true]) {
  test(`rotation: a 4-player board turns so that each seat can sit at the bottom${phone ? ' (phone)' : ''}`, async () => {
    const page = phone ? await newPhonePage(browser) : await newPage(browser, { width: 1280, height: 800 });
    const seated = await openCreated(page, server.url, { game: 'traverse', params: 'players=4', seats: ['human', 'human', 'human', 'human'] });
    const { board } = await api(server.url, 'GET', `/api/games/${seated.game.id}`);
    assert.equal(await page.textContent('#flip'), 'Rotate board');
    // Every seat held here: South first, then each seat in turn order, then South again.
    for (const seat of [0, 1, 2, 3, 0]) {
      assert.equal(await seatAtBottom(page, board), seat);
      assert.equal(await triangleTurn(page, board, seat), 'rotate(0)', `seat ${seat}'s pieces point up the board`);
      // The board still fits the page's width.
      const box = await page.locator('#board svg').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= page.viewportSize().width + 1);
      await page.click('#flip');
    }
    // One side seat held: it sits at the bottom from the start.
    const west = await newPage(browser, { width: 1280, height: 800 });
    await west.goto(`${server.url}/#/`);
    await west.evaluate(([id, tokens]) => {
      localStorage.setItem('arbiter.games', JSON.stringify({ [id]: { game: 'traverse', tokens, added: Date.now() } }));
    }, [seated.game.id, { 1: seated.tokens[1] }]);
    await west.goto(`${server.url}/#/game/${seated.game.id}`);
    await waitIdle(west);
    assert.equal(await seatAtBottom(west, board), 1);
    await done(west);
    await done(page);
  });
}

test('markers: target dots big enough to see on a phone; the moves of others carry arrowheads', async () => {
  const page = await newPhonePage(browser);
  await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  await openGameMenu(page);
  await page.uncheck('#confirm-moves');
  const piece = await page.getAttribute('#board svg .cell.target', 'data-click');
  await page.locator(`#board svg [data-click="${piece}"]`).first().click();
  await page.waitForSelector('#board svg .target-dot');
  const dot = await page.locator('#board svg .target-dot').first().boundingBox();
  assert.ok(dot.width >= 11, `a target dot ${dot.width.toFixed(1)} px across`);
  await page.keyboard.press('Escape');
  await playAnyMove(page);
  await waitPly(page, 2);
  await waitYourTurn(page);
  const marker = await page.getAttribute('#board svg .route.recent', 'marker-end');
  assert.match(marker ?? '', /^url\(#b\d+-arrow-/);
  await done(page);
});
