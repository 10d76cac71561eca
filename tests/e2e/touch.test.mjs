// Trap played by tapping on a phone (390×844, touch): a tap on a mover's centre picks the mover,
// never a wall slot next to it (the browser's touch adjustment favours small targets, so the page
// hit-tests taps by geometry); and a turn made by taps waits for a confirm before it is sent.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  api, launch, newPhonePage, openCreated, openGameMenu, ply, shot, sleep, startServer, tapCentre, TMP, waitIdle,
  waitPly, waitYourTurn,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'touch.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// The cells of the side's movers that are not trapped.
function movers(game, side) {
  return game.board.cells.filter((c) => c.glyph === 'mover' && c.owner === side && !c.tags.includes('trapped')).map((c) => c.name);
}

// Taps the centre of each mover of the side to move: each tap selects that mover; a second tap
// on it cancels.
async function tapEachMover(page, cells) {
  for (const cell of cells) {
    await tapCentre(page, `#board svg [data-cell="${cell}"]`);
    await waitIdle(page);
    assert.equal(await page.getAttribute('#board', 'data-clicks'), cell, `a tap on the mover on ${cell}`);
    assert.equal(await page.locator(`#board svg .cell.selected[data-click="${cell}"]`).count(), 1);
    await tapCentre(page, `#board svg [data-cell="${cell}"]`);
    await waitIdle(page);
    assert.equal(await page.getAttribute('#board', 'data-clicks'), '', `a second tap on ${cell} cancels`);
  }
}

test('Trap on a phone: tapping a mover selects it, for both sides; a two-action turn waits for confirm', async () => {
  const page = await newPhonePage(browser);
  // Hot seat: one token for both sides, so both sides' movers are tapped on one page.
  const seated = await openCreated(page, server.url, { game: 'trap', seats: ['human', 'human'] });
  const id = seated.game.id;
  await waitYourTurn(page);
  const red = movers(seated.game, 0);
  assert.equal(red.length, 3);
  await tapEachMover(page, red);
  // A tap on an empty cell's centre (corners, edges, the middle) names the cell, not a slot.
  for (const cell of ['a1', 'a5', 'e1', 'e5', 'e9', 'i5', 'i9']) {
    await tapCentre(page, `#board svg .cell[data-click="${cell}"]`);
    await waitIdle(page);
    assert.equal(await page.getAttribute('#board', 'data-clicks'), '', `a tap on ${cell} picks no wall`);
    assert.match(await page.textContent('#hint'), /Click one of your movers/);
  }

  // Two walls by taps on slot midpoints: the turn is not sent until it is confirmed.
  const slots = await page.locator('#board svg .slot.target').evaluateAll((els) => els.map((e) => e.getAttribute('data-slot')));
  const far = slots.filter((s) => !red.some((c) => s.split('|').includes(c)));
  await tapCentre(page, `#board svg .slot[data-slot="${far[0]}"]`);
  await waitIdle(page);
  assert.equal(await page.getAttribute('#board', 'data-clicks'), far[0]);
  const second = await page.locator('#board svg .slot.target').first().getAttribute('data-slot');
  await tapCentre(page, `#board svg .slot[data-slot="${second}"]`);
  await waitIdle(page);
  const confirm = page.locator('#choices button#confirm-move');
  await confirm.waitFor();
  await sleep(300);
  assert.equal(await ply(page), 0, 'nothing is sent before the confirm');
  assert.equal((await api(server.url, 'GET', `/api/games/${id}`)).ply, 0);
  await shot(page, 'trap-phone-confirm');
  await tapCentre(page, '#choices button#confirm-move');
  await waitPly(page, 1);

  // Blue's turn (same token): each blue mover is picked by a tap on its centre too.
  await waitYourTurn(page);
  const game = await api(server.url, 'GET', `/api/games/${id}`);
  const blue = movers(game, 1);
  assert.equal(blue.length, 3);
  await tapEachMover(page, blue);
  assert.deepEqual(page.errors, []);
});

test('The confirm setting is remembered, and off it sends a tapped turn at once', async () => {
  const page = await newPhonePage(browser);
  const seated = await openCreated(page, server.url, { game: 'trap', params: 'size=4', seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  const box = page.locator('#confirm-moves');
  assert.equal(await box.isChecked(), true, 'on by default on a touch screen');
  await openGameMenu(page); // the settings are in the game menu
  await box.setChecked(false);
  await page.reload();
  await waitYourTurn(page);
  assert.equal(await page.locator('#confirm-moves').isChecked(), false, 'remembered');
  const first = await page.locator('#board svg .slot.target').first().getAttribute('data-slot');
  await tapCentre(page, `#board svg .slot[data-slot="${first}"]`);
  await waitIdle(page);
  const second = await page.locator('#board svg .slot.target').first().getAttribute('data-slot');
  await tapCentre(page, `#board svg .slot[data-slot="${second}"]`);
  await page.waitForFunction(() => Number(document.querySelector('#status')?.getAttribute('data-ply')) >= 1);
  const game = await api(server.url, 'GET', `/api/games/${seated.game.id}`);
  assert.ok(game.ply >= 1);
  assert.deepEqual(page.errors, []);
});
