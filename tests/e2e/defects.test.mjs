// What a page says when what it was asked for is not there, or the server is away: an address
// naming no game, an analysis of an unknown game, rules of a game not played here, an unknown
// leaderboard pool (and the leaderboard opening on a pool that has players); errors of a lost
// connection gone once it returns (the browser offline, the API unreachable); the screen
// reader's announcement naming every target it counts; no failed request in the console of a
// logged-out visitor.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, firstMove, launch, newPage, newPhonePage, openCreated, sleep, startServer, tapCentre, TMP, waitIdle, waitYourTurn } from './helpers.mjs';
import { sitePages, visit } from './site_pages.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'defects.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const appText = (page) => page.textContent('#app');

// No sideways scrolling at the page's width.
async function fitsWidth(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

// A rated Trap game between two new accounts (a seek and its acceptance), each moving twice (a
// game is rated only then), then resigned: both get a rating in the pool trap/real-time (written
// on a thread of its own, so waited for). Returns the accounts' names.
async function ratedTrapGame() {
  const password = 'a long enough password';
  const stamp = Date.now() % 100000;
  const [a, b] = [`rated${stamp}a`, `rated${stamp}b`];
  const sessionA = (await api(server.url, 'POST', '/api/accounts', { username: a, password })).session;
  const sessionB = (await api(server.url, 'POST', '/api/accounts', { username: b, password })).session;
  const { seek } = await api(server.url, 'POST', '/api/seeks', { game: 'trap', time_control: '5+3', rated: true }, sessionA);
  const seated = await api(server.url, 'POST', `/api/seeks/${seek.id}/accept`, {}, sessionB);
  const id = seated.game.id;
  const tokenOf = (seat) => seated.tokens[String(seat)] ?? sessionA; // the author acts by its session
  for (let i = 0; i < 4; i++) {
    const g = await api(server.url, 'GET', `/api/games/${id}`);
    await api(server.url, 'POST', `/api/games/${id}/moves`, { move: await firstMove(server.url, id), ply: g.ply }, tokenOf(g.to_move));
  }
  const seat = Number(Object.keys(seated.tokens)[0]);
  const over = await api(server.url, 'POST', `/api/games/${id}/resign`, { seat }, tokenOf(seat));
  assert.equal(over.status, 'finished');
  assert.ok(over.rated, 'the game is rated');
  for (let i = 0; i < 100; i++) {
    if ((await api(server.url, 'GET', '/api/leaderboard?pool=trap/real-time')).players.length === 2) return [a, b];
    await sleep(100);
  }
  throw new Error('the game was not rated');
}

test('#/game/ (no id) says "no such game" with a link home, and throws nothing (desktop and phone)', async () => {
  for (const open of [newPage, newPhonePage]) {
    const page = await open(browser);
    for (const hash of ['#/game/', '#/game']) {
      await page.goto(`${server.url}/${hash}`);
      await page.waitForSelector('#app h1');
      assert.match(await page.textContent('#app h1'), /no such game/i);
      assert.match(await appText(page), /names no game/);
      assert.equal(await page.title(), 'arbiter: no such game');
      assert.ok(await fitsWidth(page), 'no sideways scrolling');
    }
    if (open === newPhonePage) await tapCentre(page, '#app a[href="#/"]');
    else await page.click('#app a[href="#/"]');
    await page.waitForSelector('#start', { state: 'attached' });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('an unknown analysis id says "no such game" (not "Thinking…" for ever) and stops asking; a position that cannot be loaded is not "thought about"', async () => {
  const page = await newPage(browser);
  let sockets = 0;
  page.on('websocket', () => sockets++);
  await page.goto(`${server.url}/#/analysis/nosuchgame`);
  await page.waitForSelector('#analysis-gone');
  assert.match(await page.textContent('#app h1'), /no such game/i);
  assert.match(await page.textContent('#analysis-gone'), /nosuchgame/);
  assert.doesNotMatch(await appText(page), /Thinking/);
  assert.equal(await page.locator('#app a[href="#/analysis"]').count(), 1);
  assert.equal(await page.locator('#app a[href="#/"]').count(), 1);
  assert.equal(await page.title(), 'arbiter: no such game');
  await sleep(3000); // a reconnecting socket would have tried again by now
  assert.ok(sockets <= 1, `${sockets} WebSocket attempts`);

  await page.goto(`${server.url}/#/analysis?game=traverse&params=&position=${encodeURIComponent('not a position')}`);
  await page.waitForSelector('#hint.error');
  await page.waitForFunction(() => /Nothing to analyse/.test(document.querySelector('#engine-lines')?.textContent || ''));
  assert.doesNotMatch(await page.textContent('#engine-lines'), /Thinking/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('#/rules/chess says "no such game" and links to the rules of the three games (desktop and phone); #/rules shows Traverse', async () => {
  for (const open of [newPage, newPhonePage]) {
    const page = await open(browser);
    await page.goto(`${server.url}/#/rules/chess`);
    await page.waitForSelector('#no-such-rules');
    assert.match(await page.textContent('#app h1'), /no such game/i);
    assert.match(await page.textContent('#no-such-rules .error'), /“chess”/);
    assert.equal(await page.title(), 'arbiter: no such game');
    for (const game of ['traverse', 'travelers', 'trap']) {
      assert.equal(await page.locator(`#no-such-rules a[href="#/rules/${game}"]`).count(), 1, game);
    }
    assert.ok(await fitsWidth(page), 'no sideways scrolling');
    if (open === newPhonePage) await tapCentre(page, '#no-such-rules a[href="#/rules/trap"]');
    else await page.click('#no-such-rules a[href="#/rules/trap"]');
    await page.waitForFunction(() => /^Trap/.test(document.querySelector('#app h1')?.textContent || ''));
    await page.goto(`${server.url}/#/rules`);
    await page.waitForFunction(() => /^Traverse/.test(document.querySelector('#app h1')?.textContent || ''));
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('the leaderboard: an unknown pool says so; #/leaderboard opens on the pool that has players', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/#/leaderboard/foo`);
  await page.waitForSelector('#no-such-pool');
  assert.match(await page.textContent('#no-such-pool'), /“foo”/);
  assert.equal(await page.locator('#pool option[value="trap/real-time"]').count(), 1, 'the pools to choose from');
  assert.equal(await page.inputValue('#pool'), '', 'no pool chosen');

  const [a, b] = await ratedTrapGame();
  await page.goto(`${server.url}/#/`);
  await page.goto(`${server.url}/#/leaderboard`);
  await page.waitForSelector('#leaderboard');
  assert.equal(await page.inputValue('#pool'), 'trap/real-time');
  assert.equal(await page.getAttribute('#leaderboard', 'data-pool'), 'trap/real-time');
  for (const name of [a, b]) assert.equal(await page.locator(`#leaderboard tr[data-player="${name}"]`).count(), 1, name);

  // A pool chosen in the list is in the address.
  await page.selectOption('#pool', 'traverse-2p/real-time');
  await page.waitForFunction(() => location.hash === '#/leaderboard/traverse-2p/real-time');
  await page.waitForFunction(() => /Nobody is rated/.test(document.querySelector('#app .card')?.textContent || ''));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('errors of a lost connection go once it is back: the browser online again, the API answering again, a form keeping what was typed', async () => {
  const site = await sitePages(server.url);
  const page = await newPage(browser);
  const context = page.context();
  const unreachable = /the server cannot be reached/;

  // The browser offline: the profile cannot be loaded; online again, it is.
  await page.goto(`${server.url}/#/leaderboard`);
  await page.waitForSelector('#app .card p, #leaderboard');
  await context.setOffline(true);
  await page.evaluate((name) => { location.hash = `#/players/${name}`; }, site.user);
  await page.waitForSelector('#app p.error');
  assert.match(await page.textContent('#app p.error'), unreachable);
  await context.setOffline(false);
  await page.waitForSelector('#ratings, #app .card', { timeout: 10000 });
  assert.equal(await page.locator('#app .error').count(), 0);

  // The API unreachable (no offline event): the rules' diagrams fail, and are drawn once the
  // server answers again (the page asks every few seconds).
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.evaluate(() => { location.hash = '#/rules/trap'; });
  await page.waitForSelector('.rules figure .error');
  assert.match(await page.textContent('.rules figure .error'), unreachable);
  await page.unroute('**/api/**');
  await page.waitForFunction(() => document.querySelectorAll('.rules figure svg.board').length === 2 && !document.querySelector('.rules .error'), null, { timeout: 15000 });

  // A form's error goes, and what was typed in it stays.
  await page.evaluate(() => { location.hash = '#/account'; });
  await page.waitForSelector('#login');
  await page.fill('#login input[name="username"]', 'somebody');
  await page.fill('#login input[name="password"]', 'a long enough password');
  await context.setOffline(true);
  await page.click('#login button[type="submit"]');
  await page.waitForFunction(() => /cannot be reached/.test(document.querySelector('[data-error="login"]')?.textContent || ''));
  await context.setOffline(false);
  await page.waitForFunction(() => document.querySelector('[data-error="login"]')?.textContent === '', null, { timeout: 10000 });
  assert.equal(await page.inputValue('#login input[name="username"]'), 'somebody');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the announcement after a key selects a piece names every target it counts', async () => {
  // South's circle on e5: seven steps, a jump over e6 to e7 and on over e8 to e9.
  const position = '1SnDn2CnTnDnSn1/10/4Tn5/10/4Cn5/4Cs5/10/10/10/1SsDsTs1CsTsDsSs1 s 0';
  const page = await newPage(browser);
  await openCreated(page, server.url, { game: 'traverse', position, seats: ['human', 'human'] });
  await waitYourTurn(page);
  await page.focus('#board');
  const cursor = () => page.getAttribute('#board', 'aria-activedescendant');
  for (let i = 0; i < 40 && (await cursor()) !== 'cell-e5'; i++) {
    const [dx, dy] = await page.evaluate((from) => {
      const centre = (id) => {
        const r = document.getElementById(id).getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
      };
      const [a, b] = [centre(from), centre('cell-e5')];
      return [b[0] - a[0], b[1] - a[1]];
    }, await cursor());
    await page.keyboard.press(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : dy > 0 ? 'ArrowDown' : 'ArrowUp');
  }
  assert.equal(await cursor(), 'cell-e5');
  await page.keyboard.press('Enter');
  await waitIdle(page);
  await page.waitForFunction(() => /^Selected e5\./.test(document.querySelector('#announce')?.textContent || ''));
  const said = await page.textContent('#announce');
  const m = /(\d+) targets: (.*)\.$/.exec(said);
  assert.ok(m, said);
  const named = m[2].split(/, | and /);
  assert.equal(Number(m[1]), 9, said);
  assert.deepEqual(named.sort(), ['d4', 'd5', 'd6', 'e4', 'e7', 'e9', 'f4', 'f5', 'f6'], said);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a logged-out visitor’s pages log no error in the console', async () => {
  const site = await sitePages(server.url);
  const page = await newPage(browser);
  const logged = [];
  let on = 'start';
  page.on('console', (msg) => {
    if (msg.type() === 'error') logged.push(`${on}: ${msg.text()} (${msg.location().url})`);
  });
  // Two pages are about something missing, and the server says so with a 404: the join link of
  // a game that does not exist, and the puzzles of a store that holds none.
  const missing = { join: '/api/games/no-such-game/join', puzzles: '/api/puzzles/next' };
  for (const p of site.pages) {
    on = p.name;
    await visit(page, server.url, p);
    await sleep(200);
  }
  const unexpected = logged.filter((line) => !Object.entries(missing).some(([name, url]) => line.startsWith(`${name}: `) && line.includes(url)));
  assert.deepEqual(unexpected, []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
