// Each game played by clicks against the AI: a few moves from the start (a game made on the home
// page), then a near-final position finished by clicks; undo, resign and rematch against the AI.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  api, clickBoard, launch, newPage, openCreated, openMoreOptions, playAnyMove, ply, shot, startServer, TMP,
  waitIdle, waitPly, waitPlyAtLeast, waitYourTurn,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'games.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// Starts a game on the home page: the game's tile, then under More options its parameters, you
// against AI level 1.
async function startFromHome(page, game, setup = async () => {}) {
  await page.goto(`${server.url}/#/`);
  await page.click(`button[data-game="${game}"]`);
  await openMoreOptions(page);
  await setup(page);
  await page.selectOption('select[name="seat0"]', 'human');
  await page.selectOption('select[name="seat1"]', 'ai:1');
  await page.click('#start');
  await page.waitForURL(/#\/game\//);
  await waitIdle(page);
  return page.url().split('#/game/')[1];
}

async function playAgainstAi(page, moves) {
  for (let i = 0; i < moves; i++) {
    await waitYourTurn(page);
    const before = await ply(page);
    await playAnyMove(page);
    await waitPly(page, before + 2); // the AI answers
  }
}

test('Traverse: a few moves against the AI, then undo', async () => {
  const page = await newPage(browser);
  const id = await startFromHome(page, 'traverse', async (p) => {
    await p.selectOption('select[name="players"]', '2');
    await p.selectOption('select[name="rules"]', 'advanced');
  });
  await playAgainstAi(page, 3);
  await shot(page, 'traverse-3-moves');
  assert.equal(await page.locator('#moves .mv[data-ply]').count(), 7); // start + 6 moves
  const game = await api(server.url, 'GET', `/api/games/${id}`);
  assert.equal(game.ply, 6);
  assert.match(game.params, /advanced|long_jumps/);
  // The last move is highlighted.
  assert.ok((await page.locator('#board .cell.last').count()) >= 2);
  // Undo takes back the AI's reply and our move.
  await page.click('#undo');
  await waitPly(page, 4);
  await waitYourTurn(page);
  assert.deepEqual(page.errors, []);
});

test('Traverse: a click that is not offered is explained', async () => {
  const page = await newPage(browser);
  await startFromHome(page, 'traverse');
  await waitYourTurn(page);
  await clickBoard(page, 'e5'); // an empty square
  assert.match(await page.textContent('#hint'), /Nothing to move there/);
  await clickBoard(page, 'e10'); // North's piece
  assert.match(await page.textContent('#hint'), /north/);
  await clickBoard(page, 'b1'); // a square: it can step up
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'b1');
  await clickBoard(page, 'e8');
  assert.match(await page.textContent('#hint'), /Not a legal destination/);
  await page.keyboard.press('Escape');
  assert.equal(await page.getAttribute('#board', 'data-clicks'), '');
  // Clicking the first square again cancels too.
  await clickBoard(page, 'c1');
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'c1');
  await clickBoard(page, 'c1');
  assert.equal(await page.getAttribute('#board', 'data-clicks'), '');
});

test('Traverse: finish a near-final game by clicks', async () => {
  const page = await newPage(browser);
  // South has seven pieces home; the square on i9 steps home and wins.
  await openCreated(page, server.url, {
    game: 'traverse',
    params: 'players=2',
    position: '1SsDsTsCsCsTsDs2/8Ss1/10/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10 s 40',
    seats: ['human', 'ai:1'],
  });
  await waitYourTurn(page);
  await clickBoard(page, 'i9');
  await clickBoard(page, 'i10');
  await page.waitForSelector('#status[data-status="finished"]');
  assert.match(await page.textContent('#status'), /south won: all pieces home/);
  await shot(page, 'traverse-finished');
  // Replay: the start position, then back to the end.
  await page.click('#moves .mv[data-ply="0"]');
  await page.waitForSelector('#board[data-ply="0"]');
  assert.equal(await page.locator('#board .piece').count(), 16);
  await page.click('#replay button[title="live"]');
  await page.waitForSelector('#board[data-ply="1"]');
});

test('Traverse: a circle reversal, its placement made by a click', async () => {
  const page = await newPage(browser);
  // South's square on e4 jumps North's circle on e5; the circle goes back to North's start row,
  // where f10 is the only empty square.
  await openCreated(page, server.url, {
    game: 'traverse',
    params: 'rules=advanced',
    position: '1SnDnTnCn1TnDnSn1/10/10/10/10/4Cn5/4Ss5/10/10/1SsDsTsCsCsTsDs2 s 20',
    seats: ['human', 'ai:1'],
  });
  await waitYourTurn(page);
  await clickBoard(page, 'e4');
  await clickBoard(page, 'e6');
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'e4,e6');
  // The board previews the move from the server's click changes: the square stands on e6.
  assert.equal(await page.locator('#board svg [data-cell="e6"] .piece-square').count(), 1);
  assert.equal(await page.locator('#board svg [data-cell="e4"]').count(), 0);
  assert.equal(await page.locator('#board .cell.target').count(), 1);
  await clickBoard(page, 'f10');
  await waitPlyAtLeast(page, 1);
  const game = await api(server.url, 'GET', `/api/games/${page.url().split('#/game/')[1]}`);
  assert.equal(game.moves[0], 'e4-e6/f10');
  assert.equal(game.board.cells.find((c) => c.name === 'f10').glyph, 'circle');
});

test('Traverse: a move the server refuses shows its reason', async () => {
  const page = await newPage(browser);
  await startFromHome(page, 'traverse');
  await waitYourTurn(page);
  // The page sends b1-b2; on the way it becomes an illegal move, as a stale page might send.
  await page.route('**/api/games/*/moves', (route) => {
    const body = JSON.parse(route.request().postData());
    route.continue({ postData: JSON.stringify({ ...body, move: 'b1-b5' }) });
  });
  await clickBoard(page, 'b1');
  await clickBoard(page, 'b2');
  await page.waitForFunction(() => /Move refused: illegal move/.test(document.querySelector('#hint')?.textContent || ''));
  await page.unroute('**/api/games/*/moves');
  // The page offers the first clicks again.
  await waitYourTurn(page);
  assert.equal(await ply(page), 0);
});

test('The Travelers: a displacement made by clicks, and a move played as it is', async () => {
  // The Displacer on e1 may land on e3, next to the black Ace on e4: the move may stop there or
  // go on to displace the Ace.
  const position = '3tdt3/arw1barwa/9/9/9/4a4/9/ARWA1ARWA/3TDT3 w - 0 1';
  const page = await newPage(browser);
  for (const displace of [true, false]) {
    const seated = await openCreated(page, server.url, { game: 'travelers', position, seats: ['human', 'ai:1'] });
    await waitYourTurn(page);
    await clickBoard(page, 'e1');
    await clickBoard(page, 'e3');
    const play = page.locator('#choices button[data-move="e1-e3"]');
    assert.equal(await play.count(), 1);
    // Previewed from the server's click changes: the Displacer has landed on e3.
    assert.equal(await page.locator('#board svg [data-cell="e3"] .piece-displacer').count(), 1);
    assert.equal(await page.locator('#board svg [data-cell="e1"]').count(), 0);
    if (displace) {
      await clickBoard(page, 'e4');
      await clickBoard(page, 'a3');
    } else {
      await play.click();
    }
    await waitPlyAtLeast(page, 1);
    const game = await api(server.url, 'GET', `/api/games/${seated.game.id}`);
    assert.equal(game.moves[0], displace ? 'e1-e3/e4-a3' : 'e1-e3');
    if (displace) await shot(page, 'travelers-displaced');
  }
  await page.context().close();
});

test('The Travelers: a few moves against the AI', async () => {
  const page = await newPage(browser);
  await startFromHome(page, 'travelers');
  await playAgainstAi(page, 2);
  await shot(page, 'travelers-2-moves');
  assert.equal(await page.locator('#board .piece-traveler').count(), 4);
  assert.deepEqual(page.errors, []);
});

test('The Travelers: finish a near-final game by clicks, then rematch', async () => {
  const page = await newPage(browser);
  // White's Travelers: one home on d9, one on f8 a step from home.
  const seated = await openCreated(page, server.url, {
    game: 'travelers',
    position: '3T5/5T3/9/9/t7t/9/9/9/9 w - 0 30',
    seats: ['human', 'ai:1'],
  });
  await waitYourTurn(page);
  await clickBoard(page, 'f8');
  await clickBoard(page, 'f9');
  await page.waitForSelector('#status[data-status="finished"]');
  assert.match(await page.textContent('#status'), /white won/);
  // A rematch against the AI starts at once; seats rotate, so we play Black there.
  await page.click('#rematch');
  await page.waitForURL((u) => !u.hash.includes(seated.game.id));
  await waitIdle(page);
  const seat = await page.locator('#players li[data-seat="1"] .tag.you').count();
  assert.equal(seat, 1);
  await waitYourTurn(page); // after the AI's first move as White
  await playAnyMove(page);
});

test('Trap: a few moves against the AI, then resign', async () => {
  const page = await newPage(browser);
  await startFromHome(page, 'trap', async (p) => {
    await p.fill('input[name="size"]', '4');
  });
  await playAgainstAi(page, 2);
  await shot(page, 'trap-2-moves');
  await page.click('#resign');
  await page.click('#resign'); // "Really resign?"
  await page.waitForSelector('#status[data-status="finished"]');
  assert.match(await page.textContent('#status'), /resign/);
  assert.deepEqual(page.errors, []);
});

test('Trap: finish a near-final game by clicking two walls', async () => {
  const page = await newPage(browser);
  // Two blue movers are trapped; the third, on a3, has one free side left (b4).
  await openCreated(page, server.url, {
    game: 'trap',
    params: 'size=3',
    position: 'c1,c3,c5 a1*,a3,e5* a1|a2,a1|b1,a1|b2,a2|a3,a3|b3,d4|e5,d5|e5,e4|e5 52 r 10',
    seats: ['human', 'ai:1'],
  });
  await waitYourTurn(page);
  await clickBoard(page, 'a3|b4');
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'a3|b4');
  await clickBoard(page, 'c1|c2');
  await page.waitForSelector('#status[data-status="finished"]');
  assert.match(await page.textContent('#status'), /red won/);
  assert.equal(await page.locator('#board .piece-mover.trapped').count(), 3);
  await shot(page, 'trap-finished');
});
