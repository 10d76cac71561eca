// Accessibility audit: axe-core (a pinned devDependency of web/) runs on every page of the site
// (site_pages.mjs) at a desktop width (in English) and a phone width (in French), in the light
// and the dark theme, and finds nothing serious or critical (contrast, names of buttons and
// fields, landmarks, the page's language…); on the analysis pages (the form, a position, a
// finished game with its review) it finds nothing at all, whatever the impact (heading order,
// empty table headers). And every control can be reached by Tab and shows a focus ring when it
// is.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, firstMove, launch, sleep, startServer, TMP } from './helpers.mjs';
import { sitePages, visit } from './site_pages.mjs';

const require = createRequire(path.join(path.dirname(new URL(import.meta.url).pathname), '../../web/package.json'));
const axePath = require.resolve('axe-core/axe.min.js');

let server;
let browser;
let site;
let analysisPages;

// A finished Traverse game of 10 first-offered moves, reviewed (the review's marks in its move
// list, its summary table).
async function reviewedGame() {
  const seated = await api(server.url, 'POST', '/api/games', { game: 'traverse', seats: ['human', 'human'] });
  const id = seated.game.id;
  for (let i = 0; i < 10; i++) await api(server.url, 'POST', `/api/games/${id}/moves`, { move: await firstMove(server.url, id) }, seated.tokens['0']);
  await api(server.url, 'POST', `/api/games/${id}/resign`, { seat: 0 }, seated.tokens['0']);
  await api(server.url, 'POST', `/api/games/${id}/review`, {});
  for (let i = 0; i < 300; i++) {
    if ((await api(server.url, 'GET', `/api/games/${id}/review`)).status === 'done') return id;
    await sleep(200);
  }
  throw new Error('the review did not finish');
}

before(async () => {
  // Reviews by node count: quick; the analysis board's search ends within a second, so its lines
  // stand still while they are audited and gone through by Tab.
  server = await startServer({ db: path.join(TMP, 'a11y_audit.db'), extra: ['--review-nodes', '300', '--analysis-seconds', '1'] });
  browser = await launch();
  site = await sitePages(server.url);
  const reviewed = await reviewedGame();
  const board = async (page) => {
    await page.waitForSelector('#analysis-board svg.board');
    await page.waitForSelector('#analysis-board:not([data-busy])');
    await page.waitForSelector('#engine-lines[data-final="true"]', { state: 'attached' });
  };
  analysisPages = [
    { name: 'analysis form', hash: '#/analysis', ready: (page) => page.waitForSelector('#source-position-form') },
    { name: 'analysis of a position', hash: '#/analysis?game=traverse&params=&position=', ready: board },
    {
      name: 'analysis of a reviewed game',
      hash: `#/analysis/${reviewed}`,
      ready: async (page) => {
        await board(page);
        await page.waitForSelector('#review-status[data-status="done"]');
        await page.waitForSelector('#analysis-moves .move.current');
      },
    },
  ];
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// The serious and critical findings of axe on the page as it stands (`every`: all its findings),
// one line each. The site's pages are routes of one document, so axe is added to it once.
async function audit(page, every = false) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1).join(' ').trim()})` : ''}`),
    }));
  });
  return result
    .filter((v) => every || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n      ${v.nodes.slice(0, 6).join('\n      ')}`);
}

// Turns the system's colour scheme to `theme` under the page and waits for the page to follow it
// (theme.ts). The style sheets follow the theme alone (data-theme), so a page drawn once is
// audited in both.
async function systemTheme(page, theme) {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
}

// Every control a page holds is reached by Tab, in order, and wears a visible focus ring then;
// the problems found, one line each. Leaves nothing focused.
async function tabThrough(page, name) {
  const problems = [];
  await page.evaluate(() => {
    document.activeElement?.blur();
    window.scrollTo(0, 0);
  });
  // The controls a user can operate: visible, enabled, not taken out of the tab order.
  const wanted = await page.evaluate(() => {
    const controls = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')];
    return controls.filter((el) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return !el.disabled && el.tabIndex >= 0 && style.visibility !== 'hidden' && box.width > 0 && box.height > 0 &&
        !el.closest('[hidden], [inert], details:not([open]) > :not(summary)');
    }).map((el, i) => {
      el.dataset.tabProbe = String(i);
      return i;
    }).length;
  });
  const reached = new Set();
  for (let i = 0; i < wanted + 40 && reached.size < wanted; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      return { probe: el.dataset.tabProbe ?? null, ring, what: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"` };
    });
    if (!info) continue;
    if (info.probe !== null) reached.add(info.probe);
    if (!info.ring) problems.push(`${name}: ${info.what} has no focus ring`);
  }
  if (reached.size < wanted) problems.push(`${name}: Tab reached ${reached.size} of ${wanted} controls`);
  await page.evaluate(() => document.activeElement?.blur());
  return problems;
}

// The desktop opens the site in the light theme and the phone in the dark one (each theme is
// also the one a page starts in); every page is audited in that theme, then in the other. At the
// desktop size every page is also gone through by Tab, in the light theme.
const kSizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, locale: 'en-US', themes: ['light', 'dark'], tab: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'fr-FR', themes: ['dark', 'light'] },
];

for (const size of kSizes) {
  const [first, second] = size.themes;
  test(`accessibility audit: every page, ${size.name} (${size.locale}), light and dark theme — no serious or critical finding${size.tab ? '; every control is reached by Tab and shows a focus ring' : ''}`, async () => {
    const context = await browser.newContext({
      locale: size.locale,
      viewport: size.viewport,
      hasTouch: !!size.hasTouch,
      isMobile: !!size.isMobile,
      colorScheme: first,
      reducedMotion: 'reduce',
      bypassCSP: true, // axe is injected as a script of the test's own
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await site.holdGames(page);
    const found = [];
    const problems = [];
    // The page as drawn, in the first theme, then in the second; back in the first for the next.
    const auditBoth = async (name, every = false) => {
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), first);
      for (const line of await audit(page, every)) found.push(`${name}, ${first}: ${line}`);
      await systemTheme(page, second);
      for (const line of await audit(page, every)) found.push(`${name}, ${second}: ${line}`);
      await systemTheme(page, first);
    };
    for (const p of site.pages) {
      await visit(page, server.url, p);
      await auditBoth(p.name);
      if (size.tab) problems.push(...(await tabThrough(page, p.name)));
    }
    // The analysis pages: no finding of any impact.
    for (const p of analysisPages) {
      await visit(page, server.url, p);
      await auditBoth(p.name, true);
      if (size.tab) problems.push(...(await tabThrough(page, p.name)));
    }
    // The account page logged in (its forms differ).
    await site.logIn(context);
    await page.goto(`${server.url}/#/`);
    await visit(page, server.url, { hash: '#/account', ready: (pg) => pg.waitForSelector('#account-name') });
    await auditBoth('account (logged in)');
    await context.close();
    assert.equal(found.length, 0, `serious or critical findings:\n${found.join('\n')}`);
    assert.deepEqual([...new Set(problems)], []);
    assert.deepEqual(errors, []);
  });
}
