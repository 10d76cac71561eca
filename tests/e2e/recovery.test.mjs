// Failures and recovery: a failed request leaves no half-made selection; errors go once the
// connection is back; an unknown game says so and stops trying to connect.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  clickBoard, launch, newPage, openCreated, sleep, startServer, TMP, waitYourTurn,
} from './helpers.mjs';

const db = path.join(TMP, 'recovery.db');
let server;
let browser;

before(async () => {
  server = await startServer({ db });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const isLegal = (url) => url.pathname.endsWith('/legal');

test('a failed request resets the selection: no ring without its targets', async () => {
  const page = await newPage(browser);
  await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  await clickBoard(page, 'b1');
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'b1');
  assert.equal(await page.locator('#board .cell.target[data-click="b2"]').count(), 1);

  // The next click's request fails.
  await page.route(isLegal, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error": "store unavailable"}' }));
  await clickBoard(page, 'c1');
  await page.waitForSelector('#hint.error');
  assert.match(await page.textContent('#hint'), /store unavailable/);
  assert.equal(await page.getAttribute('#board', 'data-clicks'), '', 'the selection is reset');
  assert.equal(await page.locator('#board .selected-ring').count(), 0);
  assert.equal(await page.locator('#board .cell.target[data-click="b2"]').count(), 0, 'b1’s targets are gone');
  assert.ok((await page.locator('#board .cell.target[data-click="c1"]').count()) === 1, 'the first clicks are offered again');
  await page.unroute(isLegal);

  // And the page works on.
  await clickBoard(page, 'c1');
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'c1');
  assert.equal(await page.locator('#board .cell.target[data-click="d2"]').count(), 1); // a diamond
  assert.deepEqual(page.errors, []);
});

test('reconnecting clears the error shown while the server was away', async () => {
  const page = await newPage(browser);
  await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  const port = server.port;
  await server.stop('SIGKILL');
  await page.waitForSelector('#banner .banner.off', { timeout: 10000 });
  await clickBoard(page, 'b1'); // its request fails: the server is down
  await page.waitForSelector('#hint.error');
  server = await startServer({ db, port });
  await page.waitForSelector('#banner .banner.off', { state: 'detached', timeout: 15000 });
  await page.waitForFunction(() => !document.querySelector('#hint.error'), null, { timeout: 5000 });
  await waitYourTurn(page);
  await clickBoard(page, 'b1');
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'b1');
  assert.deepEqual(page.errors, []);
});

test('an unknown game: "no such game", a link home, and no more connection attempts', async () => {
  const page = await newPage(browser);
  let sockets = 0;
  page.on('websocket', () => sockets++);
  await page.goto(`${server.url}/#/game/doesnotexist`);
  await page.waitForFunction(() => /no such game/i.test(document.querySelector('#app')?.textContent || ''));
  assert.equal(await page.locator('#app a[href="#/"]').count(), 1);
  await sleep(3500); // reconnection would try at 0.4 s, 1.2 s, 2.8 s...
  assert.ok(sockets <= 1, `${sockets} WebSocket attempts`);
  assert.deepEqual(page.errors, []);
});
