// Languages in the browser: the language follows the browser's (navigator.languages), the
// header's switch changes it at once and is remembered; and every page of the site
// (site_pages.mjs) shown in French holds no English: none of the English catalogue's texts that
// French words differently is in the page's visible text, its labels, titles or placeholders.
// The catalogue covers what the server sends: every title, seat, level, parameter, legend entry
// and hint of /api/catalog has its key, with the server's English; every parameter has its
// players' words.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { catalogues, forms } from './catalogues.mjs';
import { api, launch, startServer, TMP } from './helpers.mjs';
import { sitePages, visit } from './site_pages.mjs';

let server;
let browser;
let cats;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'i18n.db') });
  browser = await launch();
  cats = await catalogues();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function pageIn(locale, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ locale, viewport });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

test('languages: the page follows the browser (fr-FR → French, en-US → English)', async () => {
  for (const [locale, lang, play] of [['fr-FR', 'fr', 'Jouer'], ['fr-CA', 'fr', 'Jouer'], ['en-US', 'en', 'Play'], ['de-DE', 'en', 'Play']]) {
    const page = await pageIn(locale);
    await page.goto(`${server.url}/#/`);
    await page.waitForSelector('#level-grid');
    assert.equal(await page.getAttribute('html', 'lang'), lang, locale);
    assert.equal(await page.textContent('header.top nav a[href="#/"]'), play, locale);
    assert.equal(await page.inputValue('#language'), lang);
    await page.context().close();
  }
});

test('languages: the header switch changes the page at once, and is remembered', async () => {
  const page = await pageIn('en-US');
  await page.goto(`${server.url}/#/rules/trap`);
  await page.waitForSelector('.rules h1');
  assert.match(await page.textContent('.rules h1'), /the rules in brief/);
  await page.selectOption('#language', 'fr');
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  assert.match(await page.textContent('.rules h1'), /les règles en bref/);
  assert.equal(await page.textContent('header.top nav a[href="#/"]'), 'Jouer');
  assert.equal(await page.getAttribute('#language', 'aria-label'), 'Langue');
  await page.reload();
  await page.waitForSelector('.rules h1');
  assert.match(await page.textContent('.rules h1'), /les règles en bref/, 'remembered over the browser’s English');
  await page.selectOption('#language', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.match(await page.textContent('.rules h1'), /the rules in brief/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// What of the English catalogue must not show in French: each text (or, around placeholders,
// each run of words between them) that French words differently, as a whole-word pattern. A word
// touching '=' is parameter syntax ("rules=advanced"), which stays as typed.
function englishPatterns() {
  const { en, fr } = cats;
  const phrases = new Set();
  for (const key of Object.keys(en)) {
    const english = forms(en[key]);
    const french = forms(fr[key]).join('\n');
    for (const form of english) {
      for (const run of form.split(/\{\w+\}/)) {
        const text = run.trim().replace(/^[\s·:;,.—–(]+|[\s:;,(]+$/g, '');
        if (!/[A-Za-z]{2,}/.test(text) || french.includes(text)) continue;
        phrases.add(text);
      }
    }
  }
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...phrases].map((p) => ({ text: p, re: new RegExp(`(?<![\\p{L}\\d=_])${escape(p)}(?![\\p{L}\\d=_])`, 'u') }));
}

// The words a person meets on the page: its visible text (not the game's own notation: moves,
// positions, parameter lists; nor the server's error lines, which stay English), the document's
// title, and every label, title, placeholder and option.
async function pageWords(page) {
  return page.evaluate(() => {
    const skip = 'pre, code, .position-text, #moves, .thinking, .error, input, textarea, script, style, [data-invite]';
    for (const d of document.querySelectorAll('details')) d.open = true;
    const parts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest(skip)) continue;
      if (!el.getClientRects().length && !el.closest('option')) continue; // not drawn
      parts.push(n.textContent);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (el.closest('.error')) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (el.getAttribute(a)) parts.push(el.getAttribute(a));
    }
    return parts.join('\n');
  });
}

test('languages: every page in French shows no English', async () => {
  const patterns = englishPatterns();
  assert.ok(patterns.length > 200, `${patterns.length} English texts to look for`);
  const site = await sitePages(server.url);
  const left = [];
  const viewports = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];
  const page = await pageIn('fr-FR', viewports[0]);
  await site.holdGames(page);
  // The page drawn once is read at each width: what shows at a width is the style sheets' doing
  // (no page draws by the window's size), and what is drawn is read anew each time.
  const check = async (name) => {
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      const words = await pageWords(page);
      for (const p of patterns) if (p.re.test(words)) left.push(`${viewport.width}px ${name}: "${p.text}"`);
      if (name === 'home') {
        // More options speaks players' words: no rule clause, no parameter syntax.
        const options = await page.locator('#more-options').textContent();
        assert.match(options, /Limite de coups/);
        assert.doesNotMatch(options, /\b[A-Z]\d+ ?:|\w=/);
      }
    }
  };
  for (const p of site.pages) {
    await visit(page, server.url, p);
    await check(p.name);
  }
  await site.logIn(page.context());
  await visit(page, server.url, { hash: '#/account', ready: (pg) => pg.waitForSelector('#account-name') });
  await check('account (logged in)');
  assert.deepEqual(page.errors, []);
  await page.context().close();
  assert.deepEqual([...new Set(left)], []);
});

// The check itself finds English: the same page in English is full of it.
test('languages: the French check finds English on an English page', async () => {
  const patterns = englishPatterns();
  const page = await pageIn('en-US');
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector('#level-grid');
  const words = await pageWords(page);
  const found = patterns.filter((p) => p.re.test(words)).map((p) => p.text);
  for (const text of ['Play the computer', 'Start game', 'My games', 'Time control']) assert.ok(found.includes(text), `finds "${text}"`);
  await page.context().close();
});

// Every name the server's catalog sends has its key in the catalogues, with the server's English:
// a changed or new server text fails here rather than showing in English.
test('languages: the catalogues cover what /api/catalog sends', async () => {
  const { en } = cats;
  const catalog = await api(server.url, 'GET', '/api/catalog');
  const missing = [];
  const want = (key, english) => {
    if (en[key] !== english) missing.push(`${key}: ${JSON.stringify(english)} (catalogue: ${JSON.stringify(en[key])})`);
  };
  const have = (key) => {
    if (en[key] === undefined) missing.push(`${key}: missing`);
  };
  for (const g of catalog.games) {
    want(`server.title.${g.name}`, g.title);
    want(`server.summary.${g.name}`, g.summary);
    want(`server.hint.${g.name}.empty_cell`, g.hints.empty_cell);
    want(`server.hint.${g.name}.bad_target`, g.hints.bad_target);
    for (const p of g.params) {
      want(`server.param.${p.name}`, p.name.replace(/_/g, ' '));
      // Its label and help in players' words (More options), whatever the server's help says.
      if (p.name !== g.players_param) for (const kind of ['option', 'option_help']) have(`home.${kind}.${g.name}.${p.name}`);
      for (const c of p.choices ?? []) want(`server.choice.${c}`, c);
    }
    for (const s of g.seatings) for (const seat of s.seats) want(`server.seat.${seat.name}`, seat.name);
    for (const e of g.legend.glyphs) {
      want(e.tag ? `server.legend.${g.name}.${e.key}.${e.tag}` : `server.legend.${g.name}.${e.key}`, e.description);
      want(`server.piece.${g.name}.${e.key}`, en[`server.piece.${g.name}.${e.key}`] ?? '(missing)');
    }
    for (const z of g.legend.zones) want(`server.zone.${g.name}.${z.kind}`, z.description);
  }
  for (const l of catalog.levels) want(`server.level.${l.name}`, l.name);
  assert.deepEqual(missing, []);
});
