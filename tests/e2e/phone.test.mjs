// Phones: every game played by taps at 360 and 430 px wide (touch.test covers 390), the move
// controls (the confirm, Play, Cancel) in a bar at the bottom of the screen, within thumb reach;
// no page scrolls sideways at 360, 390 or 430 px (in English and in French, whose words are
// longer); and the app installs: a manifest with icons, a service worker that keeps the shell,
// and the offline page when the network is gone.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, openCreated, ply, shot, sleep, startServer, tapCentre, TMP, waitIdle, waitYourTurn } from './helpers.mjs';
import { sitePages, visit } from './site_pages.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'phone.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const kPhones = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
];

async function phonePage(size, extra = {}) {
  const context = await browser.newContext({ viewport: size, hasTouch: true, isMobile: true, ...extra });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

// The move bar: where the confirm and the choices stand, wholly in view in the bottom quarter
// of the screen (where a thumb reaches), whatever the page's scroll.
async function assertThumbReach(page, selector) {
  const box = await page.locator(selector).first().boundingBox();
  const vp = page.viewportSize();
  assert.ok(box, `${selector} is on the page`);
  assert.ok(box.y >= vp.height * 0.75 && box.y + box.height <= vp.height + 0.5,
    `${selector} at y ${Math.round(box.y)}–${Math.round(box.y + box.height)} is in the bottom quarter of ${vp.height}`);
  // Nothing covers it: a tap on its centre lands on it.
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.id ?? '', [box.x + box.width / 2, box.y + box.height / 2]);
  assert.equal(hit, await page.locator(selector).first().getAttribute('id'));
}

// Plays one move of the seat to move by taps: the first cell (or slot) offered, then on until a
// move is complete, then the confirm (on by default on a touch screen) or a Play choice.
async function tapOneMove(page) {
  const start = await ply(page);
  for (let i = 0; i < 14; i++) {
    await waitIdle(page);
    const confirm = page.locator('#choices button#confirm-move');
    if (await confirm.count()) {
      await assertThumbReach(page, '#choices button#confirm-move');
      await tapCentre(page, '#choices button#confirm-move');
      await page.waitForFunction((p) => Number(document.querySelector('#status')?.getAttribute('data-ply')) > p, start);
      return;
    }
    const choice = page.locator('#choices button[data-move]');
    if (await choice.count()) {
      await tapCentre(page, '#choices button[data-move]');
      await page.waitForFunction((p) => Number(document.querySelector('#status')?.getAttribute('data-ply')) > p, start);
      return;
    }
    let target = '#board svg .cell.target';
    if (!(await page.locator(target).count())) target = '#board svg .slot.target';
    assert.ok(await page.locator(target).count(), 'something to tap');
    const before = await page.getAttribute('#board', 'data-clicks');
    await tapCentre(page, target);
    await waitIdle(page);
    assert.notEqual(await page.getAttribute('#board', 'data-clicks'), before, 'the tap was taken');
  }
  throw new Error('no move after 14 taps');
}

for (const size of [kPhones[0], kPhones[2]]) {
  for (const game of ['traverse', 'travelers', 'trap']) {
    test(`phone ${size.width}×${size.height}: ${game} played by taps, the confirm at the bottom within thumb reach`, async () => {
      const page = await phonePage(size);
      await openCreated(page, server.url, { game, seats: ['human', 'ai:1'] });
      for (let move = 0; move < 2; move++) {
        await waitYourTurn(page);
        await tapOneMove(page);
      }
      await waitYourTurn(page);
      assert.ok((await ply(page)) >= 4, 'two moves each side');
      const board = await page.locator('#board svg.board').boundingBox();
      assert.ok(board.x >= 0 && board.x + board.width <= size.width + 0.5, 'the board within the screen');
      assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth) <= size.width, 'no sideways scrolling');
      await shot(page, `phone-${size.width}-${game}`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }
}

test('phone: no page scrolls sideways at 360, 390 and 430 px, in English and in French', async () => {
  const site = await sitePages(server.url);
  const wide = [];
  for (const locale of ['en-US', 'fr-FR']) {
    const page = await phonePage(kPhones[0], { locale });
    await site.holdGames(page);
    for (const p of site.pages) {
      await visit(page, server.url, p);
      // The layout follows the width through the style sheets alone (no page draws by the
      // window's size), so the page drawn once is measured at each width.
      for (const size of kPhones) {
        await page.setViewportSize(size);
        // Against the phone's width, not window.innerWidth: a phone's layout viewport widens to
        // content wider than the screen, so innerWidth grows with the overflow it should show.
        const scroll = await page.evaluate(() => document.scrollingElement.scrollWidth);
        if (scroll > size.width) wide.push(`${locale} ${size.width}: ${p.name} is ${scroll} px wide`);
      }
    }
    await page.context().close();
  }
  assert.deepEqual(wide, []);
});

test('installable: a manifest with its icons, a service worker in control', async () => {
  const page = await phonePage(kPhones[1]);
  await page.goto(`${server.url}/`);
  const href = await page.getAttribute('link[rel="manifest"]', 'href');
  assert.equal(href, '/manifest.webmanifest');
  const res = await fetch(`${server.url}${href}`);
  assert.match(res.headers.get('content-type') || '', /application\/manifest\+json/);
  const manifest = await res.json();
  assert.equal(manifest.start_url, '/');
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.name && manifest.short_name);
  const sizes = manifest.icons.map((i) => i.sizes);
  assert.ok(sizes.includes('192x192') && sizes.includes('512x512') && sizes.includes('any'), `icon sizes ${sizes}`);
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));
  for (const icon of manifest.icons) {
    const got = await fetch(`${server.url}${icon.src}`);
    assert.equal(got.status, 200, icon.src);
    assert.equal(got.headers.get('content-type'), icon.type, icon.src);
    if (icon.type === 'image/png') {
      const bytes = Buffer.from(await got.arrayBuffer());
      const [w, h] = icon.sizes.split('x').map(Number);
      assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [w, h], `${icon.src} is ${icon.sizes}`);
    }
  }
  // The service worker takes the page over; Chromium then finds nothing in the way of installing.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null || false, null, { timeout: 10000 }).catch(() => {});
  await page.reload();
  assert.ok(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => !!r.active)), 'a service worker is active');
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A test's browser context is incognito, which alone keeps a real install away.
  assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('offline: after a first visit, the offline page shows when the network is gone, and the app when it is back', async () => {
  const page = await phonePage(kPhones[1], { locale: 'en-US' });
  await page.goto(`${server.url}/`);
  await page.waitForSelector('#level-grid');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload(); // now under the service worker's control
  await page.waitForSelector('#level-grid');
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller));
  await page.context().setOffline(true);
  await page.goto(`${server.url}/rules/trap`).catch(() => {}); // a navigation, as a link or the address bar makes
  await page.waitForSelector('#offline h1');
  assert.equal(await page.textContent('#offline h1'), 'You are offline');
  assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth) <= kPhones[1].width, 'no sideways scrolling');
  await shot(page, 'phone-offline');
  // Back online: the page goes back to the app by itself.
  await page.context().setOffline(false);
  await page.waitForSelector('header.top nav', { timeout: 10000 });
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector('#level-grid');
  // The API is never served from the cache: with the network gone, a game's request fails.
  const seated = await api(server.url, 'POST', '/api/games', { game: 'trap', seats: ['human', 'ai:1'] });
  await page.context().setOffline(true);
  const failed = await page.evaluate((id) => fetch(`/api/games/${id}`).then(() => 'answered', () => 'failed'), seated.game.id);
  assert.equal(failed, 'failed');
  await page.context().setOffline(false);
  await sleep(100);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
