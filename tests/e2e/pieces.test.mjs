// The pieces and the board themes: every game's pieces drawn as tokens with depth (a side, a
// face, a shine and rim from the document's gradients), in SVG only, on a desktop and on a phone
// (where a tap on a piece still picks it); the board theme switch restyles the boards and pieces
// at once and is remembered across a reload; and the players' colours, as drawn, stay apart for
// the colour-blind (measured here under simulated deuteranopia and protanopia), with a seat mark
// on every piece where players' pieces share their shapes.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, newPage, newPhonePage, openCreated, startServer, tapCentre, TMP, waitIdle, waitYourTurn } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'pieces.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function done(page) {
  assert.deepEqual(page.errors, []);
  await page.context().close();
}

// --- Colour-vision simulation: Machado, Oliveira and Fernandes (2009), severity 1, applied to
// linear RGB; distances as CIELAB ΔE 1976 (D65).
const kSimulations = {
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
};
// Two colours nearer than this under either simulation are too alike to tell players apart by.
const kMinDistance = 20;

function linear(hex) {
  return [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
}

function lab([r, g, b]) {
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

function simulate(hex, m) {
  const c = linear(hex);
  return m.map((row) => Math.min(1, Math.max(0, row[0] * c[0] + row[1] * c[1] + row[2] * c[2])));
}

// The closest two of `colours` (#rrggbb) under each simulation: [{ kind, a, b, distance }].
function closestPairs(colours) {
  return Object.entries(kSimulations).map(([kind, m]) => {
    let best = { kind, distance: Infinity };
    for (let i = 0; i < colours.length; i++) {
      for (let j = i + 1; j < colours.length; j++) {
        const [p, q] = [lab(simulate(colours[i], m)), lab(simulate(colours[j], m))];
        const distance = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
        if (distance < best.distance) best = { kind, a: colours[i], b: colours[j], distance };
      }
    }
    return best;
  });
}

function assertColourBlindSafe(colours, what) {
  for (const p of closestPairs(colours)) {
    assert.ok(p.distance >= kMinDistance, `${what}: ${p.a} and ${p.b} are ${p.distance.toFixed(1)} apart under ${p.kind} (at least ${kMinDistance} wanted)`);
  }
}

// The players' colours as the board draws them: colour name → the fills of its pieces' faces,
// and colour name → the seat marks on its pieces.
async function drawnColours(page) {
  return page.$$eval('#board svg .pieces .piece', (els) => {
    const fills = {};
    const marks = {};
    for (const g of els) {
      const colour = g.dataset.colour;
      for (const f of g.querySelectorAll('.pc-face')) (fills[colour] ??= new Set()).add(f.getAttribute('fill'));
      for (const m of g.querySelectorAll('.pc-mark[data-mark]')) (marks[colour] ??= new Set()).add(m.dataset.mark);
    }
    const plain = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, [...v]]));
    return { fills: plain(fills), marks: plain(marks) };
  });
}

test('colour-blind safety: the measure tells a bad palette from the one drawn', async () => {
  // The check itself can fail: the classic red and green, and two oranges of one lightness, are
  // too near under deuteranopia.
  assert.throws(() => assertColourBlindSafe(['#d62728', '#2ca02c'], 'red and green'), /deuteranopia/);
  assert.throws(() => assertColourBlindSafe(['#f08a2a', '#e9c31c'], 'orange and yellow'), /deuteranopia/);
  assert.doesNotThrow(() => assertColourBlindSafe(['#000000', '#ffffff'], 'black and white'));

  const page = await newPage(browser, { width: 1280, height: 800 });
  for (const [body, count] of [
    [{ game: 'traverse', params: 'players=4', seats: ['human', 'ai:1', 'ai:1', 'ai:1'] }, 4],
    [{ game: 'trap', seats: ['human', 'ai:1'] }, 2],
    [{ game: 'travelers', seats: ['human', 'ai:1'] }, 2],
  ]) {
    await openCreated(page, server.url, body);
    const { fills, marks } = await drawnColours(page);
    assert.equal(Object.keys(fills).length, count, JSON.stringify(fills));
    for (const [colour, f] of Object.entries(fills)) assert.equal(f.length, 1, `${colour}'s pieces have one face colour: ${f}`);
    assertColourBlindSafe(Object.values(fills).map((f) => f[0]), body.game);
    // Where every player has the same shapes, each player's pieces carry one seat mark, and no two
    // players the same one: they are told apart without colour.
    if (body.game !== 'travelers') {
      assert.deepEqual(Object.keys(marks).sort(), Object.keys(fills).sort());
      for (const [colour, m] of Object.entries(marks)) assert.equal(m.length, 1, `${colour}: one seat mark (${m})`);
      assert.equal(new Set(Object.values(marks).map((m) => m[0])).size, count, JSON.stringify(marks));
    }
  }
  await done(page);
});

// What the pieces on the board are made of: each one's parts and what its paints refer to.
async function pieceParts(page) {
  return page.$$eval('#board svg .pieces .piece', (els) => els.map((g) => {
    const paint = (sel, attr) => g.querySelector(sel)?.getAttribute(attr)?.match(/^url\(#([\w-]+)\)$/)?.[1];
    const shine = paint('.pc-shine', 'fill');
    const cell = g.closest('[data-cell]');
    const box = g.getBoundingClientRect();
    const cellBox = document.querySelector(`#board svg .cell[data-click="${cell.dataset.cell}"]`).getBoundingClientRect();
    return {
      kind: [...g.classList].find((c) => c.startsWith('piece-')),
      side: !!g.querySelector('.pc-side'),
      face: g.querySelector('.pc-face')?.getAttribute('d') ?? `circle ${g.querySelector('.pc-face')?.getAttribute('r')}`,
      shine: !!shine && document.getElementById(shine)?.tagName === 'radialGradient',
      text: g.querySelectorAll('text').length,
      raster: g.querySelectorAll('image, foreignObject').length,
      width: box.width / cellBox.width,
      inside: box.left >= cellBox.left - 2 && box.right <= cellBox.right + 2 && box.top >= cellBox.top - 3 && box.bottom <= cellBox.bottom + 3,
    };
  }));
}

const kGames = [
  { game: 'traverse', kinds: ['piece-circle', 'piece-diamond', 'piece-square', 'piece-triangle'] },
  { game: 'travelers', kinds: ['piece-ace', 'piece-block', 'piece-deuce', 'piece-displacer', 'piece-traveler', 'piece-trey'] },
  { game: 'trap', kinds: ['piece-mover'] },
];

for (const phone of [false, true]) {
  test(`pieces: every game's pieces are designed SVG tokens${phone ? ' (phone, touch)' : ''}`, async () => {
    const page = phone ? await newPhonePage(browser) : await newPage(browser, { width: 1280, height: 800 });
    for (const { game, kinds } of kGames) {
      const seated = await openCreated(page, server.url, { game, seats: ['human', 'ai:1'] });
      const parts = await pieceParts(page);
      assert.equal(parts.length, seated.game.board.cells.filter((c) => c.glyph).length);
      assert.deepEqual([...new Set(parts.map((p) => p.kind))].sort(), kinds);
      for (const p of parts) {
        assert.ok(p.side && p.shine, `${game} ${p.kind}: a side and a shine (${JSON.stringify(p)})`);
        assert.equal(p.raster, 0, 'drawn in SVG only');
        assert.ok(p.inside && p.width > 0.5, `${game} ${p.kind} fills its cell: ${JSON.stringify(p)}`);
      }
      // A designed set, not letters or numbers on discs: each kind its own outline.
      assert.equal(parts.reduce((n, p) => n + p.text, 0), 0, `${game}: no letters on the pieces`);
      const outlines = new Map(parts.map((p) => [p.kind, p.face]));
      assert.equal(new Set(outlines.values()).size, kinds.length, `${game}: each kind its own outline`);
      // The pieces do not stand in the way of a tap or a click: one picks the piece.
      await waitYourTurn(page);
      const legal = await api(server.url, 'GET', `/api/games/${seated.game.id}/legal?clicks=`);
      const from = legal.next.map((n) => n.click).find((c) => seated.game.board.cells.some((cell) => cell.name === c && cell.glyph));
      if (phone) await tapCentre(page, `#board svg .pieces [data-cell="${from}"]`);
      else {
        // The pieces let the pointer through (the board names what is under it): a click at
        // the piece's centre, as a mouse makes it.
        const box = await page.locator(`#board svg .pieces [data-cell="${from}"]`).boundingBox();
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      }
      await waitIdle(page);
      assert.equal(await page.getAttribute('#board', 'data-clicks'), from, `${game}: the piece on ${from} is picked`);
    }
    await done(page);
  });
}

// How the pieces and board are styled now: the shine's highlight, a cell's fill, the theme set.
async function look(page) {
  return page.evaluate(() => ({
    board: document.documentElement.dataset.board,
    choice: document.querySelector('#board-theme')?.value,
    highlight: getComputedStyle(document.querySelector('#arbiter-piece-paints .pc-stop-hi')).stopOpacity,
    rim: getComputedStyle(document.querySelector('#arbiter-piece-paints .pc-stop-rim-hi')).stopOpacity,
    cell: getComputedStyle(document.querySelector('#board svg .cell')).fill,
  }));
}

for (const colorScheme of ['light', 'dark']) {
  test(`board theme: the switch restyles boards and pieces at once and is remembered (${colorScheme})`, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'ai:1'] });
    const wood = await look(page);
    assert.equal(wood.board, 'wood', 'wood by default');
    assert.equal(wood.choice, 'wood');
    const before = await page.locator('#board svg .pieces [data-cell="b1"]').screenshot();
    await page.selectOption('#board-theme', 'slate');
    const slate = await look(page);
    assert.equal(slate.board, 'slate');
    assert.notEqual(slate.highlight, wood.highlight, 'the pieces shine differently');
    assert.notEqual(slate.rim, wood.rim);
    assert.notEqual(slate.cell, wood.cell, 'the squares change colour');
    const after = await page.locator('#board svg .pieces [data-cell="b1"]').screenshot();
    assert.ok(!before.equals(after), 'the piece looks different');
    // Remembered: a reload, and another page, keep it.
    await page.reload();
    await waitIdle(page);
    assert.deepEqual(await look(page), slate);
    await page.goto(`${server.url}/#/rules/travelers`);
    await page.waitForSelector('.rules .legend .piece');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.board), 'slate');
    // And back.
    await page.selectOption('#board-theme', 'wood');
    assert.equal(await page.evaluate(() => localStorage.getItem('arbiter.pref.board')), 'wood');
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}
