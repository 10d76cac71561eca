// The screenshot gallery (`make screenshots`): every page of the site — the home page, each game
// at its start, in the middle and over, the rules, the analysis and puzzles pages, the
// leaderboard, the account pages... — at a desktop size (1280×800) and a phone's (390×844, touch),
// in the light and the dark theme and, where the page shows a board, in every board theme; then an
// index.html showing them all in a grid.
//
// Usage: node tests/e2e/gallery.mjs [--out DIR] [--arbiter BIN] [--web DIR] [--pages a,b]
//          [--sizes desktop,phone] [--themes light,dark] [--boards wood,slate]
//   --out      the folder written (default build/screenshots; emptied of its PNGs first)
//   --pages    only the pages whose names contain one of these words
//   the rest   only those sizes, colour themes and board themes
// Like the browser tests it starts its own `arbiter serve` (port 0, a scratch store, the stored
// puzzles imported) and drives Debian's Chromium through playwright-core (CHROMIUM picks another).

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const kSizes = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
};
const kThemes = ['light', 'dark'];
// The board themes of web/src/theme/board_theme.ts, the first the default.
const kBoards = ['wood', 'slate'];

function options(argv) {
  const o = { out: path.join(root, 'build/screenshots'), arbiter: path.join(root, 'build/arbiter'), web: path.join(root, 'web/dist') };
  const lists = { pages: [], sizes: Object.keys(kSizes), themes: kThemes, boards: kBoards };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`gallery: ${argv[i]} needs a value`);
    if (key in lists) lists[key] = value.split(',').filter(Boolean);
    else if (key in o) o[key] = path.resolve(value);
    else throw new Error(`gallery: unknown option ${argv[i]}`);
  }
  for (const s of lists.sizes) if (!kSizes[s]) throw new Error(`gallery: no size ${s} (${Object.keys(kSizes).join(', ')})`);
  return { ...o, ...lists };
}

const opts = options(process.argv.slice(2));
// helpers.mjs reads these when it is loaded: the server's binary, its web UI and a scratch folder
// (inside the browser tests' own when run by one, so that run.sh's clean-up finds its server).
const scratch = mkdtempSync(path.join(process.env.E2E_TMP || os.tmpdir(), 'arbiter-gallery-'));
process.env.ARBITER = opts.arbiter;
process.env.ARBITER_WEB = opts.web;
process.env.E2E_TMP = scratch;
const { api, launch, sleep, startServer, waitIdle } = await import('./helpers.mjs');
const { sitePages } = await import('./site_pages.mjs');

// A small deterministic generator: the same games every run.
function random(seed) {
  let x = seed >>> 0;
  return () => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

// Seat 0's move chosen at random among the legal ones, click by click.
async function randomMove(url, id, pick) {
  const clicks = [];
  for (let i = 0; i < 16; i++) {
    const legal = await api(url, 'GET', `/api/games/${id}/legal?clicks=${clicks.map(encodeURIComponent).join(',')}`);
    if (legal.complete.length && (!legal.next.length || pick() < 0.5)) return legal.complete[Math.floor(pick() * legal.complete.length)].text;
    if (!legal.next.length) break;
    clicks.push(legal.next[Math.floor(pick() * legal.next.length)].click);
  }
  throw new Error(`gallery: no move found in game ${id}`);
}

// A game of seat 0 (random moves) against the computer, `plies` of seat 0's moves in, waiting
// for each reply; resigned when `over`. Returns [id, game, tokens] as sitePages holds them.
async function playedGame(url, game, plies, over, seed) {
  const seated = await api(url, 'POST', '/api/games', { game, seats: ['human', 'ai:1'] });
  const id = seated.game.id;
  const pick = random(seed);
  for (let n = 0; n < plies; n++) {
    let g = await api(url, 'GET', `/api/games/${id}`);
    for (let i = 0; i < 200 && g.status === 'playing' && g.to_move !== 0; i++) {
      await sleep(50);
      g = await api(url, 'GET', `/api/games/${id}`);
    }
    if (g.status !== 'playing') break;
    await api(url, 'POST', `/api/games/${id}/moves`, { move: await randomMove(url, id, pick) }, seated.tokens['0']);
  }
  for (let i = 0; i < 200 && (await api(url, 'GET', `/api/games/${id}`)).to_move !== 0; i++) await sleep(50);
  if (over) await api(url, 'POST', `/api/games/${id}/resign`, { seat: 0 }, seated.tokens['0']).catch(() => {});
  return [id, game, seated.tokens];
}

// The pages of site_pages.mjs and the moments of a game it has none of, those `wanted` (by name)
// only: a game is played for a page only when the page is drawn.
async function allPages(url, wanted) {
  const site = await sitePages(url);
  const extra = [];
  let seed = 7;
  for (const game of ['traverse', 'travelers', 'trap']) {
    for (const [moment, plies, over] of [['mid-game', game === 'trap' ? 6 : 10, false], ['over', game === 'trap' ? 8 : 14, true]]) {
      const s = seed++;
      extra.push({ name: `game ${game} ${moment}`, make: () => playedGame(url, game, plies, over, s), ready: waitIdle });
    }
  }
  extra.push({
    name: 'analysis position',
    hash: '#/analysis?game=traverse&params=&position=',
    ready: async (page) => {
      await page.waitForSelector('#analysis-board svg.board');
      await page.waitForSelector('#analysis-board:not([data-busy])');
    },
  });
  extra.push({ name: 'account logged in', hash: '#/account', logIn: true, ready: (page) => page.waitForSelector('#app .card') });
  const pages = [...site.pages, ...extra].filter((p) => wanted(p.name));
  const held = [];
  for (const p of pages) {
    p.slug = p.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    if (!p.make) continue;
    const g = await p.make();
    held.push(g);
    p.hash = `#/game/${g[0]}`;
  }
  const hold = async (page) => {
    await site.holdGames(page);
    await page.evaluate((all) => {
      const stored = JSON.parse(localStorage.getItem('arbiter.games') || '{}');
      for (const [id, game, tokens] of all) stored[id] = { game, tokens, added: Date.now() };
      localStorage.setItem('arbiter.games', JSON.stringify(stored));
    }, held);
  };
  return { pages, hold, logIn: site.logIn };
}

// One screenshot of `p`, as the viewport shows it once the page has drawn.
async function capture(context, url, p, file) {
  const page = await context.newPage();
  try {
    await page.goto(`${url}/${p.hash}`);
    await p.ready(page);
    await page.evaluate(() => document.fonts?.ready);
    await sleep(250);
    const board = await page.evaluate(() => !!document.querySelector('svg.board'));
    await page.screenshot({ path: file });
    return board;
  } finally {
    await page.close();
  }
}

function indexHtml(shots) {
  const esc = (t) => t.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  const byPage = new Map();
  for (const s of shots) byPage.set(s.page, [...(byPage.get(s.page) ?? []), s]);
  const sections = [...byPage].map(([name, list]) => `<section><h2>${esc(name)}</h2><div class="grid">${list
    .map((s) => `<figure><a href="${s.file}"><img src="${s.file}" loading="lazy" alt="${esc(`${name}, ${s.caption}`)}"></a><figcaption>${esc(s.caption)}</figcaption></figure>`)
    .join('')}</div></section>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>arbiter screenshots</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; background: #f4f4f2; color: #1f2421; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 0.8rem; align-items: start; }
figure { margin: 0; background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: 0.4rem; }
img { width: 100%; height: auto; display: block; }
figcaption { font-size: 0.8rem; color: #555; margin-top: 0.3rem; }
</style></head>
<body><h1>arbiter screenshots</h1><p>${shots.length} screenshots, made ${esc(new Date().toISOString())}.</p>
${sections.join('\n')}
</body></html>
`;
}

async function main() {
  mkdirSync(opts.out, { recursive: true });
  for (const f of readdirSync(opts.out)) if (f.endsWith('.png')) rmSync(path.join(opts.out, f));
  const db = path.join(scratch, 'gallery.db');
  // The stored puzzles, so that the puzzles page shows one.
  const puzzleDir = path.join(root, 'data/puzzles');
  const puzzleFiles = readdirSync(puzzleDir).filter((f) => f.endsWith('.txt')).map((f) => path.join(puzzleDir, f));
  if (puzzleFiles.length) execFileSync(opts.arbiter, ['puzzles', 'import', '--db', db, ...puzzleFiles], { stdio: 'ignore' });
  const server = await startServer({ db, extra: ['--analysis-seconds', '1'] });
  const browser = await launch();
  const shots = [];
  try {
    const wanted = (name) => !opts.pages.length || opts.pages.some((w) => name.includes(w));
    const { pages: chosen, hold, logIn } = await allPages(server.url, wanted);
    if (!chosen.length) throw new Error(`gallery: no page matches ${opts.pages.join(', ')}`);
    const boardless = new Set(); // pages found to show no board: drawn in the first board theme only
    for (const size of opts.sizes) {
      for (const theme of opts.themes) {
        for (const [b, board] of opts.boards.entries()) {
          const context = await browser.newContext({ ...kSizes[size], colorScheme: theme, reducedMotion: 'reduce' });
          await context.addInitScript(([th, bo]) => {
            localStorage.setItem('arbiter.pref.theme', th);
            localStorage.setItem('arbiter.pref.board', bo);
          }, [theme, board]);
          const first = await context.newPage();
          await hold(first);
          await first.close();
          let loggedIn = false;
          for (const p of chosen) {
            if (b > 0 && boardless.has(p.slug)) continue;
            if (p.logIn && !loggedIn) {
              await logIn(context);
              loggedIn = true;
            }
            // The pages of a logged-out visitor come before the logged-in ones (pages' order).
            if (!p.logIn && loggedIn) await context.clearCookies();
            if (!p.logIn) loggedIn = false;
            const file = `${p.slug}-${size}-${theme}-${board}.png`;
            const hasBoard = await capture(context, server.url, p, path.join(opts.out, file));
            if (!hasBoard && b === 0) boardless.add(p.slug);
            shots.push({ page: p.name, file, caption: `${size}, ${theme}${hasBoard ? `, ${board}` : ''}` });
            process.stdout.write('.');
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  writeFileSync(path.join(opts.out, 'index.html'), indexHtml(shots));
  console.log(`\ngallery: ${shots.length} screenshots and index.html in ${opts.out}`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
