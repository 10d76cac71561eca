// Keyboard play: each game played from its start by keyboard alone (Tab to the board, arrow keys
// to a cell, Enter to click it; Shift with an arrow to a Trap wall slot), a move typed with
// completion (the list of legal moves that begin with the text), Escape cancelling a selection,
// and on every page each control reached by Tab with a visible focus ring.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, newPage, openCreated, ply, shot, startServer, TMP, waitIdle, waitPly, waitYourTurn } from './helpers.mjs';
import { sitePages, visit } from './site_pages.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'keyboard.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const gameId = (page) => page.url().split('#/game/')[1];

// Presses Tab until `selector` has the focus (at most `limit` presses).
async function tabTo(page, selector, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

// The outline of the focused element: visible when its style is not none and it has a width.
async function focusRing(page) {
  return page.evaluate(() => {
    const s = getComputedStyle(document.activeElement);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
}

const cursor = (page) => page.getAttribute('#board', 'aria-activedescendant');

// Moves the board's cursor to a cell by arrow keys, each press the arrow pointing most nearly
// from the cursor to the cell as drawn.
async function cursorTo(page, name) {
  for (let i = 0; i < 40; i++) {
    const cur = await cursor(page);
    if (cur === `cell-${name}`) return;
    const [dx, dy] = await page.evaluate(([from, to]) => {
      const centre = (id) => {
        const r = document.getElementById(id).getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
      };
      const [a, b] = [centre(from), centre(to)];
      return [b[0] - a[0], b[1] - a[1]];
    }, [cur, `cell-${name}`]);
    await page.keyboard.press(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : dy > 0 ? 'ArrowDown' : 'ArrowUp');
  }
  throw new Error(`the cursor did not reach ${name} (at ${await cursor(page)})`);
}

// Presses Enter on the cell under the cursor and waits for the page to settle.
async function enter(page) {
  await page.keyboard.press('Enter');
  await page.waitForTimeout(50);
  await waitIdle(page);
}

// Types the start of a move into the move field, waits for the list, and plays the first move
// listed (arrow down to it, Enter). Returns the move listed and played.
async function typeMove(page, start) {
  await tabTo(page, '#move-text');
  await page.keyboard.type(start);
  await page.locator('#move-options [role="option"]').first().waitFor();
  const options = await page.locator('#move-options [role="option"]').allTextContents();
  for (const o of options) assert.ok(o.toLowerCase().startsWith(start.toLowerCase()), `${o} begins with ${start}`);
  assert.equal(await page.getAttribute('#move-text', 'aria-expanded'), 'true');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getAttribute('#move-text', 'aria-activedescendant'), 'move-option-0');
  await page.keyboard.press('Enter');
  return options[0];
}

test('Traverse by keyboard: Tab to the board, arrows and Enter, Escape cancels, a typed move', async () => {
  const page = await newPage(browser);
  await openCreated(page, server.url, { game: 'traverse', params: 'players=2', seats: ['human', 'ai:1'] });
  await waitYourTurn(page);

  await tabTo(page, '#board');
  const ring = await focusRing(page);
  assert.notEqual(ring.style, 'none', 'the board shows a focus ring');
  assert.ok(ring.width > 0);
  // The cursor starts on the first piece that can move, named for screen readers.
  assert.match(await cursor(page), /^cell-/);
  assert.equal(await page.locator('#board .kbd-cursor').count(), 1);

  await cursorTo(page, 'b1');
  await enter(page);
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'b1');
  await page.keyboard.press('Escape');
  await waitIdle(page);
  assert.equal(await page.getAttribute('#board', 'data-clicks'), '', 'Escape cancels the selection');

  await enter(page);
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'b1');
  // What a key selected is said, with where it may go.
  await page.waitForFunction(() => document.querySelector('#announce')?.textContent === 'Selected b1. 1 target: b2.');
  await page.keyboard.press('ArrowUp');
  assert.equal(await cursor(page), 'cell-b2');
  assert.match(await page.getAttribute('#cell-b2', 'aria-label'), /target/);
  await enter(page);
  await waitPly(page, 2); // b1-b2 and the AI's reply
  let game = await api(server.url, 'GET', `/api/games/${gameId(page)}`);
  assert.equal(game.moves[0], 'b1-b2');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'board', 'the board keeps the focus');
  await page.waitForFunction((m) => document.querySelector('#announce')?.textContent === `north played ${m}. Your turn`, game.moves[1]);

  // A second move by keyboard, from where the cursor was left.
  await waitYourTurn(page);
  await cursorTo(page, 'c1');
  await enter(page);
  await cursorTo(page, 'd2');
  await enter(page);
  await waitPly(page, 4);
  game = await api(server.url, 'GET', `/api/games/${gameId(page)}`);
  assert.equal(game.moves[2], 'c1-d2');

  // A move typed with completion.
  await waitYourTurn(page);
  const typed = await typeMove(page, 'e1');
  await waitPly(page, 6);
  game = await api(server.url, 'GET', `/api/games/${gameId(page)}`);
  assert.equal(game.moves[4], typed);
  await shot(page, 'keyboard-traverse');
  assert.deepEqual(page.errors, []);
});

test('The Travelers by keyboard: a few moves from the start, one typed', async () => {
  const page = await newPage(browser);
  await openCreated(page, server.url, { game: 'travelers', seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  await tabTo(page, '#board');
  // An Ace two squares up, then a Deuce one square up.
  await cursorTo(page, 'a2');
  assert.match(await page.getAttribute('#cell-a2', 'aria-label'), /^a2, white’s Ace/);
  await enter(page);
  await cursorTo(page, 'a4');
  await enter(page);
  await waitPly(page, 2);
  await waitYourTurn(page);
  await tabTo(page, '#board');
  await cursorTo(page, 'c2');
  await enter(page);
  await cursorTo(page, 'c3');
  await enter(page);
  await waitPly(page, 4);
  await waitYourTurn(page);
  const typed = await typeMove(page, 'i2-i');
  await waitPly(page, 6);
  const game = await api(server.url, 'GET', `/api/games/${gameId(page)}`);
  assert.deepEqual([game.moves[0], game.moves[2], game.moves[4]], ['a2-a4', 'c2-c3', typed]);
  assert.deepEqual(page.errors, []);
});

test('Trap by keyboard: steps by arrows, a wall by Shift and an arrow, a typed turn', async () => {
  const page = await newPage(browser);
  await openCreated(page, server.url, { game: 'trap', seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  await tabTo(page, '#board');
  // Red's mover on c3 steps to c4, then a wall goes into the slot on c4's right.
  await cursorTo(page, 'c3');
  assert.match(await page.getAttribute('#cell-c3', 'aria-label'), /^c3, red’s mover/);
  // On the hex field Up goes to a neighbour half a cell aside, and Up again back above the start:
  // the cursor climbs straight rather than drifting.
  const centreX = (id) => page.evaluate((i) => {
    const r = document.getElementById(i).getBoundingClientRect();
    return r.x + r.width / 2;
  }, id);
  const startX = await centreX('cell-c3');
  await page.keyboard.press('ArrowUp');
  const oneUp = await cursor(page);
  assert.ok(['cell-d3', 'cell-d4'].includes(oneUp), `one up from c3: ${oneUp}`);
  await page.keyboard.press('ArrowUp');
  assert.ok(Math.abs((await centreX(await cursor(page))) - startX) < 1, 'two up stands above c3');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await cursor(page), 'cell-c3');
  await enter(page);
  await page.keyboard.press('ArrowRight');
  assert.equal(await cursor(page), 'cell-c4');
  await enter(page);
  assert.equal(await page.getAttribute('#board', 'data-clicks'), 'c3,c4');
  await page.keyboard.press('Shift+ArrowRight');
  const slot = await cursor(page);
  assert.match(slot, /^slot-/);
  assert.match(await page.getAttribute(`[id="${slot}"]`, 'aria-label'), /^slot between c4 and c5/);
  await enter(page);
  await waitPly(page, 2);
  let game = await api(server.url, 'GET', `/api/games/${gameId(page)}`);
  assert.match(game.moves[0], /^c3-c4,c4\|c5$/);

  // A turn typed: the first wall's name, then the list narrows on the second.
  await waitYourTurn(page);
  const typed = await typeMove(page, 'a1|a2,a1|b');
  await waitPly(page, 4);
  game = await api(server.url, 'GET', `/api/games/${gameId(page)}`);
  assert.equal(game.moves[2], typed);
  assert.ok(await ply(page) >= 4);
  assert.deepEqual(page.errors, []);
});

// A size-8 Trap (~115,000 turns): the server completes the typed text exactly, by prefix (the
// legal endpoint's `prefix`), so the first cell of a turn already lists only the turns beginning
// with it and says how many there are; a whole turn typed (in any case) and Enter plays it.
test('Trap typed by move text: the first cell lists only turns beginning with it, a whole turn and Enter plays it', async () => {
  const page = await newPage(browser);
  await openCreated(page, server.url, { game: 'trap', params: 'size=8', seats: ['human', 'human'] });
  await waitYourTurn(page);
  const id = gameId(page);
  const options = () => page.locator('#move-options [role="option"]').allTextContents();

  await tabTo(page, '#move-text');
  await page.keyboard.type('d4');
  await page.locator('#move-options [role="option"]').first().waitFor();
  const byCell = await api(server.url, 'GET', `/api/games/${id}/legal?prefix=d4`);
  assert.ok(byCell.count > byCell.moves.length, `d4 begins ${byCell.count} turns, more than are listed`);
  const listed = await options();
  assert.ok(listed.length > 0);
  for (const o of listed) assert.ok(o.startsWith('d4'), `${o} begins with d4`);
  assert.deepEqual(listed, byCell.moves.slice(0, listed.length), 'the first turns beginning with d4, sorted');
  await page.waitForFunction(
    (n) => document.querySelector('#move-matches')?.textContent === `${n} legal moves begin so. Type on to narrow them.`,
    byCell.count,
  );

  // A whole turn, a step and a wall, typed in upper case: listed first, and Enter plays it.
  const steps = await api(server.url, 'GET', `/api/games/${id}/legal?prefix=${encodeURIComponent('d4-')}`);
  assert.ok(steps.count > 0);
  const turn = steps.moves[Math.floor(steps.moves.length / 2)];
  await page.fill('#move-text', '');
  await page.keyboard.type(turn.toUpperCase());
  const exact = await api(server.url, 'GET', `/api/games/${id}/legal?prefix=${encodeURIComponent(turn.toUpperCase())}`);
  assert.equal(exact.moves[0], turn);
  await page.waitForFunction((want) => {
    const items = [...document.querySelectorAll('#move-options [role="option"]')].map((li) => li.textContent);
    return JSON.stringify(items) === JSON.stringify(want);
  }, exact.moves.slice(0, 12));
  await page.keyboard.press('Enter');
  await waitPly(page, 1);
  const game = await api(server.url, 'GET', `/api/games/${id}`);
  assert.equal(game.moves[0], turn);
  assert.deepEqual(page.errors, []);
});

// Every enabled control on the page that can be seen: links, buttons, fields, and elements made
// to act as buttons.
const kControls = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, summary, [tabindex="0"], [role="button"]';

// What names a control, the same after the page draws it again (its tag, id, name, link, label
// and text): installed in the page as window.controlKey.
function installControlKey() {
  window.controlKey = (el) => [el.tagName, el.id, el.getAttribute('name'), el.getAttribute('href'), el.getAttribute('aria-label'),
    el.getAttribute('title'), (el.textContent || '').trim().slice(0, 40)].join('|');
}

async function everyControlByTab(page, where) {
  const wanted = await page.evaluate((sel) => {
    const out = new Set();
    for (const el of document.querySelectorAll(sel)) {
      // Shown: not hidden, not in a closed <details> (but its summary), with a size.
      const r = el.getBoundingClientRect();
      const folded = el.closest('details:not([open])') && !el.matches('details > summary');
      if (r.width === 0 || r.height === 0 || folded || !el.checkVisibility({ visibilityProperty: true })) continue;
      out.add(window.controlKey(el));
    }
    return [...out];
  }, kControls);
  // What looks clickable (a pointer cursor) is a control, lies in one or holds one.
  const loose = await page.evaluate((sel) => {
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      if (getComputedStyle(el).cursor !== 'pointer' || getComputedStyle(el.parentElement).cursor === 'pointer') continue;
      if (el.closest(sel) || el.querySelector(sel) || el.closest('label')) continue;
      out.push(el.outerHTML.slice(0, 80));
    }
    return out;
  }, kControls);
  assert.deepEqual(loose, [], `${where}: everything clickable is a control Tab reaches`);
  await page.evaluate(() => {
    document.activeElement?.blur();
    window.scrollTo(0, 0);
  });
  const reached = new Map();
  for (let i = 0; i < wanted.length + 20; i++) {
    await page.keyboard.press('Tab');
    const got = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const s = getComputedStyle(el);
      return { key: window.controlKey(el), style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    if (got) reached.set(got.key, got);
  }
  for (const [key, got] of reached) {
    assert.ok(got.style !== 'none' && got.width > 0, `${where}: ${key} shows a focus ring (${got.style} ${got.width})`);
  }
  assert.deepEqual(wanted.filter((k) => !reached.has(k)), [], `${where}: every control is reached by Tab`);
}

test('on every page, what looks clickable is reached by Tab and shows a focus ring', async () => {
  const site = await sitePages(server.url);
  const page = await newPage(browser, { width: 1280, height: 900 });
  await page.addInitScript(installControlKey);
  await site.holdGames(page);
  for (const p of site.pages) {
    await visit(page, server.url, p);
    await everyControlByTab(page, p.name);
  }
  // A game with moves: the move list's entries act as buttons.
  const seated = await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'open'] });
  await api(server.url, 'POST', `/api/games/${seated.game.id}/moves`, { move: 'b1-b2' }, seated.tokens['0']);
  await waitPly(page, 1);
  await waitIdle(page);
  await everyControlByTab(page, 'a game with a move');
  assert.deepEqual(page.errors, []);
});
