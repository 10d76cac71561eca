// Shared pieces of the browser tests: starting `arbiter serve`, launching Chromium, and driving
// the game page by clicks. Environment (set by run.sh):
//   ARBITER       the arbiter binary
//   ARBITER_WEB   the built web UI (web/dist)
//   E2E_TMP       a scratch folder for databases and logs
//   E2E_SHOTS     optional: a folder to save screenshots in
//   CHROMIUM      optional: the browser (default /usr/bin/chromium)

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// playwright-core is a devDependency of web/ (one lock file for the UI and its tests).
const require = createRequire(path.join(here, '../../web/package.json'));
const { chromium } = require('playwright-core');

export const TMP = process.env.E2E_TMP || mkdtempSync(path.join(os.tmpdir(), 'arbiter-e2e-'));

// Starts `arbiter serve` on `port` (0: any free port) with the store at `db` (and `extra`
// options); resolves once the server has printed its port and answers /api/health. Every
// browser of a test comes from this machine's one address, as a club's players may: the server
// lets their accounts play rated games (--rated-same-address, docs/online.md).
export async function startServer({ db, port = 0, log = 'server', extra = [] } = {}) {
  const bin = process.env.ARBITER;
  if (!bin) throw new Error('ARBITER is not set (run tests/e2e/run.sh)');
  const args = ['serve', '--port', String(port), '--db', db, '--rate-limit', '0', '--create-limit', '0', '--ai-movetime', '0.05',
    '--rated-same-address'];
  if (process.env.ARBITER_WEB) args.push('--web', process.env.ARBITER_WEB);
  args.push(...extra);
  const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const got = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20000);
    const scan = (chunk) => {
      output += chunk.toString();
      // The startup line names the address: "arbiter: serving http://localhost:41234 (db ...)".
      const m = /https?:\/\/[^\s/]*:(\d+)/.exec(output) || /\bport\s+(\d+)/i.exec(output);
      if (m && Number(m[1]) > 0) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.stdout.on('data', scan);
    proc.stderr.on('data', scan);
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  proc.stdout.on('data', (c) => (output += c.toString()));
  proc.stderr.on('data', (c) => (output += c.toString()));
  const url = `http://127.0.0.1:${got}`;
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  return {
    url,
    port: got,
    proc,
    output: () => output,
    // SIGTERM (a clean stop) or SIGKILL (kill -9); resolves when the process is gone.
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await exited;
    },
  };
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

// Chromium features the tests turn off: the omnibox's popup, browser UI no test shows, is a web
// page that every new window (one per browser context) loads in a renderer of its own, a few
// tenths of a second of a core per context. Chromium keeps only the last --disable-features it
// is given, so these join the list playwright-core passes (its chromiumSwitches), read from its
// bundle.
const kDisabledFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

function disabledFeatures() {
  const bundle = readFileSync(require.resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle);
  const names = list ? [...list[1].matchAll(/"([\w-]+)"/g)].map((m) => m[1]) : [];
  if (!names.length) throw new Error('playwright-core: its --disable-features list was not found (tests/e2e/helpers.mjs)');
  return [...names, ...kDisabledFeatures];
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--disable-features=${disabledFeatures().join(',')}`],
  });
}

// A fresh browser context (its own local storage) with one page; page errors fail loudly.
export async function newPage(browser, { width = 1000, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

// A phone: 390×844 with touch, as Playwright emulates one (taps go through touch events and
// the browser's touch adjustment, as on a real device).
export async function newPhonePage(browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

// Taps the centre of the first element `selector` matches (its bounding box, scrolled into view).
export async function tapCentre(page, selector) {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  const box = await el.boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

// Whether a box lies wholly inside the viewport as it stands (no scrolling).
export async function inViewport(page, selector) {
  const box = await page.locator(selector).first().boundingBox();
  const vp = page.viewportSize();
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width && box.y + box.height <= vp.height;
}

export async function shot(page, name) {
  if (!process.env.E2E_SHOTS) return;
  mkdirSync(process.env.E2E_SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}.png`), fullPage: true });
}

// JSON API calls from the test itself (set-up and checks).
export async function api(url, method, p, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return data;
}

// Opens "More options" on the home page (every option of the game chosen, the seats, the time
// control and Start game), unless it is open already (the page remembers it).
export async function openMoreOptions(page) {
  await page.waitForSelector('#more-options > summary');
  if (!(await page.locator('#more-options').evaluate((d) => d.open))) await page.click('#more-options > summary');
}

// Creates a game through the API and hands its tokens to the page's local storage, as the home
// page would; then opens it.
export async function openCreated(page, url, body) {
  const seated = await api(url, 'POST', '/api/games', body);
  await page.goto(`${url}/#/`);
  await page.evaluate(([id, game, tokens]) => {
    const all = JSON.parse(localStorage.getItem('arbiter.games') || '{}');
    all[id] = { game, tokens, added: Date.now() };
    localStorage.setItem('arbiter.games', JSON.stringify(all));
  }, [seated.game.id, seated.game.game, seated.tokens]);
  await page.goto(`${url}/#/game/${seated.game.id}`);
  await waitIdle(page);
  return seated;
}

// The game page has drawn its board and awaits nothing.
export async function waitIdle(page) {
  await page.waitForSelector('#board svg.board');
  await page.waitForSelector('#board:not([data-busy])');
}

export async function ply(page) {
  return Number(await page.getAttribute('#status', 'data-ply'));
}

export async function waitPly(page, n, timeout = 15000) {
  await page.waitForSelector(`#status[data-ply="${n}"]`, { timeout });
}

export async function waitPlyAtLeast(page, n, timeout = 15000) {
  await page.waitForFunction((k) => Number(document.querySelector('#status')?.getAttribute('data-ply')) >= k, n, { timeout });
}

export async function waitYourTurn(page, timeout = 15000) {
  await page.waitForFunction(() => /^Your turn/.test(document.querySelector('#status')?.textContent || ''), null, { timeout });
  await waitIdle(page);
  await page.waitForSelector('#board [data-click].target', { timeout });
}

// Clicks a cell or slot of the board by its name.
export async function clickBoard(page, name) {
  await page.locator(`#board svg [data-click="${name}"]`).first().click();
  await waitIdle(page);
}

// Plays one move by clicking what the page offers: a "play" choice when there is one, else the
// first highlighted cell (or slot when no cell is offered). Returns the clicks made.
export async function playAnyMove(page) {
  const start = await ply(page);
  const clicks = [];
  for (let i = 0; i < 12; i++) {
    await waitIdle(page);
    if ((await ply(page)) !== start) return clicks;
    const choice = page.locator('#choices button[data-move]');
    if (await choice.count()) {
      clicks.push(`play ${await choice.first().getAttribute('data-move')}`);
      await choice.first().click();
      await page.waitForFunction((p) => document.querySelector('#status')?.getAttribute('data-ply') !== String(p), start);
      return clicks;
    }
    let target = page.locator('#board svg .cell.target');
    if (!(await target.count())) target = page.locator('#board svg .slot.target');
    if (!(await target.count())) throw new Error(`nothing to click after ${clicks.join(',')}`);
    const name = await target.first().getAttribute('data-click');
    clicks.push(name);
    await target.first().click();
    await sleep(50);
  }
  throw new Error(`no move after clicks ${clicks.join(',')}`);
}

// Opens the game page's menu (copy position, the record, the board as text, the settings),
// unless it is open already.
export async function openGameMenu(page) {
  await page.waitForSelector('#game-menu > summary');
  if (!(await page.locator('#game-menu').evaluate((d) => d.open))) await page.click('#game-menu > summary');
  await page.waitForSelector('#game-menu-items', { state: 'visible' });
}

// The first move the legal endpoint offers in game `id` on the server at `url`: the clicks the
// endpoint offers first, taken until they make a move (one that more clicks could extend is
// taken after the first click).
export async function firstMove(url, id) {
  const clicks = [];
  for (let i = 0; i < 12; i++) {
    const legal = await api(url, 'GET', `/api/games/${id}/legal?clicks=${clicks.map(encodeURIComponent).join(',')}`);
    if (legal.complete.length && (!legal.next.length || i > 0)) return legal.complete[0].text;
    clicks.push(legal.next[0].click);
  }
  throw new Error('no move found');
}
