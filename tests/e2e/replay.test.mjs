// Replaying an earlier position: a click on the board says how to get back to the live position
// (a notice and a Live button), and End goes back too.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  clickBoard, launch, newPage, openCreated, playAnyMove, startServer, TMP, waitPly, waitYourTurn,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'replay.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('clicks during replay explain how to get back to the live position', async () => {
  const page = await newPage(browser);
  await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  await playAnyMove(page);
  await waitPly(page, 2);
  await waitYourTurn(page);

  await page.click('#moves .mv[data-ply="1"]');
  await page.waitForSelector('#board[data-ply="1"]');
  await clickBoard(page, 'c1');
  const notice = page.locator('#replay-notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /replaying move 1 of 2/i);
  assert.match(await notice.textContent(), /Live/);
  assert.match(await notice.textContent(), /End/);
  assert.equal(await page.getAttribute('#board', 'data-clicks'), '');
  await page.click('#replay-notice button#back-live');
  await page.waitForSelector('#board[data-ply="2"]');
  assert.equal(await notice.count(), 0);
  await waitYourTurn(page);
  await clickBoard(page, 'c1');
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'c1');
  await page.keyboard.press('Escape');

  // Back to the start with Home, then End: live again.
  await page.keyboard.press('Home');
  await page.waitForSelector('#board[data-ply="0"]');
  await notice.waitFor();
  await page.keyboard.press('End');
  await page.waitForSelector('#board[data-ply="2"]');
  await waitYourTurn(page);
  assert.deepEqual(page.errors, []);
});
