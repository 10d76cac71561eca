// A rematch offer reaches the other player: when one player asks for a rematch, the other's page
// (another browser) shows the offer with an Accept button, pushed over the WebSocket.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, newPage, openCreated, shot, startServer, TMP, waitIdle, waitYourTurn } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'rematch.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the opponent sees a rematch offer and accepts it', async () => {
  const alice = await newPage(browser);
  const bob = await newPage(browser); // another browser context: its own local storage
  const seated = await openCreated(alice, server.url, { game: 'traverse', seats: ['human', 'open'] });
  const id = seated.game.id;
  const joined = await api(server.url, 'POST', `/api/games/${id}/join`, { seat: 1 });
  await bob.goto(`${server.url}/#/`);
  await bob.evaluate(([gid, tokens]) => {
    localStorage.setItem('arbiter.games', JSON.stringify({ [gid]: { game: 'traverse', tokens, added: Date.now() } }));
  }, [id, joined.tokens]);
  await bob.goto(`${server.url}/#/game/${id}`);
  await waitIdle(bob);
  await waitYourTurn(alice);

  // North (Bob) resigns; South (Alice) asks for a rematch.
  await api(server.url, 'POST', `/api/games/${id}/resign`, {}, joined.tokens['1']);
  await alice.waitForSelector('#status[data-status="finished"]');
  await bob.waitForSelector('#status[data-status="finished"]');
  assert.equal(await bob.locator('#rematch-offer').count(), 0, 'no offer before one is made');
  await alice.click('#rematch');
  await alice.waitForSelector('#rematch:disabled');

  // Bob's page shows the offer, with Accept.
  const offer = bob.locator('#rematch-offer');
  await offer.waitFor({ timeout: 5000 });
  assert.match(await offer.textContent(), /south offers a rematch/i);
  const accept = bob.locator('#rematch-offer button#rematch');
  assert.match(await accept.textContent(), /accept/i);
  await shot(bob, 'rematch-offer');
  await accept.click();
  await bob.waitForURL((u) => !u.hash.includes(id));
  await alice.waitForURL((u) => !u.hash.includes(id));
  assert.equal(alice.url(), bob.url());
  await waitYourTurn(bob); // seats rotate: Bob plays South now
  for (const p of [alice, bob]) assert.deepEqual(p.errors, []);
});
