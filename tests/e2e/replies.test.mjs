// Several replies at once: in a 4-player Traverse game against three AIs, whose replies land
// within a fraction of a second, the board marks every move since your own (each in its seat's
// colour), not only the last.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  api, launch, newPage, openCreated, playAnyMove, shot, startServer, TMP, waitIdle, waitPly,
  waitYourTurn,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'replies.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// The colours of web/src/board/colours.ts, by the rules' colour names.
const FILL = { green: '#007d5c', pink: '#e58fc0', orange: '#d96a00', yellow: '#f0e442' };

async function checkMarks(page, id, plies) {
  for (const n of plies) {
    const before = await api(server.url, 'GET', `/api/games/${id}?at=${n - 1}`);
    const after = await api(server.url, 'GET', `/api/games/${id}?at=${n}`);
    const colour = FILL[before.board.players[before.to_move].colour];
    const cells = after.last_move.cells.filter((c) => !c.includes('|'));
    assert.ok(cells.length >= 2, `move ${n}: ${after.last_move.text}`);
    for (const cell of cells) {
      const mark = page.locator(`#board svg .recent-mark[data-ply="${n}"][data-cell="${cell}"]`);
      assert.equal(await mark.count(), 1, `move ${n} (${after.last_move.text}) marks ${cell}`);
      assert.equal(await mark.getAttribute('data-seat'), String(before.to_move));
      assert.equal((await mark.getAttribute('fill')).toLowerCase(), colour);
    }
  }
}

test('4 players against 3 AIs: all three replies are marked, each in its seat’s colour', async () => {
  const page = await newPage(browser);
  const seated = await openCreated(page, server.url, {
    game: 'traverse',
    params: 'players=4',
    seats: ['human', 'ai:1', 'ai:1', 'ai:1'],
  });
  const id = seated.game.id;
  for (let round = 0; round < 2; round++) {
    await waitYourTurn(page);
    await playAnyMove(page);
    await waitPly(page, 4 * round + 4);
    await waitIdle(page);
    await waitYourTurn(page);
    await checkMarks(page, id, [4 * round + 2, 4 * round + 3, 4 * round + 4]);
    // Our own move is not among them.
    assert.equal(await page.locator(`#board svg .recent-mark[data-ply="${4 * round + 1}"]`).count(), 0);
  }
  await shot(page, 'traverse-4p-replies');

  // A reload finds the same marks (the page asks for the positions it has not seen).
  await page.reload();
  await waitYourTurn(page);
  await page.waitForSelector('#board svg .recent-mark[data-ply="6"]');
  await checkMarks(page, id, [6, 7, 8]);
  assert.deepEqual(page.errors, []);
});

// Records, for each board drawn from now on, its ply and how many animations run on the page.
async function watchBoard(page) {
  await page.evaluate(() => {
    window.drawn = [];
    new MutationObserver(() => {
      const board = document.querySelector('#board');
      const entry = [Number(board.getAttribute('data-ply')), board.querySelector('svg')?.getAttribute('data-slide') ?? ''];
      window.drawn.push(entry);
      requestAnimationFrame(() => entry.push(document.getAnimations().length));
    }).observe(document.querySelector('#board'), { childList: true });
  });
}

for (const reduced of [false, true]) {
  test(`4 players: the replies are shown in order${reduced ? ', at once with reduced motion' : ', each slid along its route'}`, async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, reducedMotion: reduced ? 'reduce' : 'no-preference' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openCreated(page, server.url, { game: 'traverse', params: 'players=4', seats: ['human', 'ai:1', 'ai:1', 'ai:1'] });
    await waitYourTurn(page);
    await watchBoard(page);
    await playAnyMove(page);
    await waitPly(page, 4);
    await waitYourTurn(page);
    const drawn = await page.evaluate(() => window.drawn);
    const plies = drawn.map(([p]) => p).filter((p, i, a) => i === 0 || p !== a[i - 1]);
    const slides = drawn.filter(([, slide]) => slide);
    if (reduced) {
      assert.deepEqual(slides, [], JSON.stringify(drawn));
      assert.ok(drawn.every(([, , n]) => n === 0), JSON.stringify(drawn));
    } else {
      // Each reply on its own board, in order, its piece sliding.
      assert.deepEqual(plies.filter((p) => p >= 2), [2, 3, 4], JSON.stringify(drawn));
      assert.deepEqual(slides.map(([p, slide]) => [p, Number(slide)]), [[2, 2], [3, 3], [4, 4]], JSON.stringify(drawn));
      assert.ok(slides.every(([, , n]) => n > 0), JSON.stringify(drawn));
    }
    await checkMarks(page, seatedId(page), [2, 3, 4]);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

function seatedId(page) {
  return page.url().split('#/game/')[1];
}

