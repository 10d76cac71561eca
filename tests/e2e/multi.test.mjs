// Two browsers play one game through an invite link while a third watches; a reload resumes the
// seat from local storage.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  api, clickBoard, launch, newPage, openMoreOptions, playAnyMove, shot, startServer, TMP, waitIdle, waitPly,
  waitYourTurn,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'multi.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('an invite link, two players and a spectator; reload resumes', async () => {
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  const carol = await newPage(browser, { width: 390, height: 844 }); // a phone

  // Alice opens a game of Traverse with the second seat open.
  await alice.goto(`${server.url}/#/`);
  await alice.click('button[data-game="traverse"]');
  await openMoreOptions(alice);
  await alice.selectOption('select[name="seat0"]', 'human');
  await alice.selectOption('select[name="seat1"]', 'open');
  await alice.click('#start');
  await alice.waitForURL(/#\/game\//);
  await waitIdle(alice);
  const id = alice.url().split('#/game/')[1];
  assert.match(await alice.textContent('#status'), /Your turn/);
  const invite = await alice.inputValue('input[data-invite="1"]');
  assert.match(invite, new RegExp(`#/join/${id}/1$`));

  // An open seat is taken through its invite link: the game is not listed as open.
  const listed = await api(server.url, 'GET', '/api/games?open=1');
  assert.ok(!listed.games.some((g) => g.id === id));

  // Bob follows the link and takes the seat; Carol watches without a token.
  await bob.goto(invite);
  await bob.waitForURL(new RegExp(`#/game/${id}$`));
  await waitIdle(bob);
  assert.match(await bob.textContent('#players li[data-seat="1"]'), /you/);
  await carol.goto(`${server.url}/#/game/${id}`);
  await waitIdle(carol);
  assert.match(await carol.textContent('#banner'), /watching/);
  await alice.waitForFunction(() => !document.querySelector('input[data-invite]'));

  // Bob may not move out of turn.
  await clickBoard(bob, 'b10');
  assert.match(await bob.textContent('#hint'), /Not your turn/);

  // Alice moves; everyone sees it.
  await waitYourTurn(alice);
  await playAnyMove(alice);
  await waitPly(bob, 1);
  await waitPly(carol, 1);

  // Bob answers; everyone sees it.
  await waitYourTurn(bob);
  await playAnyMove(bob);
  await waitPly(alice, 2);
  await waitPly(carol, 2);
  await shot(carol, 'spectator-phone');

  // The spectator cannot move (a click while the last move still plays only skips it ahead).
  await waitIdle(carol);
  await clickBoard(carol, 'b1');
  assert.match(await carol.textContent('#hint'), /watching/);

  // Alice reloads: the seat is still hers.
  await alice.reload();
  await waitIdle(alice);
  await waitYourTurn(alice);
  await playAnyMove(alice);
  await waitPly(bob, 3);
  await waitPly(carol, 3);
  const moves = await bob.locator('#moves .mv[data-ply]').count();
  assert.equal(moves, 4);

  // Bob's "my games" list shows the game.
  await bob.goto(`${server.url}/#/`);
  await bob.waitForSelector(`#my-games li[data-id="${id}"]`);
  assert.match(await bob.textContent(`#my-games li[data-id="${id}"]`), /your turn/);
  await bob.goto(`${server.url}/#/game/${id}`);
  await waitIdle(bob);

  // Bob resigns; both ask for a rematch and both land in it, seats rotated: Bob moves first.
  await bob.click('#resign');
  await bob.click('#resign');
  await alice.waitForSelector('#status[data-status="finished"]');
  await carol.waitForSelector('#status[data-status="finished"]');
  assert.match(await alice.textContent('#status'), /resign/);
  await alice.click('#rematch');
  await alice.waitForSelector('#rematch:disabled');
  await bob.click('#rematch');
  await bob.waitForURL((u) => !u.hash.includes(id));
  await alice.waitForURL((u) => !u.hash.includes(id));
  assert.equal(alice.url(), bob.url());
  await waitYourTurn(bob);
  assert.match(await bob.textContent('#players li[data-seat="0"]'), /you/);
  assert.match(await alice.textContent('#players li[data-seat="1"]'), /you/);
  await playAnyMove(bob);
  await waitPly(alice, 1);
  await carol.waitForSelector('#controls a.button:has-text("Watch the rematch")');
  for (const p of [alice, bob, carol]) assert.deepEqual(p.errors, []);
});

test('a game created with its open seat listed appears under Open games, and a stranger joins', async () => {
  const dana = await newPage(browser);
  const erin = await newPage(browser);
  await dana.goto(`${server.url}/#/`);
  await dana.click('button[data-game="trap"]');
  await openMoreOptions(dana);
  await dana.selectOption('select[name="seat0"]', 'human');
  assert.equal(await dana.locator('input[name="public"]').count(), 0); // no open seat yet
  await dana.selectOption('select[name="seat1"]', 'open');
  await dana.check('input[name="public"]');
  await dana.click('#start');
  await dana.waitForURL(/#\/game\//);
  const id = dana.url().split('#/game/')[1];
  await erin.goto(`${server.url}/#/`);
  await erin.waitForSelector(`#open-games li a[href="#/join/${id}/1"]`);
  await erin.click(`#open-games li a[href="#/join/${id}/1"]`);
  await erin.waitForURL(new RegExp(`#/game/${id}$`));
  await waitIdle(erin);
  assert.match(await erin.textContent('#players li[data-seat="1"]'), /you/);
  for (const p of [dana, erin]) assert.deepEqual(p.errors, []);
});
