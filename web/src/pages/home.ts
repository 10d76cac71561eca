// Home: start a game (game, parameters, seats), the games this browser holds, open games to join.

import { api, ApiError, type Catalog, type CatalogGame, type CatalogSeating, type Game } from '../api';
import { pieceFill } from '../board/colours';
import { gameTitle, loadCatalog } from '../catalog';
import { clear, h } from '../dom';
import { accountSeats, currentUser } from '../session';
import { addTokens, forget, getPref, heldGames, setPref, tokensFor } from '../storage';
import { lobbyCard } from './lobby';
import { paramControl, paramWords, validValue } from './param_controls';

// The time controls offered (docs/online.md): none, real time (minutes+increment), days per move.
const kTimeControls: [string, string][] = [
  ['none', 'None'], ['1+0', '1+0'], ['3+2', '3+2'], ['5+3', '5+3'], ['10+5', '10+5'],
  ['corr:1', '1 day per move'], ['corr:3', '3 days per move'],
];

function select(name: string, options: [string, string][], value: string, onchange?: (v: string) => void): HTMLSelectElement {
  const el = h('select', { name }, ...options.map(([v, label]) => h('option', { value: v, selected: v === value }, label)));
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
    .map((s, i) => `${s.player}: ${mine.includes(i) ? 'you' : s.kind === 'ai' ? `AI ${s.level}` : s.kind === 'open' ? 'open' : 'human'}`)
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
  if (g.status === 'finished') return g.result || 'finished';
  const who = g.seats[g.to_move];
  const mine = tokens[String(g.to_move)] !== undefined;
  return `move ${g.ply + 1}: ${mine ? 'your turn' : `${who?.player ?? '?'} to move`}`;
}

export function homePage(app: HTMLElement): () => void {
  document.title = 'arbiter';
  let catalog: Catalog | null = null;
  let loadError = '';
  let alive = true;

  let game = getPref('game', ''); // "": the catalog's first game
  const form = h('div', { class: 'card' });
  const mine = h('div', { class: 'card' }, h('h2', null, 'My games'), h('p', { class: 'muted' }, 'Loading…'));
  const open = h('div', { class: 'card' }, h('h2', null, 'Open games'), h('p', { class: 'muted' }, 'Loading…'));
  app.append(h('div', { class: 'home' }, form, h('div', null, lobbyCard(), mine, open)));

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
    return h('div', { class: 'form-row', 'data-param': p.name },
      h('label', { for: control.id }, p.name.replace(/_/g, ' ')), control, h('span', { class: 'muted small' }, p.help));
  }

  function drawForm(): void {
    clear(form);
    if (!catalog) {
      form.append(h('h2', null, 'New game'), h('p', { class: 'muted' }, loadError || 'Loading…'));
      return;
    }
    const info = catalog.games.find((g) => g.name === game) ?? catalog.games[0];
    if (!info) {
      form.append(h('h2', null, 'New game'), h('p', { class: 'error' }, 'The server offers no games.'));
      return;
    }
    game = info.name;
    const seating = seatingOf(info);
    const seats = seating.seats;
    while (seatKinds.length < seats.length) seatKinds.push(seatKinds.length === 0 ? 'human' : 'ai:3');
    seatKinds.length = seats.length;
    const levels: [string, string][] = catalog.levels.map((l) => [`ai:${l.level}`, `AI level ${l.level}${l.name ? ` (${l.name})` : ''}`]);
    const seatChoices: [string, string][] = [['human', 'You'], ...levels, ['open', 'Open: invite a friend']];
    const error = h('p', { class: 'error small' });
    const start = h('button', { class: 'primary', id: 'start' }, 'Start game');
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
      h('h2', null, 'New game'),
      h(
        'div',
        { class: 'tabs' },
        ...catalog.games.map((g) =>
          h('button', { class: g.name === game ? 'on' : '', 'data-game': g.name, onclick: () => { game = g.name; setPref('game', g.name); extra = ''; drawForm(); } }, g.title),
        ),
      ),
      h('p', { class: 'muted small' }, info.summary, ' ', h('a', { href: `#/rules/${game}` }, 'Rules')),
    );
    if (info.seatings.length > 1) {
      const name = seatingControlName(info);
      form.append(
        h('div', { class: 'form-row', 'data-param': name }, h('label', null, 'Players'),
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
    const extraInput = h('input', { type: 'text', name: 'extra', placeholder: 'key=value ...', value: extra, style: 'flex:1;min-width:10rem' });
    extraInput.addEventListener('input', () => { extra = extraInput.value; });
    form.append(
      h('details', null, h('summary', { class: 'small muted' }, 'More parameters'),
        ...more.map((p) => paramRow(info, p.name)),
        h('div', { class: 'form-row' }, h('label', null, 'Extra'), extraInput),
        h('pre', { class: 'small muted', style: 'white-space:pre-wrap' }, info.params_help.join('\n'))),
      h('h3', null, 'Seats'),
      ...seats.map((seat, i) =>
        h('div', { class: 'seat-row', 'data-seat': i },
          h('span', { class: 'swatch', style: `background:${pieceFill(seat.colour)}` }),
          h('span', { class: 'name' }, seat.name),
          select(`seat${i}`, seatChoices, seatKinds[i], (v) => { seatKinds[i] = v; drawForm(); })),
      ),
      // An open seat is taken through its invite link; listing it lets strangers take it too.
      ...(seatKinds.includes('open')
        ? [h('label', { class: 'form-row small' },
          h('input', { type: 'checkbox', name: 'public', checked: listOpen, onchange: (e: Event) => { listOpen = (e.target as HTMLInputElement).checked; } }),
          ' List under Open games (anyone may join; otherwise only your invite link)')]
        : []),
      h('div', { class: 'form-row', 'data-param': 'time_control' }, h('label', null, 'Time control'),
        select('time_control', kTimeControls, timeControl, (v) => { timeControl = v; setPref('time_control', v); })),
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
    mine.append(h('h2', null, 'My games'));
    if (failed) mine.append(h('p', { class: 'error small' }, failed));
    if (!games.length) {
      mine.append(h('p', { class: 'muted' }, ids.length && !failed ? 'Your saved games are gone from the server.' : 'None yet: start one.'));
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
            yourTurn ? h('span', { class: 'tag you' }, 'your turn') : g.status === 'finished' ? h('span', { class: 'tag done' }, 'finished') : null,
            held[g.id] ? h('button', { class: 'small', title: 'Remove from this list (the game stays on the server)', onclick: () => { forget(g.id); drawMine(); } }, '✕') : null);
        })),
    );
  }

  async function drawOpen(): Promise<void> {
    let games: Game[] = [];
    let failed = '';
    try {
      games = (await api.list('open=1&status=playing&limit=50')).games;
    } catch (e) {
      failed = e instanceof ApiError ? e.message : String(e);
    }
    if (!alive) return;
    clear(open);
    open.append(h('h2', null, 'Open games'));
    if (failed) open.append(h('p', { class: 'error small' }, failed));
    const held = heldGames();
    const joinable = games.filter((g) => g.seats.some((s) => s.kind === 'open'));
    if (!joinable.length) {
      open.append(h('p', { class: 'muted' }, 'No game is waiting for a player.'));
      return;
    }
    open.append(
      h('ul', { class: 'game-list', id: 'open-games' },
        ...joinable.map((g) =>
          h('li', { 'data-id': g.id },
            h('span', { class: 'what' }, describeGame(g, held[g.id]?.tokens ?? {}), h('br'), h('span', { class: 'muted small' }, `${g.params}`)),
            ...g.seats.map((s, i) => (s.kind === 'open' ? h('a', { class: 'button', href: `#/join/${encodeURIComponent(g.id)}/${i}` }, `Join as ${s.player}`) : null)),
            h('a', { class: 'button', href: `#/game/${encodeURIComponent(g.id)}` }, 'Watch'))),
      ),
    );
  }

  drawForm();
  loadCatalog().then(
    (c) => { catalog = c; if (alive) { drawForm(); drawMine(); } },
    (e) => { loadError = `The games cannot be loaded: ${e instanceof ApiError ? e.message : String(e)}`; if (alive) drawForm(); },
  );
  drawMine();
  drawOpen();
  const timer = window.setInterval(() => { drawOpen(); }, 15000);
  return () => {
    alive = false;
    window.clearInterval(timer);
  };
}
