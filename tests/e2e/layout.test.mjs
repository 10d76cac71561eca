// The controls of the current decision stay in view beside the board: at 1280×800 the
// displacement choice (Play/Cancel), Undo, Resign and Flip are inside the viewport without
// scrolling; on a phone (390×844) they are below the board, which is no wider than the screen.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  clickBoard, inViewport, launch, newPage, openCreated, shot, startServer, TMP, waitYourTurn,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'layout.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// The Displacer on e1 may land on e3 next to the black Ace on e4: a decision between playing
// e1-e3 and going on to displace the Ace.
const DISPLACEMENT = '3tdt3/arw1barwa/9/9/9/4a4/9/ARWA1ARWA/3TDT3 w - 0 1';
const CONTROLS = ['#undo', '#resign', '#flip'];

test('controls beside the board at 1280×800: a normal turn and a displacement decision', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  await openCreated(page, server.url, { game: 'travelers', position: DISPLACEMENT, seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  for (const sel of CONTROLS) assert.ok(await inViewport(page, sel), `${sel} in view on a normal turn`);

  await clickBoard(page, 'e1');
  await clickBoard(page, 'e3');
  await page.locator('#choices button[data-move="e1-e3"]').waitFor();
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  for (const sel of ['#choices button[data-move="e1-e3"]', '#choices button:has-text("Cancel")', ...CONTROLS]) {
    assert.ok(await inViewport(page, sel), `${sel} in view during the displacement decision`);
  }
  // The whole board is in view too.
  assert.ok(await inViewport(page, '#board svg.board'), 'the board fits the viewport');
  await shot(page, 'layout-1280-displacement');
});

test('controls reachable on a phone; the board no wider than the screen', async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await openCreated(page, server.url, { game: 'travelers', position: DISPLACEMENT, seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  await clickBoard(page, 'e1');
  await clickBoard(page, 'e3');
  await page.locator('#choices button[data-move="e1-e3"]').waitFor();
  const board = await page.locator('#board svg.board').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 390, `board ${board.x}+${board.width} within 390`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'no sideways scrolling');
  for (const sel of ['#choices button[data-move="e1-e3"]', '#choices button:has-text("Cancel")', ...CONTROLS]) {
    await page.locator(sel).first().scrollIntoViewIfNeeded();
    assert.ok(await inViewport(page, sel), `${sel} reachable`);
  }
  await shot(page, 'layout-phone-displacement');
});
