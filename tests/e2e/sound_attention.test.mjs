// Sound and attention: the game page's cues are made with the Web Audio API (AudioContext is
// recorded from the page's start: each oscillator's first frequency tells the cue apart), the
// mute switch is remembered across a reload; while the tab is hidden (document.visibilityState
// emulated) and it is the player's turn, the title and the icon say so; a correspondence game
// offers a desktop notification, asking the browser only when it is turned on.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  api, clickBoard, launch, openCreated, openGameMenu, playAnyMove, sleep, startServer, TMP, waitIdle, waitPly, waitPlyAtLeast,
  waitYourTurn,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'sound.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// The first frequency of each oscillator of web/src/sound/synth.ts's cues.
const CUE = { move: 520, strike: 300, turn: 660, lowTime: 1200, win: 523, loss: 440 };

// Records the oscillators the page makes (their first frequency), the visibility the test sets
// (window.__setHidden), and a Notification stand-in that records what it is asked.
const INSTRUMENT = () => {
  window.__tones = [];
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    createOscillator() {
      const osc = super.createOscillator();
      const set = osc.frequency.setValueAtTime.bind(osc.frequency);
      let first = true;
      osc.frequency.setValueAtTime = (value, time) => {
        if (first) window.__tones.push(Math.round(value));
        first = false;
        return set(value, time);
      };
      return osc;
    }
  };
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
  window.__setHidden = (h) => {
    hidden = h;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  window.__notes = { asked: 0, shown: [] };
  // The permission lasts as a browser's does: across reloads (here for the tab's session).
  window.Notification = class {
    static get permission() {
      return sessionStorage.getItem('notification-permission') || 'default';
    }
    static requestPermission() {
      window.__notes.asked++;
      sessionStorage.setItem('notification-permission', 'granted');
      return Promise.resolve('granted');
    }
    constructor(title, options) {
      window.__notes.shown.push({ title, body: options?.body ?? '' });
    }
    close() {}
  };
};

async function instrumentedPage({ width = 1280, height = 800, touch = false } = {}) {
  const context = await browser.newContext(touch ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width, height } });
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

const tones = (page) => page.evaluate(() => window.__tones);

async function done(page) {
  assert.deepEqual(page.errors, []);
  await page.context().close();
}

for (const touch of [false, true]) {
  test(`sound: a move and the turn are heard, and muting is remembered across a reload${touch ? ' (phone)' : ''}`, async () => {
    const page = await instrumentedPage({ touch });
    await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'ai:1'] });
    await waitYourTurn(page);
    assert.deepEqual(await tones(page), [], 'nothing sounds on opening the game');
    if (touch) {
      await openGameMenu(page); // the settings are in the game menu
      await page.uncheck('#confirm-moves');
    }
    await playAnyMove(page);
    await waitPly(page, 2);
    await waitYourTurn(page);
    await page.waitForFunction((f) => window.__tones.includes(f), CUE.turn);
    const heard = await tones(page);
    assert.ok(heard.includes(CUE.move), `a move sounds: ${heard}`);

    // Muted: remembered after a reload, and silent.
    assert.equal(await page.isChecked('#sound'), true);
    await openGameMenu(page);
    await page.uncheck('#sound');
    await page.reload();
    await waitYourTurn(page);
    assert.equal(await page.isChecked('#sound'), false);
    await playAnyMove(page);
    await waitPly(page, 4);
    await waitYourTurn(page);
    await sleep(400);
    assert.deepEqual(await tones(page), []);
    await done(page);
  });
}

test('sound: a capture sounds apart from a move; resigning sounds the loss', async () => {
  const page = await instrumentedPage();
  // White's Ace on d4 takes Black's Ace on d5; both seats held here.
  await openCreated(page, server.url, { game: 'travelers', position: '3tdt3/arw1barwa/9/9/3a5/3A5/9/ARW1BARWA/3TDT3 w - 0 1', seats: ['human', 'ai:1'] });
  await waitYourTurn(page);
  await clickBoard(page, 'd4');
  await clickBoard(page, 'd5');
  await waitPlyAtLeast(page, 1);
  await page.waitForFunction((f) => window.__tones.includes(f), CUE.strike);
  assert.equal((await tones(page))[0], CUE.strike, 'the capture is heard as one, not as a plain move');
  await waitYourTurn(page);
  await page.click('#resign');
  await page.click('#resign');
  await page.waitForSelector('#status[data-status="finished"]');
  await page.waitForFunction((f) => window.__tones.includes(f), CUE.loss);
  await done(page);
});

test('sound: low time is heard once the clock runs low', async () => {
  const page = await instrumentedPage();
  // 9 s for the game: under the 10 s mark from the start.
  await openCreated(page, server.url, { game: 'traverse', seats: ['human', 'ai:1'], time_control: '0.15+0' });
  await page.waitForFunction((f) => window.__tones.includes(f), CUE.lowTime, { timeout: 5000 });
  await done(page);
});

// Two people in a game, each on a page of their own.
async function twoPlayers(body, options) {
  const seated = await api(server.url, 'POST', '/api/games', { seats: ['human', 'human'], ...body });
  const pages = [];
  for (const seat of [0, 1]) {
    const page = await instrumentedPage(options);
    await page.goto(`${server.url}/#/`);
    await page.evaluate(([id, game, tokens]) => {
      localStorage.setItem('arbiter.games', JSON.stringify({ [id]: { game, tokens, added: Date.now() } }));
    }, [seated.game.id, seated.game.game, { [seat]: seated.tokens[seat] }]);
    await page.goto(`${server.url}/#/game/${seated.game.id}`);
    await waitIdle(page);
    pages.push(page);
  }
  return pages;
}

const iconHref = (page) => page.getAttribute('link[rel~="icon"]', 'href');

test('attention: a hidden tab says “Your turn” in its title and icon, and stops when seen', async () => {
  const [south, north] = await twoPlayers({ game: 'traverse' });
  await waitYourTurn(south);
  const title = await north.title();
  await north.evaluate(() => window.__setHidden(true));
  assert.equal(await north.title(), title, 'not its turn: the title stays');
  await playAnyMove(south);
  await north.waitForFunction(() => document.title.startsWith('Your turn'));
  assert.match(await iconHref(north), /^data:image\/svg\+xml,/);
  assert.ok((await north.title()).endsWith(title));
  await north.evaluate(() => window.__setHidden(false));
  assert.equal(await north.title(), title);
  assert.equal(await iconHref(north), 'icon.svg');

  // Seen while the turn comes: nothing calls.
  await playAnyMove(north);
  await waitYourTurn(south);
  assert.equal(await south.title(), title);
  await done(south);
  await done(north);
});

test('attention: a correspondence game notifies the turn once turned on, asking only then', async () => {
  const [south, north] = await twoPlayers({ game: 'traverse', time_control: 'corr:3' });
  await waitYourTurn(south);
  assert.equal(await north.evaluate(() => window.__notes.asked), 0, 'not asked before it is turned on');
  assert.equal(await north.isChecked('#notify'), false);
  await openGameMenu(north);
  await north.check('#notify');
  await north.waitForFunction(() => window.__notes.asked === 1);
  assert.equal(await north.isChecked('#notify'), true);
  await north.evaluate(() => window.__setHidden(true));
  await playAnyMove(south);
  await north.waitForFunction(() => window.__notes.shown.length === 1);
  const note = await north.evaluate(() => window.__notes.shown[0]);
  assert.match(note.title, /^Your turn: Traverse/);
  // Remembered across a reload.
  await north.reload();
  await waitIdle(north);
  assert.equal(await north.isChecked('#notify'), true);
  await done(south);
  await done(north);

  // A real-time game offers no notification.
  const [live] = await twoPlayers({ game: 'traverse' });
  assert.equal(await live.locator('#notify').count(), 0);
  await done(live);
});
