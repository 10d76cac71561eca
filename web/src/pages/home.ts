// Home: start a game (game, parameters, seats), the games this browser holds, and the lobby live
// over its WebSocket (pages/lobby.ts): seeks, games waiting for a player, games being played.

import { api, ApiError, type Catalog, type CatalogGame, type CatalogSeating, type Game } from '../api';
import { pieceFill } from '../board/colours';
import { gameTitle, loadCatalog } from '../catalog';
import { clear, h } from '../dom';
import { serverText, t } from '../i18n';
import { levelName, paramLabel, paramsHelpLine, seatName, serverPhrase } from '../i18n/server_text';
import { accountSeats, currentUser } from '../session';
import { addTokens, forget, getPref, heldGames, setPref, tokensFor } from '../storage';
import { LobbyFeed, lobbyCard, lobbyGamesCard } from './lobby';
import { paramControl, paramWords, validValue } from './param_controls';

// The time controls offered (docs/online.md): none, real time (minutes+increment), days per move.
function timeControls(): [string, string][] {
  return [
    ['none', t('tc.none')], ['1+0', '1+0'], ['3+2', '3+2'], ['5+3', '5+3'], ['10+5', '10+5'],
    ['corr:1', t('tc.corr', { count: 1 })], ['corr:3', t('tc.corr', { count: 3 })],
  ];
}

// A select named `name` (its id `param-NAME`, for its label), or labelled by the element `labelledBy`.
function select(name: string, options: [string, string][], value: string, onchange?: (v: string) => void, labelledBy?: string): HTMLSelectElement {
  const el = h('select', { name, id: labelledBy ? null : `param-${name}`, 'aria-labelledby': labelledBy }, ...options.map(([v, label]) => h('option', { value: v, selected: v === value }, label)));
  if (onchange) el.addEventListener('change', () => onchange(el.value));
  return el;
}

// The name the player-count control goes by: the parameter that picks the seating, if any.
function seatingControlName(info: CatalogGame): string {
  return info.players_param || 'seating';
}

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
  let catalog: Catalog | null = null;
  let loadError = '';
  let alive = true;

  let game = getPref('game', ''); // "": the catalog's first game
  const form = h('div', { class: 'card' });
  const mine = h('div', { class: 'card' }, h('h2', null, t('home.my_games')), h('p', { class: 'muted' }, t('app.loading')));
  const feed = new LobbyFeed();
  app.append(h('h1', { class: 'visually-hidden' }, t('home.title')),
    h('div', { class: 'home' }, form, h('div', null, lobbyCard(feed), mine, lobbyGamesCard(feed, true), lobbyGamesCard(feed, false))));

  // Per-game choices, kept while the page lives and remembered across visits: each parameter's
  // value (as the catalog's schema allows it) and the number of players.
  const values: Record<string, Record<string, string>> = {};
  const players: Record<string, number> = {};
  let extra = '';
  let timeControl = getPref('time_control', 'none');
  let seatKinds: string[] = [];
  let listOpen = false; // list a game with an open seat under Open games

  function valuesOf(info: CatalogGame): Record<string, string> {
    if (!values[info.name]) {
      const v: Record<string, string> = {};
      for (const p of info.params) {
        const saved = getPref(`${info.name}.${p.name}`, p.default);
        v[p.name] = validValue(p, saved) ? saved : p.default;
      }
      values[info.name] = v;
    }
    return values[info.name];
  }

  function seatingOf(info: CatalogGame): CatalogSeating {
    if (players[info.name] === undefined) {
      players[info.name] = Number(getPref(`${info.name}.${seatingControlName(info)}`, String(info.seatings[0]?.players ?? 2)));
    }
    return info.seatings.find((s) => s.players === players[info.name]) ?? info.seatings[0];
  }

  function params(info: CatalogGame): string {
    const seating = seatingOf(info);
    const schema = info.params.filter((p) => p.name !== info.players_param);
    const words = [seating.params, ...paramWords(schema, valuesOf(info)), extra.trim()];
    return words.filter((w) => w).join(' ');
  }

  function paramRow(info: CatalogGame, name: string): HTMLElement | null {
    const p = info.params.find((x) => x.name === name);
    if (!p) return null;
    const v = valuesOf(info);
    const control = paramControl(p, v[p.name], (value) => {
      v[p.name] = value;
      setPref(`${info.name}.${p.name}`, value);
    });
    const help = serverText('param_help', `${info.name}.${p.name}`, p.help);
    control.title = help;
    return h('div', { class: 'form-row', 'data-param': p.name },
      h('label', { for: control.id }, paramLabel(p.name)), control, h('span', { class: 'muted small' }, help));
  }

  function drawForm(): void {
    clear(form);
    if (!catalog) {
      form.append(h('h2', null, t('home.new_game')), h('p', { class: 'muted' }, loadError || t('app.loading')));
      return;
    }
    const info = catalog.games.find((g) => g.name === game) ?? catalog.games[0];
    if (!info) {
      form.append(h('h2', null, t('home.new_game')), h('p', { class: 'error' }, t('home.no_games_offered')));
      return;
    }
    game = info.name;
    const seating = seatingOf(info);
    const seats = seating.seats;
    while (seatKinds.length < seats.length) seatKinds.push(seatKinds.length === 0 ? 'human' : 'ai:3');
    seatKinds.length = seats.length;
    const levels: [string, string][] = catalog.levels.map((l) => [`ai:${l.level}`, l.name ? t('home.seat_choice_level', { level: l.level, name: levelName(l.name) }) : t('common.ai_level', { level: l.level })]);
    const seatChoices: [string, string][] = [['human', t('home.seat_choice_you')], ...levels, ['open', t('home.seat_choice_open')]];
    const error = h('p', { class: 'error small' });
    const start = h('button', { class: 'primary', id: 'start' }, t('home.start'));
    start.addEventListener('click', async () => {
      start.disabled = true;
      error.textContent = '';
      try {
        const hasOpen = seatKinds.includes('open');
        const seated = await api.create({ game, params: params(info), seats: seatKinds, time_control: timeControl, ...(hasOpen && listOpen ? { public: true } : {}) });
        addTokens(seated.game.id, seated.game.game, seated.tokens);
        location.hash = `#/game/${encodeURIComponent(seated.game.id)}`;
      } catch (e) {
        error.textContent = e instanceof ApiError ? e.message : String(e);
        start.disabled = false;
      }
    });

    form.append(
      h('h2', null, t('home.new_game')),
      h(
        'div',
        { class: 'tabs' },
        ...catalog.games.map((g) =>
          h('button', { class: g.name === game ? 'on' : '', 'data-game': g.name, onclick: () => { game = g.name; setPref('game', g.name); extra = ''; drawForm(); } }, gameTitle(g.name)),
        ),
      ),
      h('p', { class: 'muted small' }, serverText('summary', info.name, info.summary), ' ', h('a', { href: `#/rules/${game}` }, t('nav.rules'))),
    );
    if (info.seatings.length > 1) {
      const name = seatingControlName(info);
      form.append(
        h('div', { class: 'form-row', 'data-param': name }, h('label', { for: `param-${name}` }, t('common.players')),
          select(name, info.seatings.map((s) => [String(s.players), String(s.players)]), String(seating.players), (v) => {
            players[info.name] = Number(v);
            setPref(`${info.name}.${name}`, v);
            drawForm();
          })),
      );
    }
    // Numbers and choices in view; switches and free text under "More parameters".
    const shown = info.params.filter((p) => p.name !== info.players_param);
    const main = shown.filter((p) => p.type === 'int' || p.type === 'choice');
    const more = shown.filter((p) => p.type === 'bool' || p.type === 'text');
    form.append(h('div', { id: 'params' }, ...main.map((p) => paramRow(info, p.name))));
    const extraInput = h('input', { type: 'text', name: 'extra', id: 'param-extra', placeholder: t('home.extra_placeholder'), value: extra, style: 'flex:1;min-width:10rem' });
    extraInput.addEventListener('input', () => { extra = extraInput.value; });
    form.append(
      h('details', null, h('summary', { class: 'small muted' }, t('home.more_params')),
        ...more.map((p) => paramRow(info, p.name)),
        h('div', { class: 'form-row' }, h('label', { for: 'param-extra' }, t('home.extra')), extraInput),
        h('pre', { class: 'small muted', style: 'white-space:pre-wrap' }, info.params_help.map((line) => paramsHelpLine(info.name, line)).join('\n'))),
      h('h3', null, t('home.seats')),
      ...seats.map((seat, i) =>
        h('div', { class: 'seat-row', 'data-seat': i },
          h('span', { class: 'swatch', style: `background:${pieceFill(seat.colour)}` }),
          h('span', { class: 'name', id: `seat-name-${i}` }, seatName(seat.name)),
          select(`seat${i}`, seatChoices, seatKinds[i], (v) => { seatKinds[i] = v; drawForm(); }, `seat-name-${i}`)),
      ),
      // An open seat is taken through its invite link; listing it lets strangers take it too.
      ...(seatKinds.includes('open')
        ? [h('label', { class: 'form-row small' },
          h('input', { type: 'checkbox', name: 'public', checked: listOpen, onchange: (e: Event) => { listOpen = (e.target as HTMLInputElement).checked; } }),
          ' ', t('home.list_open'))]
        : []),
      h('div', { class: 'form-row', 'data-param': 'time_control' }, h('label', { for: 'param-time_control' }, t('common.time_control')),
        select('time_control', timeControls(), timeControl, (v) => { timeControl = v; setPref('time_control', v); })),
      h('div', { class: 'form-row' }, start),
      error,
    );
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

  drawForm();
  loadCatalog().then(
    (c) => { catalog = c; if (alive) { drawForm(); drawMine(); } },
    (e) => { loadError = t('home.load_failed', { error: e instanceof ApiError ? e.message : String(e) }); if (alive) drawForm(); },
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
