// kill -9 the server mid-game, start it again on the same store and port: the open page
// reconnects by itself and nothing is lost.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  api, launch, newPage, openMoreOptions, playAnyMove, shot, sleep, startServer, TMP, waitIdle, waitPly,
  waitYourTurn,
} from './helpers.mjs';

const db = path.join(TMP, 'restart.db');
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

test('kill -9 and restart: the page reconnects and the game goes on', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/#/`);
  await page.click('button[data-game="traverse"]');
  await openMoreOptions(page);
  await page.selectOption('select[name="seat0"]', 'human');
  await page.selectOption('select[name="seat1"]', 'ai:2');
  await page.click('#start');
  await page.waitForURL(/#\/game\//);
  await waitIdle(page);
  const id = page.url().split('#/game/')[1];

  for (let i = 0; i < 2; i++) {
    await waitYourTurn(page);
    await playAnyMove(page);
    await waitPly(page, 2 * i + 2);
  }
  const before = await api(server.url, 'GET', `/api/games/${id}`);
  assert.equal(before.ply, 4);

  const port = server.port;
  await server.stop('SIGKILL');
  await page.waitForSelector('#banner .banner.off', { timeout: 10000 });
  await shot(page, 'connection-lost');
  await sleep(300);
  server = await startServer({ db, port });

  // The page reconnects on its own and shows the same game.
  await page.waitForSelector('#banner .banner.off', { state: 'detached', timeout: 15000 });
  const after = await api(server.url, 'GET', `/api/games/${id}`);
  assert.equal(after.ply, 4);
  assert.deepEqual(after.moves, before.moves);
  assert.equal(after.position, before.position);
  await waitPly(page, 4);

  // The seat token still works: play on.
  await waitYourTurn(page);
  await playAnyMove(page);
  await waitPly(page, 6);
  assert.deepEqual(page.errors, []);
});
