// The catalog drives the web UI: the home page builds its game tiles, parameter controls and seat
// choices from GET /api/catalog (docs/api.md), and what it sends is what the controls show.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, newPage, openMoreOptions, startServer, TMP, waitIdle } from './helpers.mjs';

let server;
let browser;
let catalog;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'catalog.db') });
  browser = await launch();
  catalog = await api(server.url, 'GET', '/api/catalog');
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const entry = (name) => catalog.games.find((g) => g.name === name);
const seatNames = (page) => page.locator('.seat-row .name').allTextContents();

test('home: one tile per catalog game, titled as the catalog titles it', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector('button[data-game]');
  const tabs = await page.locator('button[data-game]').evaluateAll((els) => els.map((e) => [e.dataset.game, e.querySelector('.tile-title').textContent]));
  assert.deepEqual(tabs, catalog.games.map((g) => [g.name, g.title]));
  assert.deepEqual(page.errors, []);
});

test('home: Traverse players picks the catalog seating; controls follow the schema', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/#/`);
  await page.click('button[data-game="traverse"]');
  await openMoreOptions(page);
  const traverse = entry('traverse');
  // The player counts offered are the catalog's seatings.
  const counts = await page.locator('select[name="players"] option').evaluateAll((els) => els.map((e) => Number(e.value)));
  assert.deepEqual(counts, traverse.seatings.map((s) => s.players));
  for (const seating of traverse.seatings) {
    await page.selectOption('select[name="players"]', String(seating.players));
    assert.deepEqual(await seatNames(page), seating.seats.map((s) => s.name));
    assert.equal(await page.locator('select[name^="seat"]').count(), seating.players);
  }
  assert.deepEqual(await seatNames(page), ['south', 'west', 'north', 'east']);
  // rules: a select of the schema's choices; long_jumps: a checkbox.
  const rules = await page.locator('select[name="rules"] option').evaluateAll((els) => els.map((e) => e.value));
  assert.deepEqual(rules, traverse.params.find((p) => p.name === 'rules').choices);
  assert.equal(await page.getAttribute('input[name="long_jumps"]', 'type'), 'checkbox');

  // Trap: size is a number input with the schema's bounds and default; two seats, red and blue.
  await page.click('button[data-game="trap"]');
  const size = entry('trap').params.find((p) => p.name === 'size');
  assert.equal(await page.getAttribute('input[name="size"]', 'type'), 'number');
  assert.equal(await page.getAttribute('input[name="size"]', 'min'), '3');
  assert.equal(await page.getAttribute('input[name="size"]', 'max'), '8');
  assert.equal(await page.inputValue('input[name="size"]'), size.default);
  assert.deepEqual(await seatNames(page), entry('trap').seatings[0].seats.map((s) => s.name));
  assert.equal(await page.locator('select[name="players"]').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('home: the game started has the parameters and seats the controls showed', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/#/`);
  await page.click('button[data-game="traverse"]');
  await openMoreOptions(page);
  await page.selectOption('select[name="players"]', '3');
  await page.selectOption('select[name="rules"]', 'expert');
  await page.fill('input[name="max_plies"]', '300');
  for (let i = 0; i < 3; i++) await page.selectOption(`select[name="seat${i}"]`, 'human');
  await page.click('#start');
  await page.waitForURL(/#\/game\//);
  await waitIdle(page);
  const id = page.url().split('#/game/')[1];
  const game = await api(server.url, 'GET', `/api/games/${id}`);
  assert.deepEqual(game.seats.map((s) => s.player), ['south', 'west', 'north']);
  assert.match(game.params, /\brules=expert\b/);
  assert.match(game.params, /\bmax_plies=300\b/);
  assert.deepEqual(page.errors, []);
});
