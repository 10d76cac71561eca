// The game page as players see it: a rated game between two accounts (created through the API,
// each browser logged in by its session cookie), one on a desktop (1280×800) and one on a phone
// (390×844, touch). Each player's name and rating (provisional) and a large clock stand above
// and below the board, the seat to move is marked, the marks on what can move are light until
// hovered or chosen, the secondary actions (copy position, the record, the board as text, the
// settings) are in a menu and still work, and at the end one line says who won and how, the
// rating changes show (+N / −N), with one Rematch and Analyse; axe finds nothing there in either
// theme. Guests' games show the seats' names and "Anonymous" and no rating, with the result of a
// win by reaching home and a win on time; a 4-player game shows all four players.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  api, clickBoard, launch, newPage, openCreated, openGameMenu, playAnyMove, shot, startServer, TMP, waitIdle, waitPly, waitYourTurn,
} from './helpers.mjs';

const require = createRequire(path.join(path.dirname(new URL(import.meta.url).pathname), '../../web/package.json'));
const axePath = require.resolve('axe-core/axe.min.js');

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'game_page.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// A browser context logged in as the account whose session is `session`.
async function loggedIn(session, options) {
  const context = await browser.newContext({ ...options, bypassCSP: true }); // axe is injected as a script of the test's own
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await context.addCookies([{ name: 'arbiter_session', value: session, url: server.url }]);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

// The player bars by the board and the board itself, as laid out.
async function barsLayout(page) {
  return page.evaluate(() => {
    const box = (el) => el.getBoundingClientRect();
    const board = box(document.querySelector('#board svg.board'));
    const clocks = [...document.querySelectorAll('.player-bars [data-clock]')].map((el) => ({
      seat: Number(el.getAttribute('data-clock')),
      top: el.closest('#bars-top') !== null,
      size: parseFloat(getComputedStyle(el).fontSize),
      box: box(el),
    }));
    return { board: { top: board.top, bottom: board.bottom }, top: box(document.querySelector('#bars-top')), bottom: box(document.querySelector('#bars-bottom')), clocks };
  });
}

// Bars above and below the board, each clock on the screen and, under a time control, large
// (without one a clock counts the time used, in smaller figures).
async function checkBars(page, seats, label, timed = true) {
  const l = await barsLayout(page);
  assert.ok(l.top.bottom <= l.board.top + 1, `${label}: the top bar above the board`);
  assert.ok(l.bottom.top >= l.board.bottom - 1, `${label}: the bottom bar below the board`);
  assert.equal(l.clocks.length, seats, `${label}: a clock per seat`);
  for (const c of l.clocks) assert.ok(c.size >= (timed ? 20 : 14), `${label}: clock ${c.seat} is ${timed ? 'large' : 'shown'} (${c.size}px)`);
  assert.equal(l.clocks.filter((c) => !c.top).length, 1, `${label}: one clock below the board`);
  const vw = page.viewportSize().width;
  for (const c of l.clocks) assert.ok(c.box.right <= vw && c.box.left >= 0, `${label}: clock ${c.seat} on the screen`);
}

// Who the bars mark as to move: the seats, and whether each marked one has its pill and its
// running clock.
async function marked(page) {
  return page.evaluate(() => [...document.querySelectorAll('.player-bar.to-move')].map((b) => ({
    seat: Number(b.getAttribute('data-seat')),
    pill: !!b.querySelector('.pb-turn'),
    running: !!b.querySelector('.pb-clock.running'),
  })));
}

const barText = (page, seat) => page.textContent(`.player-bar[data-seat="${seat}"]`);

// axe's serious and critical findings on the page as it stands, in the light and the dark theme.
async function axeBothThemes(page) {
  const found = [];
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  for (const theme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    const v = await page.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')
        .map((x) => `${x.id}: ${x.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}`);
    });
    found.push(...v.map((line) => `${theme}: ${line}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

async function firstMove(id) {
  return (await api(server.url, 'GET', `/api/games/${id}/legal?prefix=`)).moves[0];
}

test('a rated game between two accounts: names, ratings, clocks, the side to move, the menu, the end', async () => {
  const password = 'a long enough password';
  const alice = await api(server.url, 'POST', '/api/accounts', { username: 'alice', password });
  const bob = await api(server.url, 'POST', '/api/accounts', { username: 'bob', password });
  const { seek } = await api(server.url, 'POST', '/api/seeks', { game: 'traverse', time_control: '3+2', rated: true }, alice.session);
  const seated = await api(server.url, 'POST', `/api/seeks/${seek.id}/accept`, {}, bob.session);
  const id = seated.game.id;
  const aliceSeat = seated.game.seats.findIndex((s) => s.account === 'alice');
  const bobSeat = 1 - aliceSeat;

  // The ratings the page shows come from the server: both new to the pool, provisional.
  const ratings = await api(server.url, 'GET', `/api/games/${id}/ratings`);
  assert.equal(ratings.pool, 'traverse-2p/real-time');
  assert.equal(ratings.rated, true);
  assert.deepEqual(ratings.seats.map((s) => [s.account, s.rating, s.provisional]).sort(), [['alice', 1500, true], ['bob', 1500, true]]);

  const desk = await loggedIn(alice.session, { viewport: { width: 1280, height: 800 } });
  const phone = await loggedIn(bob.session, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  for (const page of [desk, phone]) {
    await page.goto(`${server.url}/#/game/${id}`);
    await waitIdle(page);
    await page.waitForSelector('.player-bar .pb-rating');
  }

  // Each sees itself below the board and the other above, by name, rating and clock.
  for (const [page, me, other, myName, otherName, label] of [
    [desk, aliceSeat, bobSeat, 'alice', 'bob', 'desktop'], [phone, bobSeat, aliceSeat, 'bob', 'alice', 'phone']]) {
    assert.equal(Number(await page.getAttribute('#bars-bottom .player-bar', 'data-seat')), me, `${label}: own bar below`);
    assert.equal(Number(await page.getAttribute('#bars-top .player-bar', 'data-seat')), other, `${label}: the other's above`);
    assert.equal(await page.textContent(`.player-bar[data-seat="${me}"] .pb-name`), myName);
    assert.equal(await page.textContent(`.player-bar[data-seat="${other}"] .pb-name`), otherName);
    assert.equal(await page.getAttribute(`.player-bar[data-seat="${other}"] a.pb-name`, 'href'), `#/players/${otherName}`);
    for (const seat of [me, other]) {
      assert.equal(await page.textContent(`.player-bar[data-seat="${seat}"] .pb-rating`), '1500?', `${label}: provisional rating`);
      assert.match(await page.getAttribute(`.player-bar[data-seat="${seat}"] .pb-rating`, 'title'), /provisional/i);
    }
    assert.match(await barText(page, me), /you/);
    assert.doesNotMatch(await barText(page, other), /you/);
    await checkBars(page, 2, label);
  }

  // Four plies (each seat moves twice: the game is rated): Alice by clicks on the desktop, Bob
  // through the API; both pages mark the seat to move, and only it.
  for (let n = 0; n < 4; n++) {
    const g = await api(server.url, 'GET', `/api/games/${id}`);
    for (const page of [desk, phone]) {
      await waitPly(page, n);
      await page.waitForFunction((s) => document.querySelector('.player-bar.to-move')?.getAttribute('data-seat') === String(s), g.to_move);
      assert.deepEqual(await marked(page), [{ seat: g.to_move, pill: true, running: true }]);
    }
    if (g.to_move === bobSeat) {
      await api(server.url, 'POST', `/api/games/${id}/moves`, { move: await firstMove(id), ply: n }, bob.session);
      continue;
    }
    await waitYourTurn(desk);
    if (n < 2) {
      // What can move is marked lightly; a hovered piece's mark is full; once one is chosen the
      // light marks go (its targets are marked instead).
      await desk.waitForSelector('#board svg.board.picking .target-ring');
      const ring = desk.locator('#board svg .target-ring').first();
      const cell = await ring.getAttribute('data-for');
      assert.equal(await ring.evaluate((el) => getComputedStyle(el).strokeWidth), '2px');
      await desk.hover(`#board svg .cell[data-click="${cell}"]`);
      await desk.waitForSelector(`#board svg .target-ring.hot[data-for="${cell}"]`);
      assert.equal(await ring.evaluate((el) => getComputedStyle(el).strokeWidth), '4.5px');
      await clickBoard(desk, cell);
      assert.equal(await desk.locator('#board svg.board.picking').count(), 0);
      assert.equal(await desk.locator('#board svg .selected-ring').count(), 1);
    }
    await playAnyMove(desk);
  }
  await waitPly(desk, 4);
  await waitPly(phone, 4);
  await shot(desk, 'game-page-desktop');
  await shot(phone, 'game-page-phone');

  // The secondary actions are in the menu, closed at first, and still work.
  assert.equal(await desk.isVisible('#copy-position'), false, 'copy position waits in the menu');
  assert.equal(await desk.isVisible('#record'), false);
  await openGameMenu(desk);
  await desk.click('#copy-position');
  await desk.waitForFunction(async () => (await navigator.clipboard.readText()).length > 0);
  assert.equal(await desk.evaluate(() => navigator.clipboard.readText()), (await api(server.url, 'GET', `/api/games/${id}`)).position);
  const [download] = await Promise.all([desk.waitForEvent('download'), desk.click('#record')]);
  assert.equal(download.suggestedFilename(), `arbiter-${id}.txt`);
  assert.equal(await desk.isVisible('#text-board'), false);
  await desk.click('#text-board-toggle');
  await desk.waitForSelector('#text-board', { state: 'visible' });
  assert.match(await desk.textContent('#text-board'), /to move/);
  await desk.click('#text-board-toggle');
  assert.equal(await desk.isVisible('#coords'), true, 'the settings are in the menu');
  await desk.keyboard.press('Escape');
  assert.equal(await desk.isVisible('#coords'), false, 'Escape closes the menu');
  // On the phone too, by a tap.
  await phone.tap('#game-menu > summary');
  await phone.waitForSelector('#copy-position', { state: 'visible' });
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth) <= 390, 'the open menu fits the phone');
  await phone.tap('#game-menu > summary');

  // Alice resigns (asked twice).
  await desk.click('#resign');
  await desk.click('#resign');
  for (const page of [desk, phone]) {
    await page.waitForSelector('#game-over');
    // One line says who won and how, once: the status line.
    assert.equal(await page.textContent('#status'), 'bob won: alice resigned');
    const shown = await page.evaluate(() => document.querySelector('.game').innerText);
    assert.equal(shown.split('resigned').length - 1, 1, 'the result is shown once');
    // One Rematch, and Analyse.
    assert.equal(await page.locator('#rematch').count(), 1);
    assert.equal(await page.locator('button:has-text("Rematch")').count(), 1);
    assert.equal(await page.getAttribute('#over-analyse', 'href'), `#/analysis/${id}`);
    // The rating changes, in the bars: Bob up, Alice down.
    await page.waitForSelector('.player-bar .rating-change.up', { timeout: 10000 });
    assert.match(await page.textContent(`.player-bar[data-seat="${bobSeat}"] .rating-change`), /^\+\d+$/);
    assert.match(await page.textContent(`.player-bar[data-seat="${aliceSeat}"] .rating-change`), /^−\d+$/);
  }
  // The changes are the server's ratings before and after.
  const afterRatings = await api(server.url, 'GET', `/api/games/${id}/ratings`);
  const up = Number((await desk.textContent(`.player-bar[data-seat="${bobSeat}"] .rating-change`)).slice(1));
  assert.equal(afterRatings.seats[bobSeat].rating, 1500 + up);
  assert.equal(await desk.textContent(`.player-bar[data-seat="${bobSeat}"] .pb-rating`), `${1500 + up}?`);
  await shot(desk, 'game-page-over-desktop');
  await shot(phone, 'game-page-over-phone');

  // A reload still shows the changes (the ratings seen during the game are remembered).
  await desk.reload();
  await waitIdle(desk);
  await desk.waitForSelector(`.player-bar[data-seat="${aliceSeat}"] .rating-change.down`);
  // The finished page in both themes, on both sizes: nothing serious for axe.
  assert.deepEqual(await axeBothThemes(desk), []);
  assert.deepEqual(await axeBothThemes(phone), []);
  // Replay from the start, in the menu once the game is over.
  await openGameMenu(desk);
  await desk.click('#over-review');
  await desk.waitForSelector('#board[data-ply="0"]');
  for (const page of [desk, phone]) assert.deepEqual(page.errors, []);
  await desk.context().close();
  await phone.context().close();
});

test('guests: seat names, "Anonymous", no rating; a win by reaching home and a win on time', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  // South has seven pieces home; the square on i9 steps home and wins.
  await openCreated(page, server.url, {
    game: 'traverse', params: 'players=2', position: '1SsDsTsCsCsTsDs2/8Ss1/10/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10 s 40', seats: ['human', 'ai:1'],
  });
  assert.equal(await page.textContent('.player-bar[data-seat="0"] .pb-name'), 'south');
  assert.match(await page.textContent('.player-bar[data-seat="0"] .pb-meta'), /^Anonymous/);
  assert.equal(await page.textContent('.player-bar[data-seat="1"] .pb-name'), 'north');
  assert.match(await page.textContent('.player-bar[data-seat="1"] .pb-meta'), /AI level 1/);
  assert.equal(await page.locator('.pb-rating').count(), 0, 'guests have no rating');
  await checkBars(page, 2, 'guests, no time control', false);
  await waitYourTurn(page);
  await clickBoard(page, 'i9');
  await clickBoard(page, 'i10');
  await page.waitForSelector('#game-over');
  assert.equal(await page.textContent('#status'), 'south won: all pieces home');
  assert.equal(await page.locator('.rating-change').count(), 0);
  assert.equal(await page.locator('#rematch').count(), 1);

  // On time: 6 s each, nobody moving.
  const timed = await newPage(browser, { width: 390, height: 844 });
  await openCreated(timed, server.url, { game: 'traverse', params: 'players=2', seats: ['human', 'human'], time_control: '0.1+0' });
  await checkBars(timed, 2, 'guests on a phone');
  await timed.waitForSelector('#game-over', { timeout: 30000 });
  assert.equal(await timed.textContent('#status'), 'north won on time');
  for (const p of [page, timed]) assert.deepEqual(p.errors, []);
  await page.context().close();
  await timed.context().close();
});

test('four players: every seat by the board, and a resignation that three players win', async () => {
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await newPage(browser, size);
    const seated = await openCreated(page, server.url, { game: 'traverse', params: 'players=4', seats: ['human', 'human', 'human', 'human'], time_control: '5+0' });
    const names = seated.game.seats.map((s) => s.player);
    assert.equal(await page.locator('#bars-top .player-bar').count(), 3);
    assert.equal(await page.locator('#bars-bottom .player-bar').count(), 1);
    const shown = await page.locator('.player-bar .pb-name').allTextContents();
    assert.deepEqual([...shown].sort(), [...names].sort());
    await checkBars(page, 4, `four players ${size.width}`);
    assert.deepEqual(await marked(page), [{ seat: 0, pill: true, running: true }]);
    // The first seat moves, then resigns the next turn it has.
    const id = seated.game.id;
    for (let n = 0; n < 4; n++) {
      await api(server.url, 'POST', `/api/games/${id}/moves`, { move: await firstMove(id), ply: n }, seated.tokens[String(n)]);
    }
    await waitPly(page, 4);
    await api(server.url, 'POST', `/api/games/${id}/resign`, { seat: 0 }, seated.tokens['0']);
    await page.waitForSelector('#game-over');
    const others = names.slice(1);
    assert.equal(await page.textContent('#status'), `${others.slice(0, -1).join(', ')} and ${others[2]} won: ${names[0]} resigned`);
    await shot(page, `game-page-four-${size.width}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
