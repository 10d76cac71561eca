// Moves made as players think of them: a Traverse jump chain built hop by hop (a click on a
// landing the chain may stop on offers "play here" beside the next hops from there, until the
// player plays), and in Trap, after a turn's first action, the page saying what may follow (as
// the position allows it: no wall once the pile is empty) and showing the free wall slots, on a
// phone (390×844, touch) too.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  api, clickBoard, launch, newPage, newPhonePage, openCreated, ply, shot, sleep, startServer, tapCentre, TMP, waitIdle,
  waitPly, waitYourTurn,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'chain_hops.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// South's circle on e2 with North's squares on e3 and e5: e2-e4 is a jump, e2-e4-e6 a chain of
// two (R10); e4 is a middle square, where the chain may stop (R11).
const kChain = '2DnTnCnCnTnDn2/10/10/10/10/4Sn5/10/4Sn5/4Cs5/1SsDsTs1CsTsDsSs1 s 0';

async function chainGame(page) {
  const seated = await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'human'], position: kChain });
  await waitYourTurn(page);
  return seated.game.id;
}

const targets = (page) => page.locator('#board svg .cell.target').evaluateAll((els) => els.map((e) => e.getAttribute('data-click')).sort());

test('Traverse: a jump chain clicked hop by hop, and played where it may stop', async () => {
  const page = await newPage(browser);
  const id = await chainGame(page);
  await clickBoard(page, 'e2');
  const first = await targets(page);
  assert.ok(first.includes('e4') && first.includes('e6'), `the landing and the chain's end are offered: ${first}`);

  // The middle landing: not played at once; "play here" offered, and the next hop from there.
  await clickBoard(page, 'e4');
  await sleep(200);
  assert.equal(await ply(page), 0, 'a landing the chain goes on from does not end the move');
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'e2,e4');
  await page.locator('#choices button[data-move="e2-e4"]').waitFor();
  assert.match(await page.textContent('#hint'), /Play e2-e4 here, or go on from e4/);
  assert.deepEqual(await targets(page), ['e6'], 'the hops from e4 are offered');
  // The piece is drawn where the chain stands, gone from where it started.
  assert.equal(await page.locator('#board svg .pieces [data-cell="e4"]').count(), 1);
  assert.equal(await page.locator('#board svg .pieces [data-cell="e2"]').count(), 0);

  // Continuing: the chain's next hop ends it.
  await clickBoard(page, 'e6');
  await waitPly(page, 1);
  assert.deepEqual((await api(server.url, 'GET', `/api/games/${id}`)).moves, ['e2-e4-e6']);
  assert.deepEqual(page.errors, []);
});

test('Traverse: "play here" on a middle landing plays the chain so far', async () => {
  const page = await newPage(browser);
  const id = await chainGame(page);
  await clickBoard(page, 'e2');
  await clickBoard(page, 'e4');
  await page.click('#choices button[data-move="e2-e4"]');
  await waitPly(page, 1);
  assert.deepEqual((await api(server.url, 'GET', `/api/games/${id}`)).moves, ['e2-e4']);
  assert.deepEqual(page.errors, []);
});

test('Traverse: the chain\'s end clicked at once is played at once, as before', async () => {
  const page = await newPage(browser);
  const id = await chainGame(page);
  await clickBoard(page, 'e2');
  await clickBoard(page, 'e6');
  await waitPly(page, 1);
  assert.deepEqual((await api(server.url, 'GET', `/api/games/${id}`)).moves, ['e2-e4-e6']);
  assert.deepEqual(page.errors, []);
});

// The free slots are drawn (not transparent) once a wall may follow.
const shownSlots = (page) => page.locator('#board svg .slot.target').evaluateAll((els) =>
  els.filter((e) => { const f = getComputedStyle(e).fill; return f !== 'transparent' && f !== 'none' && !/rgba\(0, 0, 0, 0\)/.test(f); }).length);

test('Trap on a phone: after the first step the page says what may follow and shows the free slots', async () => {
  const page = await newPhonePage(browser);
  const seated = await openCreated(page, server.url, { game: 'trap', seats: ['human', 'human'] });
  await waitYourTurn(page);
  assert.equal(await shownSlots(page), 0, 'no slot is drawn before an action');

  await tapCentre(page, '#board svg .cell[data-click="c3"]');
  await waitIdle(page);
  await tapCentre(page, '#board svg .cell[data-click="c4"]');
  await waitIdle(page);
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'c3,c4');
  const hint = page.locator('#hint');
  assert.equal((await hint.textContent()).trim(), 'Then step again, move another mover, or place a wall.');
  await hint.scrollIntoViewIfNeeded();
  assert.ok(await hint.isVisible());
  assert.equal(await page.locator('#board svg.walls-offered').count(), 1);
  const free = await page.locator('#board svg .slot.target').count();
  assert.ok(free > 100, `the free slots are targets (${free})`);
  assert.equal(await shownSlots(page), free, 'every free slot is drawn');
  await shot(page, 'trap-phone-follow-up');

  // A wall after the step, away from the movers: the turn waits for its confirm (touch), then is
  // played.
  const busy = ['c4', 'e7', 'g5', 'c5', 'e3', 'g7'];
  const slots = await page.locator('#board svg .slot.target').evaluateAll((els) => els.map((e) => e.getAttribute('data-slot')));
  const slot = slots.find((s) => !s.split('|').some((c) => busy.includes(c)));
  await tapCentre(page, `#board svg .slot[data-slot="${slot}"]`);
  await waitIdle(page);
  await page.locator('#choices button#confirm-move').waitFor();
  await tapCentre(page, '#choices button#confirm-move');
  await waitPly(page, 1);
  assert.equal((await api(server.url, 'GET', `/api/games/${seated.game.id}`)).moves.length, 1);

  // Blue starts with a wall: only a second wall may follow (a step comes before a wall, P6).
  await waitYourTurn(page);
  const blue = await page.locator('#board svg .slot.target').evaluateAll((els) => els.map((e) => e.getAttribute('data-slot')));
  const first = blue.find((s) => !s.split('|').some((c) => [...busy, 'c3', slot.split('|')[0], slot.split('|')[1]].includes(c)));
  await tapCentre(page, `#board svg .slot[data-slot="${first}"]`);
  await waitIdle(page);
  assert.equal(await page.getAttribute('#board', 'data-clicks'), first);
  assert.equal((await hint.textContent()).trim(), 'Then place a wall.');
  assert.equal(await page.locator('#board svg.walls-offered').count(), 1);
  assert.deepEqual(page.errors, []);
});

test('Trap with the pile empty: after a step, no wall is offered', async () => {
  const page = await newPhonePage(browser);
  await openCreated(page, server.url, { game: 'trap', seats: ['human', 'human'], position: 'c3,e7,g5 c5,e3,g7 - 0 r 0' });
  await waitYourTurn(page);
  await tapCentre(page, '#board svg .cell[data-click="c3"]');
  await waitIdle(page);
  await tapCentre(page, '#board svg .cell[data-click="c4"]');
  await waitIdle(page);
  assert.equal((await page.textContent('#hint')).trim(), 'Then step again or move another mover.');
  assert.equal(await page.locator('#board svg.walls-offered').count(), 0);
  assert.equal(await shownSlots(page), 0);
  // In French too.
  await page.evaluate(() => localStorage.setItem('arbiter.pref.language', 'fr'));
  await page.reload();
  await waitYourTurn(page).catch(() => {}); // the status line is in French now
  await page.waitForSelector('#board [data-click].target');
  await waitIdle(page);
  await tapCentre(page, '#board svg .cell[data-click="c3"]');
  await waitIdle(page);
  await tapCentre(page, '#board svg .cell[data-click="c4"]');
  await waitIdle(page);
  assert.equal((await page.textContent('#hint')).trim(), 'Ensuite : faire un autre pas ou déplacer un autre pion.');
  assert.deepEqual(page.errors, []);
});
