// Page details: the rules page marks its current tab and primary links are styled; the record
// downloads under the name the page gives it; the Trap legend shows the diagrams’ colours;
// the rules pages’ diagrams are boards the server draws.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, newPage, openCreated, openGameMenu, startServer, TMP, waitIdle } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'pages.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const background = (page, selector) =>
  page.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor);

test('rules page: the current tab is marked (aria-current and style); primary links are styled', async () => {
  const page = await newPage(browser);
  const accent = 'rgb(45, 106, 79)';
  for (const game of ['traverse', 'travelers', 'trap']) {
    await page.goto(`${server.url}/#/rules/${game}`);
    await page.waitForSelector('.rules .tabs a');
    const current = page.locator('.rules .tabs a[aria-current="page"]');
    assert.equal(await current.count(), 1);
    assert.equal(await current.getAttribute('href'), `#/rules/${game}`);
    assert.equal(await background(page, '.rules .tabs a[aria-current="page"]'), accent);
    for (const other of await page.locator('.rules .tabs a:not([aria-current])').all()) {
      assert.notEqual(await other.evaluate((el) => getComputedStyle(el).backgroundColor), accent);
    }
  }
  // "Join as …" on a game with an open seat, seen by someone who holds no seat.
  const game = await api(server.url, 'POST', '/api/games', { game: 'traverse', seats: ['human', 'open'] });
  await page.goto(`${server.url}/#/game/${game.game.id}`);
  await waitIdle(page);
  const join = page.locator('#invites a.button.primary', { hasText: 'Join as north' });
  assert.equal(await join.count(), 1);
  assert.equal(await join.evaluate((el) => getComputedStyle(el).backgroundColor), accent);
  assert.equal(await join.evaluate((el) => getComputedStyle(el).color), 'rgb(255, 255, 255)');
  assert.deepEqual(page.errors, []);
});

test('the record downloads under the name the page promises', async () => {
  const page = await newPage(browser);
  const seated = await openCreated(page, server.url, { game: 'trap', params: 'size=3', seats: ['human', 'ai:1'] });
  await openGameMenu(page); // the record is in the game menu
  const link = page.locator('#record');
  const promised = await link.getAttribute('download');
  assert.ok(promised, 'the link names the file');
  assert.match((await link.getAttribute('title')) || '', new RegExp(promised.replace('.', '\\.')));
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  assert.equal(download.suggestedFilename(), promised);
  assert.match(promised, new RegExp(seated.game.id));
  assert.deepEqual(page.errors, []);
});

test('Trap rules: the legend’s colours are the diagrams’ colours', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/#/rules/trap`);
  await page.waitForSelector('.rules .diagrams svg');
  // Each mover drawn, as "fill trapped?": in the legend and in the diagrams.
  const kinds = (selector) =>
    page.locator(selector).evaluateAll((els) =>
      [...new Set(els.map((g) => `${g.querySelector('circle').getAttribute('fill')} ${g.classList.contains('trapped') ? 'trapped' : 'free'}`))].sort());
  const legend = await kinds('.rules .legend .piece-mover');
  const diagrams = await kinds('.rules .diagrams .piece-mover');
  assert.ok(diagrams.length >= 3, diagrams.join(', '));
  assert.deepEqual(legend, diagrams);
  assert.deepEqual(page.errors, []);
});

test('rules page: every diagram is a board the server drew (GET /api/board)', async () => {
  const page = await newPage(browser);
  const boards = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/board') boards.push({ url: res.url(), status: res.status() });
  });
  for (const game of ['traverse', 'travelers', 'trap']) {
    boards.length = 0;
    await page.goto(`${server.url}/#/rules/${game}`);
    await page.waitForSelector('.rules .diagrams figure');
    const figures = await page.locator('.rules .diagrams figure').count();
    assert.equal(figures, 2, game);
    await page.waitForFunction((n) => document.querySelectorAll('.rules .diagrams figure > svg').length === n, figures);
    assert.equal(await page.locator('.rules .diagrams .error').count(), 0, game);
    assert.equal(boards.length, figures, `${game}: ${JSON.stringify(boards)}`);
    for (const b of boards) {
      assert.equal(b.status, 200, b.url);
      assert.equal(new URL(b.url).searchParams.get('game'), game);
    }
  }
  assert.deepEqual(page.errors, []);
});
