// Aborting (docs/online.md "Aborted games"): before every seat has moved, a player between
// people is offered Abort in place of Resign, and it ends the game with no result; once every
// seat has moved, Resign is back.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, newPage, openCreated, startServer, TMP, waitIdle, waitPly, waitYourTurn } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'abort.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('D2: Abort before every seat has moved ends the game aborted', async () => {
  const page = await newPage(browser);
  const seated = await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'open'] });
  const id = seated.game.id;
  await api(server.url, 'POST', `/api/games/${id}/join`, { seat: 1 });
  await waitYourTurn(page);
  await page.waitForSelector('#abort');
  assert.equal(await page.locator('#resign').count(), 0, 'no Resign before every seat has moved');
  await page.click('#abort');
  await page.waitForSelector('#status[data-status="finished"]');
  assert.match(await page.textContent('#status'), /aborted/);
});

test('D2: Resign comes back once every seat has moved', async () => {
  const page = await newPage(browser);
  const seated = await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'open'] });
  const id = seated.game.id;
  const joined = await api(server.url, 'POST', `/api/games/${id}/join`, { seat: 1 });
  await api(server.url, 'POST', `/api/games/${id}/moves`, { move: 'c1-b2' }, seated.tokens['0']);
  await api(server.url, 'POST', `/api/games/${id}/moves`, { move: 'd10-e9' }, joined.tokens['1']);
  await waitPly(page, 2);
  await waitIdle(page);
  await page.waitForSelector('#resign');
  assert.equal(await page.locator('#abort').count(), 0);
});
