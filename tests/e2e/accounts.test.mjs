// Accounts and the lobby in the browser: two players register (each in its own browser context,
// so each with its own session cookie), one posts a rated 3+2 seek, the other accepts it, both
// land in the game and move (the seek's author holds the seat by account, with no seat token),
// and both profiles list the game. A short password shows the server's one-line error.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, newPage, playAnyMove, shot, startServer, TMP, waitIdle, waitPly, waitYourTurn } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'accounts.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function register(page, username, password) {
  await page.goto(`${server.url}/#/account`);
  await page.fill('#register input[name="username"]', username);
  await page.fill('#register input[name="password"]', password);
  await page.click('#register button[type="submit"]');
}

test('register, seek, accept, play by account, profiles; bad input shows the server message', async () => {
  const alice = await newPage(browser);
  const bob = await newPage(browser);

  // Bad input: a short password is refused with the server's reason, and nobody is logged in.
  await register(alice, 'alice', 'short');
  await alice.waitForFunction(() => document.querySelector('#register [data-error]')?.textContent !== '');
  assert.match(await alice.textContent('#register [data-error]'), /password/i);
  assert.equal(await alice.textContent('#account-link'), 'Log in');

  await register(alice, 'alice', 'correct horse battery');
  await alice.waitForSelector('#account-name');
  assert.equal(await alice.textContent('#account-name'), 'alice');
  assert.equal(await alice.textContent('#account-link'), 'alice');
  await register(bob, 'bob', 'another long password');
  await bob.waitForSelector('#account-name');

  // Alice posts a rated 3+2 seek of Traverse.
  await alice.goto(`${server.url}/#/`);
  await alice.waitForSelector('#seek-form');
  await alice.click('#seek-form > summary'); // the form with a rating range and a challenge, folded
  await alice.selectOption('select[name="seek_game"]', 'traverse');
  await alice.selectOption('select[name="seek_time_control"]', '3+2');
  await alice.check('input[name="seek_rated"]');
  await alice.click('#post-seek');
  await alice.waitForSelector('#seek-list button[data-withdraw]');
  const seekText = await alice.textContent('#seek-list li');
  assert.match(seekText, /3\+2/);
  assert.match(seekText, /rated/);

  // Bob sees it and accepts: he lands in the new game.
  await bob.goto(`${server.url}/#/`);
  await bob.waitForSelector('#seek-list button[data-accept]');
  assert.match(await bob.textContent('#seek-list li'), /by alice/);
  await bob.click('#seek-list button[data-accept]');
  await bob.waitForURL(/#\/game\//);
  const id = bob.url().split('#/game/')[1];
  const game = await api(server.url, 'GET', `/api/games/${id}`);
  assert.equal(game.time_control, '3+2');
  assert.equal(game.rated, true);
  assert.deepEqual(game.seats.map((s) => s.account).sort(), ['alice', 'bob']);

  // Alice's lobby sees her seek taken and opens its game; she holds her seat by account only.
  await alice.waitForURL(new RegExp(`#/game/${id}$`), { timeout: 15000 });
  await waitIdle(alice);
  await waitIdle(bob);
  const aliceTokens = await alice.evaluate((g) => JSON.parse(localStorage.getItem('arbiter.games') || '{}')[g]?.tokens ?? {}, id);
  assert.deepEqual(aliceTokens, {});
  const aliceSeat = game.seats.findIndex((s) => s.account === 'alice');
  assert.match(await alice.textContent(`#players li[data-seat="${aliceSeat}"]`), /you/);

  // Whoever is to move first moves, then the other.
  const [first, second] = game.to_move === aliceSeat ? [alice, bob] : [bob, alice];
  await waitYourTurn(first);
  await playAnyMove(first);
  await waitPly(second, 1);
  await waitYourTurn(second);
  await playAnyMove(second);
  await waitPly(first, 2);
  await waitPly(second, 2);
  await shot(alice, 'account-game');

  // Both profiles list the game.
  for (const [page, name] of [[alice, 'alice'], [bob, 'bob']]) {
    await page.goto(`${server.url}/#/players/${name}`);
    await page.waitForSelector(`#profile-games li[data-id="${id}"]`);
    assert.equal(await page.getAttribute(`#profile-games li[data-id="${id}"] a`, 'href'), `#/game/${id}`);
  }
  // My games lists it for Alice, who holds no token for it.
  await alice.goto(`${server.url}/#/`);
  await alice.waitForSelector(`#my-games li[data-id="${id}"]`);

  assert.deepEqual(alice.errors, []);
  assert.deepEqual(bob.errors, []);
});
