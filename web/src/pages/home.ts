// Home: quick play (quick_play.ts: a tile per game, the computer's levels, the time-control
// presets that pair with a seek, a game for a friend; more_options.ts: every option), the games
// this browser holds, and the lobby live over its WebSocket (pages/lobby.ts): seeks, games
// waiting for a player, games being played.

import { api, ApiError, type Catalog, type Game } from '../api';
import { gameTitle, loadCatalog } from '../catalog';
import { clear, h } from '../dom';
import { t } from '../i18n';
import { seatName, serverPhrase } from '../i18n/server_text';
import { accountSeats, currentUser } from '../session';
import { forget, heldGames, tokensFor } from '../storage';
import { HomeChoices } from './home_choices';
import { LobbyFeed, lobbyCard, lobbyGamesCard } from './lobby';
import { MoreOptions } from './more_options';
import { QuickPlay } from './quick_play';

export function describeGame(g: Game, tokens: Record<string, string>): string {
  const mine = Object.keys(tokens).map(Number);
  const title = gameTitle(g.game);
  const seats = g.seats
    .map((s, i) => `${seatName(s.player)}: ${mine.includes(i) ? t('common.you') : s.kind === 'ai' ? t('common.ai_short', { level: s.level }) : s.kind === 'open' ? t('home.seat_open') : t('home.seat_human')}`)
    .join(', ');
  return `${title} — ${seats}`;
}

// The seats of `g` this browser plays: those it holds a token for, and the logged-in account's
// (which act by the session, so with no token: "").
function seatsHeld(g: Game): Record<string, string> {
  const seats: Record<string, string> = {};
  for (const i of accountSeats(g)) seats[String(i)] = '';
  return { ...seats, ...tokensFor(g.id) };
}

function statusText(g: Game, tokens: Record<string, string>): string {
  if (g.status === 'finished') return serverPhrase(g.result) || t('common.finished');
  const who = g.seats[g.to_move];
  const mine = tokens[String(g.to_move)] !== undefined;
  return t('home.move_status', { n: g.ply + 1, what: mine ? t('home.your_turn') : t('home.to_move', { seat: seatName(who?.player ?? '?') }) });
}

export function homePage(app: HTMLElement): () => void {
  document.title = t('title.home');
  let alive = true;

  const play = h('div', { class: 'card', id: 'quick-play' }, h('h2', null, t('quick.pick_game')), h('p', { class: 'muted' }, t('app.loading')));
  const mine = h('div', { class: 'card' }, h('h2', null, t('home.my_games')), h('p', { class: 'muted' }, t('app.loading')));
  const feed = new LobbyFeed();
  app.append(h('h1', { class: 'visually-hidden' }, t('home.title')),
    h('div', { class: 'home' }, play, h('div', null, mine, lobbyCard(feed), lobbyGamesCard(feed, true), lobbyGamesCard(feed, false))));

  function drawPlay(catalog: Catalog): void {
    if (!catalog.games.length) {
      clear(play);
      play.append(h('h2', null, t('quick.pick_game')), h('p', { class: 'error' }, t('home.no_games_offered')));
      return;
    }
    const choices = new HomeChoices(catalog);
    let quick: QuickPlay | null = null;
    const more = new MoreOptions(choices, () => quick?.optionsChanged());
    quick = new QuickPlay(choices, feed, more);
    play.replaceWith(quick.el);
  }

  async function drawMine(): Promise<void> {
    const held = heldGames();
    const ids = Object.keys(held).sort((a, b) => held[b].added - held[a].added).slice(0, 200);
    let games: Game[] = [];
    let failed = '';
    if (ids.length) {
      try {
        games = (await api.list(`ids=${ids.map(encodeURIComponent).join(',')}&limit=200`)).games;
      } catch (e) {
        failed = e instanceof ApiError ? e.message : String(e);
      }
    }
    // Logged in, the account's games too (held by the session, with or without seat tokens).
    if (currentUser()) {
      try {
        const known = new Set(games.map((g) => g.id));
        games.push(...(await api.list('mine=1&limit=200')).games.filter((g) => !known.has(g.id)));
        games.sort((a, b) => b.updated_ms - a.updated_ms);
      } catch (e) {
        failed = e instanceof ApiError ? e.message : String(e);
      }
    }
    if (!alive) return;
    clear(mine);
    mine.append(h('h2', null, t('home.my_games')));
    if (failed) mine.append(h('p', { class: 'error small' }, failed));
    if (!games.length) {
      mine.append(h('p', { class: 'muted' }, ids.length && !failed ? t('home.saved_gone') : t('home.none_yet')));
      return;
    }
    mine.append(
      h('ul', { class: 'game-list', id: 'my-games' },
        ...games.map((g) => {
          const tokens = seatsHeld(g);
          const yourTurn = g.status === 'playing' && tokens[String(g.to_move)] !== undefined;
          return h('li', { 'data-id': g.id },
            h('span', { class: 'what' }, h('a', { href: `#/game/${encodeURIComponent(g.id)}` }, describeGame(g, tokens)), h('br'),
              h('span', { class: 'muted small' }, statusText(g, tokens))),
            yourTurn ? h('span', { class: 'tag you' }, t('home.your_turn')) : g.status === 'finished' ? h('span', { class: 'tag done' }, t('common.finished')) : null,
            held[g.id] ? h('button', { class: 'small', title: t('home.remove'), 'aria-label': t('home.remove'), onclick: () => { forget(g.id); drawMine(); } }, '✕') : null);
        })),
    );
  }

  loadCatalog().then(
    (c) => { if (alive) { drawPlay(c); drawMine(); } },
    (e) => {
      if (!alive) return;
      clear(play);
      play.append(h('h2', null, t('quick.pick_game')), h('p', { class: 'error' }, t('home.load_failed', { error: e instanceof ApiError ? e.message : String(e) })));
    },
  );
  drawMine();
  // A page shown again reconnects the lobby at once rather than at its next retry.
  const visible = (): void => { if (document.visibilityState === 'visible') feed.nudge(); };
  document.addEventListener('visibilitychange', visible);
  return () => {
    alive = false;
    document.removeEventListener('visibilitychange', visible);
    feed.close();
  };
}
