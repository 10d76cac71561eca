// Motion: a move is played out along its route (board/motion.ts) — every hop of a jump chain, a
// displaced piece's flight, a captured piece fading, a wall sliding into its slot — each hop at
// most 150 ms; moves that arrive together play one after another; a click during the playback
// is taken at once (input is never blocked); prefers-reduced-motion turns motion off.
// The routes come from the server: two players on two pages, one moving, the other watching
// what its board animates (Element.animate is recorded from the page's start).

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  api, clickBoard, launch, openCreated, playAnyMove, sleep, startServer, TMP, waitIdle, waitPly, waitYourTurn,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'motion.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const kMaxHopMs = 150;

// Records every Element.animate call: the element's cell or slot, its keyframes and timing.
const RECORD_ANIMATIONS = () => {
  const animate = Element.prototype.animate;
  window.__anims = [];
  Element.prototype.animate = function (frames, options) {
    window.__anims.push({
      cell: this.getAttribute('data-cell'),
      slot: this.getAttribute('data-slot'),
      ghost: this.classList.contains('ghost'),
      frames: Array.isArray(frames) ? frames.length : 0,
      duration: options?.duration ?? 0,
      delay: options?.delay ?? 0,
    });
    return animate.call(this, frames, options);
  };
};

// A page holding `seat` of a game created as `seated` (its tokens), with animations recorded.
async function seatPage(seated, seat, { reduced = false, phone = false } = {}) {
  const screen = phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } };
  const context = await browser.newContext({ ...screen, reducedMotion: reduced ? 'reduce' : 'no-preference' });
  await context.addInitScript(RECORD_ANIMATIONS);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${server.url}/#/`);
  await page.evaluate(([id, game, tokens]) => {
    localStorage.setItem('arbiter.games', JSON.stringify({ [id]: { game, tokens, added: Date.now() } }));
  }, [seated.game.id, seated.game.game, { [seat]: seated.tokens[seat] }]);
  await page.goto(`${server.url}/#/game/${seated.game.id}`);
  await waitIdle(page);
  return page;
}

// Two players at `position`: the mover's page (seat `mover`, at 1280×800) and the watcher's
// (a phone with `phone`).
async function twoPages(game, position, mover, { phone = false, ...options } = {}) {
  const seated = await api(server.url, 'POST', '/api/games', { game, position, seats: ['human', 'human'] });
  const watcher = await seatPage(seated, 1 - mover, { ...options, phone });
  const moving = await seatPage(seated, mover, options);
  return { seated, watcher, moving };
}

async function anims(page) {
  return page.evaluate(() => window.__anims);
}

async function clearAnims(page) {
  await page.evaluate(() => { window.__anims = []; });
}

async function playClicks(page, clicks) {
  await waitYourTurn(page);
  for (const c of clicks) await clickBoard(page, c);
}

async function close(...pages) {
  for (const p of pages) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
}

// North's circle on f8 jumps twice: f8-d10-b8.
const kJumpChain = '1SnDn3Tn1Sn1/2Tn1Cn3Dn1/5Cn4/10/10/10/10/3Cs6/5Cs2Ss1/1SsDsTs2TsDs2 n 13';

for (const phone of [false, true]) test(`motion: every hop of a jump chain, on the watcher’s board and the mover’s${phone ? ' (watching on a phone)' : ''}`, async () => {
  const { watcher, moving } = await twoPages('traverse', kJumpChain, 1, { phone });
  await clearAnims(watcher);
  await playClicks(moving, ['f8', 'b8']);
  await waitPly(watcher, 1);
  await watcher.waitForFunction(() => window.__anims.some((a) => a.cell === 'b8'));
  for (const page of [watcher, moving]) {
    const route = (await anims(page)).find((a) => a.cell === 'b8');
    assert.ok(route, JSON.stringify(await anims(page)));
    assert.equal(route.frames, 3, 'f8, d10, b8: every landing'); // two hops
    assert.ok(route.duration > 0 && route.duration <= 2 * kMaxHopMs, `two hops in ${route.duration} ms`);
  }
  await close(watcher, moving);
});

// Black's Displacer e9 goes to f8 and displaces White's Displacer from f7 to i8.
const kDisplacement = '2atdt2a/arw1b1r2/5D3/9/2a6/7Ww/1W1A5/A3BAR1A/R2T1T3 b - 15 8';

test('motion: a displaced piece flies after the displacer’s move', async () => {
  const { watcher, moving } = await twoPages('travelers', kDisplacement, 1);
  await clearAnims(watcher);
  await playClicks(moving, ['e9', 'f8', 'f7', 'i8']);
  await waitPly(watcher, 1);
  await watcher.waitForFunction(() => window.__anims.some((a) => a.cell === 'i8'));
  const all = await anims(watcher);
  const route = all.find((a) => a.cell === 'f8');
  const flight = all.find((a) => a.cell === 'i8');
  assert.ok(route && flight, JSON.stringify(all));
  assert.equal(flight.frames, 2);
  assert.ok(flight.duration <= kMaxHopMs);
  assert.ok(flight.delay >= route.delay + route.duration, `the flight (${flight.delay} ms) follows the move (${route.duration} ms)`);
  await close(watcher, moving);
});

// White's Ace on d4 takes Black's Ace on d5.
const kCapture = '3tdt3/arw1barwa/9/9/3a5/3A5/9/ARW1BARWA/3TDT3 w - 0 1';

test('motion: a captured piece fades as the capturer lands', async () => {
  const { watcher, moving } = await twoPages('travelers', kCapture, 0);
  await clearAnims(watcher);
  await playClicks(moving, ['d4', 'd5']);
  await waitPly(watcher, 1);
  await watcher.waitForFunction(() => window.__anims.some((a) => a.ghost));
  const all = await anims(watcher);
  const ghost = all.find((a) => a.ghost);
  const route = all.find((a) => a.cell === 'd5' && !a.ghost);
  assert.equal(ghost.cell, 'd5', JSON.stringify(all));
  assert.ok(route, JSON.stringify(all));
  assert.ok(ghost.delay > 0 && ghost.delay < route.duration, 'it fades while the capturer lands');
  // The ghost goes once it has faded.
  await watcher.waitForFunction(() => !document.querySelector('#board svg .ghost'));
  await close(watcher, moving);
});

// Blue steps e3-d2, then puts a wall into b5|b6.
const kStepAndWall = 'c3,e7,g5 c5,e3,g7 f7|g7,h5|h6 58 b 1';

test('motion: a wall slides into its slot after the step before it', async () => {
  const { watcher, moving } = await twoPages('trap', kStepAndWall, 1);
  await clearAnims(watcher);
  await playClicks(moving, ['e3', 'd2', 'b5|b6']);
  await waitPly(watcher, 1);
  await watcher.waitForFunction(() => window.__anims.some((a) => a.slot === 'b5|b6'));
  const all = await anims(watcher);
  const step = all.find((a) => a.cell === 'd2');
  const wall = all.find((a) => a.slot === 'b5|b6');
  assert.ok(step && wall, JSON.stringify(all));
  assert.ok(wall.duration <= kMaxHopMs);
  assert.ok(wall.delay >= step.delay + step.duration, 'the wall comes after the step');
  await close(watcher, moving);
});

test('motion: with reduced motion nothing moves, for the watcher or the mover', async () => {
  const { watcher, moving } = await twoPages('traverse', kJumpChain, 1, { reduced: true });
  await clearAnims(watcher);
  await clearAnims(moving);
  await playClicks(moving, ['f8', 'b8']);
  await waitPly(watcher, 1);
  await waitIdle(watcher);
  await sleep(300);
  assert.deepEqual(await anims(watcher), []);
  assert.deepEqual(await anims(moving), []);
  assert.equal(await watcher.locator('#board svg .pieces [data-cell="b8"]').count(), 1);
  await close(watcher, moving);
});

// Records each board drawn while moves are played back: its ply, its motion's length, and when.
async function watchPlayback(page) {
  await page.evaluate(() => {
    window.drawn = [];
    new MutationObserver(() => {
      const svg = document.querySelector('#board svg');
      if (svg?.getAttribute('data-slide')) window.drawn.push({ ply: Number(svg.getAttribute('data-slide')), ms: Number(svg.getAttribute('data-motion-ms') || 0), at: performance.now() });
    }).observe(document.querySelector('#board'), { childList: true });
  });
}

test('motion: replies that arrive together play one after another, and a click is never held up', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const seated = await openCreated(page, server.url, { game: 'traverse', params: 'players=4', seats: ['human', 'ai:1', 'ai:1', 'ai:1'] });
  const id = seated.game.id;

  // The queue: the three replies in order, each begun once the one before has played out.
  await waitYourTurn(page);
  await watchPlayback(page);
  await playAnyMove(page);
  await waitPly(page, 4);
  await waitYourTurn(page);
  const drawn = await page.evaluate(() => window.drawn);
  assert.deepEqual(drawn.map((d) => d.ply), [2, 3, 4], JSON.stringify(drawn));
  for (let i = 1; i < drawn.length; i++) {
    assert.ok(drawn[i - 1].ms > 0 && drawn[i - 1].ms <= kMaxHopMs * 3, JSON.stringify(drawn));
    assert.ok(drawn[i].at - drawn[i - 1].at >= drawn[i - 1].ms - 5, `reply ${drawn[i].ply} waits for ${drawn[i - 1].ply}: ${JSON.stringify(drawn)}`);
  }

  // A click while the last reply is still being shown skips to the live position and is taken:
  // the page clicks one of its pieces that can move as soon as that reply's board is drawn.
  await page.evaluate(([gameId, ply]) => {
    window.clicked = null;
    const observer = new MutationObserver(async () => {
      const svg = document.querySelector('#board svg');
      if (svg?.getAttribute('data-slide') !== String(ply)) return;
      observer.disconnect();
      const legal = await (await fetch(`/api/games/${gameId}/legal?clicks=`)).json();
      const cell = legal.next[0].click;
      const during = document.querySelector('#board svg')?.getAttribute('data-slide') === String(ply);
      document.querySelector(`#board svg [data-click="${cell}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 0 }));
      window.clicked = { cell, during };
    });
    observer.observe(document.querySelector('#board'), { childList: true });
  }, [id, 8]);
  await playAnyMove(page);
  await waitPly(page, 8);
  await page.waitForFunction(() => window.clicked);
  const clicked = await page.evaluate(() => window.clicked);
  assert.ok(clicked.during, 'the click landed while the reply was being played back');
  await page.waitForSelector(`#board[data-clicks="${clicked.cell}"]`, { timeout: 5000 });
  assert.deepEqual(page.errors, []);
  await context.close();
});
