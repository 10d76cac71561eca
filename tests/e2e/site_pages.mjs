// Every page of the site, for the tests that visit them all (languages, phone widths, the
// accessibility audit): a game of each game (held by the browser, so its controls show), one
// with an open seat (invite links), one finished (its result), the rules of each game, the account page logged out and
// logged in, a profile, the leaderboard, a join that fails, and the pages the router has that
// are not always there (analysis, puzzles, a lobby page).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, waitIdle } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

// Whether the router (web/src/main.ts) has a page `name` (`case 'name':`).
export function routerHas(name) {
  const main = readFileSync(path.join(here, '../../web/src/main.ts'), 'utf8');
  return new RegExp(`case '${name}'`).test(main);
}

// Creates what the pages show; returns { pages, holdGames(page), logIn(context) }.
// Each page: { name, hash, ready(page) } — `ready` waits until the page has drawn its content.
export async function sitePages(url) {
  const user = `visitor${Date.now() % 100000}`;
  const password = 'a long enough password';
  await api(url, 'POST', '/api/accounts', { username: user, password });
  const held = [];
  const games = {};
  for (const [name, body] of [
    ['traverse', { game: 'traverse', seats: ['human', 'ai:1'] }],
    ['travelers', { game: 'travelers', seats: ['human', 'ai:1'] }],
    ['trap', { game: 'trap', seats: ['human', 'ai:1'] }],
    ['invite', { game: 'traverse', seats: ['human', 'open'] }],
    ['finished', { game: 'trap', seats: ['human', 'ai:1'] }],
  ]) {
    const seated = await api(url, 'POST', '/api/games', body);
    held.push([seated.game.id, seated.game.game, seated.tokens]);
    games[name] = seated.game.id;
  }
  const [finishedId, , finishedTokens] = held[held.length - 1];
  await api(url, 'POST', `/api/games/${finishedId}/resign`, { seat: 0 }, finishedTokens['0']);
  const content = (selector) => async (page) => {
    await page.waitForSelector(selector);
    await page.waitForFunction(() => !document.querySelector('#app p.muted')?.textContent?.endsWith('…'));
  };
  const pages = [
    { name: 'home', hash: '#/', ready: content('#level-grid') },
    ...['traverse', 'travelers', 'trap', 'invite', 'finished'].map((g) => ({
      name: `game ${g}`,
      hash: `#/game/${games[g]}`,
      ready: waitIdle,
    })),
    ...['traverse', 'travelers', 'trap'].map((g) => ({
      name: `rules ${g}`,
      hash: `#/rules/${g}`,
      ready: async (page) => {
        await page.waitForSelector('.rules figure svg.board');
        await page.waitForFunction(() => [...document.querySelectorAll('.rules figure')].every((f) => f.querySelector('svg.board, .error')));
      },
    })),
    { name: 'account', hash: '#/account', ready: content('#login') },
    { name: 'profile', hash: `#/players/${user}`, ready: content('#app .card') },
    { name: 'leaderboard', hash: '#/leaderboard', ready: content('#app .card p, #leaderboard') },
    { name: 'join', hash: '#/join/no-such-game/1', ready: content('#app p.error') },
    // The new-analysis page is its source form, drawn at once; the puzzles page has drawn when
    // its board is no longer busy and shows a puzzle or, with none stored, the button to the next.
    ...[
      { name: 'lobby', ready: content('#app > *') },
      { name: 'analysis', ready: content('#app form') },
      {
        name: 'puzzles',
        ready: (page) => page.waitForFunction(() => {
          const board = document.querySelector('#puzzle-board');
          return board && !board.hasAttribute('data-busy') &&
            (board.querySelector('svg.board') || document.querySelector('#puzzle-next'));
        }),
      },
    ].filter((p) => routerHas(p.name)).map((p) => ({ ...p, hash: `#/${p.name}` })),
  ];
  return {
    pages,
    user,
    // Hands the games' seat tokens to the context's local storage (as the home page would).
    async holdGames(page) {
      await page.goto(`${url}/#/`);
      await page.evaluate((all) => {
        const stored = JSON.parse(localStorage.getItem('arbiter.games') || '{}');
        for (const [id, game, tokens] of all) stored[id] = { game, tokens, added: Date.now() };
        localStorage.setItem('arbiter.games', JSON.stringify(stored));
      }, held);
    },
    // Logs the context in (the session cookie), for the logged-in account page.
    async logIn(context) {
      // As the site's own page would: JSON, with its Origin (the context may hold a cookie already).
      const res = await context.request.post(`${url}/api/sessions`, { data: { username: user, password }, headers: { Origin: url } });
      if (!res.ok()) throw new Error(`log in: ${res.status()} ${await res.text()}`);
    },
  };
}

// Opens `p` (a page of sitePages) and waits until it is drawn.
export async function visit(page, url, p) {
  await page.goto(`${url}/${p.hash}`);
  await p.ready(page);
}
