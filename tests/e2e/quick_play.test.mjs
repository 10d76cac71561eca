// Quick play on the home page, at a desktop width and on a phone (390×844, by taps): a game tile
// then a level button is a running game against the computer (two presses); a time-control
// preset posts a seek that another browser sees in its live list, without a reload, and accepts
// (from the list, or by pressing the same preset), and both players land in the running game
// while a third browser's lists follow; Play a friend gives an invite link the friend joins by.
// More options speaks players' words in English and in French (no rule clause, no `name=`
// syntax), and axe finds nothing on the home page in either language and theme.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, openMoreOptions, shot, startServer, TMP, waitIdle } from './helpers.mjs';

const require = createRequire(path.join(path.dirname(new URL(import.meta.url).pathname), '../../web/package.json'));
const axePath = require.resolve('axe-core/axe.min.js');

let server;
let browser;
let catalog;
const password = 'correct horse battery';

before(async () => {
  server = await startServer({ db: path.join(TMP, 'quick_play.db') });
  browser = await launch();
  catalog = await api(server.url, 'GET', '/api/catalog');
  // Two accounts for the whole file: registrations from one address are limited.
  for (const username of ['quick_ann', 'quick_ben']) await api(server.url, 'POST', '/api/accounts', { username, password });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const kSizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
];

async function open(size, { locale = 'en-US', user = '', colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: !!size.hasTouch, isMobile: !!size.isMobile, locale, colorScheme });
  if (user) {
    // As the site's own page would: JSON, with its Origin; the session cookie stays in the context.
    const res = await context.request.post(`${server.url}/api/sessions`, { data: { username: user, password }, headers: { Origin: server.url } });
    assert.ok(res.ok(), `log in ${user}: ${res.status()}`);
  }
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.presses = 0;
  // A press as the device makes it: a tap on the phone, a click on the desktop.
  page.press = async (selector) => {
    page.presses++;
    const target = page.locator(selector).first();
    if (size.hasTouch) await target.tap();
    else await target.click();
  };
  return page;
}

async function home(page) {
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector('#level-grid');
  await page.waitForSelector('.game-tile svg.board');
  page.presses = 0;
}

const gameId = (page) => page.url().split('#/game/')[1];

for (const size of kSizes) {
  test(`quick play, ${size.name}: a game tile, then a level → a running game against the computer`, async () => {
    const page = await open(size);
    await home(page);
    // Every tile shows its game's start board, drawn by the board renderer.
    assert.equal(await page.locator('.game-tile').count(), catalog.games.length);
    assert.equal(await page.locator('.game-tile svg.board').count(), catalog.games.length);
    assert.ok(await page.locator('.game-tile[data-game="trap"] svg.board .cell').count() > 0);
    const levels = await page.locator('#level-grid [data-level]').evaluateAll((els) => els.map((e) => Number(e.dataset.level)));
    assert.deepEqual(levels, catalog.levels.map((l) => l.level));

    await page.press('button[data-game="trap"]');
    assert.equal(await page.getAttribute('button[data-game="trap"]', 'aria-pressed'), 'true');
    await page.press('#level-grid [data-level="2"]');
    await page.waitForURL(/#\/game\//);
    await waitIdle(page);
    assert.equal(page.presses, 2);
    const game = await api(server.url, 'GET', `/api/games/${gameId(page)}`);
    assert.equal(game.game, 'trap');
    assert.equal(game.status, 'playing');
    assert.deepEqual(game.seats.map((s) => s.kind), ['human', 'ai']);
    assert.equal(game.seats[1].level, 2);
    assert.match(await page.textContent('#status'), /Your turn/);
    await shot(page, `quick-computer-${size.name}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`quick play, ${size.name}: a time-control preset posts a seek; another browser sees it live, accepts, and both play`, async () => {
    // Desktop: Ann seeks (with a rule of her choosing) and Ben accepts from the live list. Phone:
    // Ben seeks and Ann presses the same preset, which takes his seek.
    const desktop = size.name === 'desktop';
    const [seekerName, takerName] = desktop ? ['quick_ann', 'quick_ben'] : ['quick_ben', 'quick_ann'];
    const tc = desktop ? '5+3' : 'corr:1';
    const seeker = await open(size, { user: seekerName });
    const taker = await open(size, { user: takerName });
    const guest = await open(size); // a guest's lists follow
    await home(taker);
    await home(guest);
    const requests = [];
    for (const page of [taker, guest]) page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/seeks' && r.method() === 'GET') requests.push(r.url()); });
    assert.equal(await guest.locator('#quick-login').count(), 1, 'a guest is told seeks need an account');

    await home(seeker);
    await seeker.press('button[data-game="traverse"]');
    if (desktop) {
      await openMoreOptions(seeker);
      await seeker.selectOption('select[name="rules"]', 'advanced');
    }
    seeker.presses = 1;
    await seeker.press(`#tc-grid [data-tc="${tc}"]`);
    assert.equal(seeker.presses, 2);
    await seeker.waitForSelector(`#tc-grid [data-tc="${tc}"][aria-pressed="true"]`);
    await seeker.waitForSelector('#quick-seek-status .seeking');
    assert.match(await seeker.textContent('#quick-seek-status'), /Waiting for an opponent/);
    const seek = (await api(server.url, 'GET', '/api/seeks')).seeks.find((s) => s.username === seekerName);
    assert.equal(seek.game, 'traverse');
    assert.equal(seek.time_control, tc);
    assert.equal(seek.params, desktop ? 'rules=advanced' : '');

    // The seek reaches the others' live lists without a reload, in players' words.
    for (const page of [taker, guest]) {
      await page.waitForSelector(`#seek-list li[data-seek="${seek.id}"]`, { timeout: 5000 });
      const line = await page.textContent(`#seek-list li[data-seek="${seek.id}"]`);
      assert.match(line, new RegExp(`by ${seekerName}`));
      if (desktop) assert.match(line, /Rule set: Advanced/);
      assert.doesNotMatch(line, /\w=/);
    }
    // The preset counts the seeks of the options the page has chosen: the guest's are the usual.
    if (desktop) assert.equal(await guest.textContent(`#tc-grid [data-tc="${tc}"] .waiting`), '');
    else await guest.waitForSelector(`#tc-grid [data-tc="${tc}"] .waiting:text("1 waiting")`);

    if (desktop) {
      await taker.press(`#seek-list li[data-seek="${seek.id}"] button[data-accept]`);
    } else {
      await taker.press('button[data-game="traverse"]');
      await taker.waitForSelector(`#tc-grid [data-tc="${tc}"] .waiting:text("1 waiting")`);
      await taker.press(`#tc-grid [data-tc="${tc}"]`);
      assert.equal(taker.presses, 2);
    }
    await taker.waitForURL(/#\/game\//);
    const id = gameId(taker);
    await seeker.waitForURL(new RegExp(`#/game/${id}$`), { timeout: 5000 });
    await waitIdle(seeker);
    await waitIdle(taker);
    const game = await api(server.url, 'GET', `/api/games/${id}`);
    assert.equal(game.status, 'playing');
    assert.equal(game.time_control, tc);
    assert.deepEqual(game.seats.map((s) => s.account).sort(), ['quick_ann', 'quick_ben']);
    assert.ok(game.seats[game.to_move].flag_at_ms > 0, 'the clock of the seat to move runs');
    for (const [page, name] of [[seeker, seekerName], [taker, takerName]]) {
      const seat = game.seats.findIndex((s) => s.account === name);
      assert.match(await page.textContent(`#players li[data-seat="${seat}"]`), /you/);
    }

    // The guest's lists follow: the seek goes, the game shows among those being played.
    await guest.waitForSelector(`#seek-list li[data-seek="${seek.id}"]`, { state: 'detached', timeout: 5000 });
    await guest.waitForSelector(`#live-games li[data-id="${id}"]`, { timeout: 5000 });
    const line = await guest.textContent(`#live-games li[data-id="${id}"]`);
    assert.match(line, /quick_ann/);
    assert.match(line, /quick_ben/);
    assert.doesNotMatch(line, /\w=/);
    assert.equal(await guest.textContent(`#tc-grid [data-tc="${tc}"] .waiting`), '');
    assert.deepEqual(requests, [], 'the lists were told, not asked');
    await shot(guest, `quick-lists-${size.name}`);
    for (const page of [seeker, taker, guest]) {
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });

  test(`quick play, ${size.name}: Play a friend → an invite link the friend joins by`, async () => {
    const page = await open(size);
    const friend = await open(size);
    await home(page);
    await page.press('button[data-game="travelers"]');
    await page.press('#play-friend');
    await page.waitForURL(/#\/game\//);
    await waitIdle(page);
    assert.equal(page.presses, 2);
    const id = gameId(page);
    const invite = await page.inputValue('input[data-invite="1"]');
    assert.match(invite, new RegExp(`#/join/${id}/1$`));
    await friend.goto(invite);
    await friend.waitForURL(new RegExp(`#/game/${id}$`));
    await waitIdle(friend);
    assert.match(await friend.textContent('#players li[data-seat="1"]'), /you/);
    await page.waitForSelector('input[data-invite]', { state: 'detached' });
    const game = await api(server.url, 'GET', `/api/games/${id}`);
    assert.equal(game.game, 'travelers');
    assert.deepEqual(game.seats.map((s) => s.kind), ['human', 'human']);
    for (const p of [page, friend]) {
      assert.deepEqual(p.errors, []);
      await p.context().close();
    }
  });
}

// Every word More options shows or gives a label (text, option labels, titles, placeholders).
async function moreOptionsWords(page) {
  return page.evaluate(() => {
    const more = document.querySelector('#more-options');
    const parts = [more.textContent];
    for (const el of more.querySelectorAll('[title], [placeholder], [aria-label]')) {
      for (const a of ['title', 'placeholder', 'aria-label']) if (el.getAttribute(a)) parts.push(el.getAttribute(a));
    }
    return parts.join('\n');
  });
}

test('More options: every game\'s options in players\' words, no clause code and no name= text, in English and French', async () => {
  for (const [locale, labels] of [['en-US', { traverse: 'Move limit', trap: 'Board size' }], ['fr-FR', { traverse: 'Limite de coups', trap: 'Taille du plateau' }]]) {
    const page = await open(kSizes[0], { locale });
    await home(page);
    await openMoreOptions(page);
    for (const g of catalog.games) {
      await page.press(`button[data-game="${g.name}"]`);
      await page.waitForSelector(`#more-options [data-param]`);
      const words = await moreOptionsWords(page);
      assert.doesNotMatch(words, /\b[A-Z]\d+[a-z]? ?:/, `${locale} ${g.name}: a rule clause code`);
      assert.doesNotMatch(words, /\w=/, `${locale} ${g.name}: parameter syntax`);
      if (labels[g.name]) assert.match(words, new RegExp(labels[g.name]), `${locale} ${g.name}`);
      // Every parameter of the schema is offered, each with its help.
      for (const p of g.params) {
        if (p.name === g.players_param) continue;
        assert.equal(await page.locator(`#more-options [data-param="${p.name}"] .option-help`).count(), 1, `${g.name}.${p.name}`);
      }
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

// All of axe's findings on the page as it stands, one line each.
async function audit(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}`);
  });
  return violations;
}

test('accessibility: axe finds nothing on the home page, More options open, in English and French, light and dark, logged out and seeking', async () => {
  const found = [];
  // One login, its session given to every context (logging in once per context would meet the
  // server's limit on a name's logins from one address).
  const login = await browser.newContext();
  const res = await login.request.post(`${server.url}/api/sessions`, { data: { username: 'quick_ann', password }, headers: { Origin: server.url } });
  assert.ok(res.ok(), `log in: ${res.status()} ${await res.text()}`);
  const session = await login.storageState();
  await login.close();
  for (const size of kSizes) {
    for (const locale of ['en-US', 'fr-FR']) {
      for (const user of ['', 'quick_ann']) {
        const context = await browser.newContext({ viewport: size.viewport, hasTouch: !!size.hasTouch, isMobile: !!size.isMobile, locale, bypassCSP: true, reducedMotion: 'reduce', ...(user ? { storageState: session } : {}) });
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await home(page);
        await openMoreOptions(page);
        if (user) {
          // A seek of one's own waiting: the status line with its Cancel.
          await page.click('#tc-grid [data-tc="15+10"]');
          await page.waitForSelector('#quick-seek-status .seeking');
        }
        for (const theme of ['light', 'dark']) {
          await page.emulateMedia({ colorScheme: theme });
          await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
          for (const line of await audit(page)) found.push(`${size.name} ${locale} ${theme}${user ? ' logged in' : ''}: ${line}`);
        }
        if (user) {
          await page.click('#quick-seek-status [data-cancel-seek]');
          await page.waitForSelector('#quick-seek-status .seeking', { state: 'detached' });
          assert.equal(await page.textContent('#quick-error'), '');
        }
        assert.deepEqual(errors, []);
        await context.close();
      }
    }
  }
  assert.deepEqual(found, []);
});
