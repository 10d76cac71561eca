// The lobby live over its WebSocket: a seek posted in browser A appears in browser B without a
// reload (and without B's page asking for the seeks: nothing polls), B accepts it, and both land
// in the game with their seats, A moved there by the server naming the game its seek became. A
// guest's home page in a third browser lists the game among the games being played now, with
// both players and their ratings, as it starts.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { launch, newPage, shot, startServer, TMP, waitIdle } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'lobby_live.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function register(page, username) {
  await page.goto(`${server.url}/#/account`);
  await page.fill('#register input[name="username"]', username);
  await page.fill('#register input[name="password"]', 'correct horse battery');
  await page.click('#register button[type="submit"]');
  await page.waitForSelector('#account-name');
}

// The HTTP requests a page makes for the seeks (the page used to poll them).
function seekRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/seeks' && r.method() === 'GET') seen.push(r.url());
  });
  return seen;
}

test('a seek appears live in another browser, is accepted, and both players land in the game', async () => {
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  const carol = await newPage(browser); // a guest watching the home page
  await register(alice, 'alice');
  await register(bob, 'bob');

  // Bob and Carol are on the home page before the seek exists.
  const bobPolls = seekRequests(bob);
  await bob.goto(`${server.url}/#/`);
  await bob.waitForSelector('#seeks');
  await bob.waitForFunction(() => document.querySelector('#seeks')?.textContent?.includes('Nobody is seeking'));
  await carol.goto(`${server.url}/#/`);
  await carol.waitForSelector('#live-card');
  assert.match(await carol.textContent('#live-card'), /No game is being played/);

  // Alice posts a rated 3+2 seek.
  await alice.goto(`${server.url}/#/`);
  await alice.waitForSelector('#seek-form');
  await alice.click('#seek-form > summary'); // the form with a rating range and a challenge, folded
  await alice.selectOption('select[name="seek_game"]', 'traverse');
  await alice.selectOption('select[name="seek_time_control"]', '3+2');
  await alice.check('input[name="seek_rated"]');
  await alice.click('#post-seek');
  await alice.waitForSelector('#seek-list button[data-withdraw]');

  // It reaches Bob's page without a reload, pushed over the lobby's WebSocket.
  await bob.waitForSelector('#seek-list button[data-accept]', { timeout: 5000 });
  assert.match(await bob.textContent('#seek-list li'), /by alice/);
  assert.match(await bob.textContent('#seek-list li'), /3\+2/);
  assert.deepEqual(bobPolls, [], 'the page asked for the seeks instead of being told');

  // Bob accepts: he lands in the game, and Alice's page moves into it at once.
  await bob.click('#seek-list button[data-accept]');
  await bob.waitForURL(/#\/game\//);
  const id = bob.url().split('#/game/')[1];
  await alice.waitForURL(new RegExp(`#/game/${id}$`), { timeout: 5000 });
  await waitIdle(alice);
  await waitIdle(bob);
  const game = await (await fetch(`${server.url}/api/games/${id}`)).json();
  const aliceSeat = game.seats.findIndex((s) => s.account === 'alice');
  const bobSeat = game.seats.findIndex((s) => s.account === 'bob');
  assert.ok(aliceSeat >= 0 && bobSeat >= 0 && aliceSeat !== bobSeat, JSON.stringify(game.seats));
  assert.match(await alice.textContent(`#players li[data-seat="${aliceSeat}"]`), /you/);
  assert.match(await bob.textContent(`#players li[data-seat="${bobSeat}"]`), /you/);
  assert.doesNotMatch(await alice.textContent(`#players li[data-seat="${bobSeat}"]`), /you/);

  // Carol's home page lists the game being played, with both players and their ratings.
  await carol.waitForSelector(`#live-games li[data-id="${id}"]`, { timeout: 5000 });
  const line = await carol.textContent(`#live-games li[data-id="${id}"]`);
  assert.match(line, /alice \(1500\?\)/);
  assert.match(line, /bob \(1500\?\)/);
  assert.match(line, /3\+2/);
  await shot(carol, 'lobby-live');

  // The seek is gone from every lobby.
  await carol.waitForFunction(() => !document.querySelector('#seek-list'));

  for (const page of [alice, bob, carol]) assert.deepEqual(page.errors, []);
});
