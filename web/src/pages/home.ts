// Home: start a game (game, parameters, seats), the games this browser holds, open games to join.

import { api, ApiError, type Catalog, type Game } from '../api';
import { pieceFill, type SeatColour, TRAP_SEATS, TRAVELERS_SEATS, TRAVERSE_SIDES } from '../board/colours';
import { clear, h } from '../dom';
import { addTokens, forget, getPref, heldGames, setPref, tokensFor } from '../storage';
import { GAME_TITLES } from './rules';

// The seats of a new game in turn order, as the parameters give them.
function seatsOf(game: string, players: number): SeatColour[] {
  if (game === 'travelers') return TRAVELERS_SEATS;
  if (game === 'trap') return TRAP_SEATS;
  const [s, w, n, e] = TRAVERSE_SIDES;
  return players === 4 ? [s, w, n, e] : players === 3 ? [s, w, n] : [s, n];
}


const RULES_NOTE: Record<string, string> = {
  basic: 'steps and chains of jumps',
  advanced: '+ long jumps, circle reversals, goal-line anchor',
  expert: '+ reversals of circles already home',
};

function select(name: string, options: [string, string][], value: string, onchange?: (v: string) => void): HTMLSelectElement {
  const el = h('select', { name }, ...options.map(([v, label]) => h('option', { value: v, selected: v === value }, label)));
  if (onchange) el.addEventListener('change', () => onchange(el.value));
  return el;
}

export function describeGame(g: Game, tokens: Record<string, string>): string {
  const mine = Object.keys(tokens).map(Number);
  const title = GAME_TITLES[g.game] ?? g.game;
  const seats = g.seats
    .map((s, i) => `${s.player}: ${mine.includes(i) ? 'you' : s.kind === 'ai' ? `AI ${s.level}` : s.kind === 'open' ? 'open' : 'human'}`)
    .join(', ');
  return `${title} — ${seats}`;
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
  let alive = true;

  let game = getPref('game', 'traverse');
  const form = h('div', { class: 'card' });
  const mine = h('div', { class: 'card' }, h('h2', null, 'My games'), h('p', { class: 'muted' }, 'Loading…'));
  const open = h('div', { class: 'card' }, h('h2', null, 'Open games'), h('p', { class: 'muted' }, 'Loading…'));
  app.append(h('div', { class: 'home' }, form, h('div', null, mine, open)));

  // Per-game choices, kept while the page lives and remembered across visits.
  const state = {
    players: Number(getPref('traverse.players', '2')),
    rules: getPref('traverse.rules', 'basic'),
    size: getPref('trap.size', '5'),
    walls: getPref('trap.walls', '60'),
    extra: '',
    seats: [] as string[],
  };

  function params(): string {
    const words: string[] = [];
    if (game === 'traverse') words.push(`players=${state.players}`, `rules=${state.rules}`);
    if (game === 'trap') words.push(`size=${state.size}`, `walls=${state.walls}`);
    if (state.extra.trim()) words.push(state.extra.trim());
    return words.join(' ');
  }

  function drawForm(): void {
    clear(form);
    const seats = seatsOf(game, state.players);
    while (state.seats.length < seats.length) state.seats.push(state.seats.length === 0 ? 'human' : 'ai:3');
    state.seats.length = seats.length;
    const levels: [string, string][] = [];
    for (let l = 1; l <= 10; l++) {
      const name = catalog?.levels.find((x) => x.level === l)?.name ?? '';
      levels.push([`ai:${l}`, `AI level ${l}${name ? ` (${name})` : ''}`]);
    }
    const seatChoices: [string, string][] = [['human', 'You'], ...levels, ['open', 'Open: invite a friend']];
    const error = h('p', { class: 'error small' });
    const start = h('button', { class: 'primary', id: 'start' }, 'Start game');
    start.addEventListener('click', async () => {
      start.disabled = true;
      error.textContent = '';
      try {
        const seated = await api.create({ game, params: params(), seats: state.seats });
        addTokens(seated.game.id, seated.game.game, seated.tokens);
        location.hash = `#/game/${encodeURIComponent(seated.game.id)}`;
      } catch (e) {
        error.textContent = e instanceof ApiError ? e.message : String(e);
        start.disabled = false;
      }
    });

    const info = catalog?.games.find((g) => g.name === game);
    form.append(
      h('h2', null, 'New game'),
      h(
        'div',
        { class: 'tabs' },
        ...Object.entries(GAME_TITLES).map(([k, v]) =>
          h('button', { class: k === game ? 'on' : '', 'data-game': k, onclick: () => { game = k; setPref('game', k); state.extra = ''; drawForm(); } }, v),
        ),
      ),
      info ? h('p', { class: 'muted small' }, info.summary, ' ', h('a', { href: `#/rules/${game}` }, 'Rules')) : h('p', { class: 'small' }, h('a', { href: `#/rules/${game}` }, 'Rules')),
    );
    if (game === 'traverse') {
      const rulesNote = h('span', { class: 'muted small' }, RULES_NOTE[state.rules] ?? '');
      form.append(
        h('div', { class: 'form-row' }, h('label', null, 'Players'),
          select('players', [['2', '2'], ['3', '3'], ['4', '4']], String(state.players), (v) => { state.players = Number(v); setPref('traverse.players', v); drawForm(); })),
        h('div', { class: 'form-row' }, h('label', null, 'Rules'),
          select('rules', [['basic', 'basic'], ['advanced', 'advanced'], ['expert', 'expert']], state.rules, (v) => { state.rules = v; setPref('traverse.rules', v); rulesNote.textContent = RULES_NOTE[v] ?? ''; }),
          rulesNote),
      );
    } else if (game === 'trap') {
      const sizes: [string, string][] = [3, 4, 5, 6, 7, 8].map((n) => [String(n), `${n} cells a side`]);
      const walls = h('input', { type: 'number', name: 'walls', min: 0, max: 100000, value: state.walls, style: 'width:6em' });
      walls.addEventListener('change', () => { state.walls = walls.value || '0'; setPref('trap.walls', state.walls); });
      form.append(
        h('div', { class: 'form-row' }, h('label', null, 'Field'), select('size', sizes, state.size, (v) => { state.size = v; setPref('trap.size', v); })),
        h('div', { class: 'form-row' }, h('label', null, 'Walls'), walls, h('span', { class: 'muted small' }, '0 = unlimited')),
      );
    }
    const extra = h('input', { type: 'text', name: 'extra', placeholder: 'e.g. max_plies=200', value: state.extra, style: 'flex:1;min-width:10rem' });
    extra.addEventListener('input', () => { state.extra = extra.value; });
    form.append(
      h('details', null, h('summary', { class: 'small muted' }, 'More parameters'),
        h('div', { class: 'form-row' }, h('label', null, 'Extra'), extra),
        info ? h('pre', { class: 'small muted', style: 'white-space:pre-wrap' }, info.params_help.join('\n')) : null),
      h('h3', null, 'Seats'),
      ...seats.map((seat, i) =>
        h('div', { class: 'seat-row' },
          h('span', { class: 'swatch', style: `background:${pieceFill(seat.colour)}` }),
          h('span', { class: 'name' }, seat.name),
          select(`seat${i}`, seatChoices, state.seats[i], (v) => { state.seats[i] = v; })),
      ),
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
          const tokens = tokensFor(g.id);
          const yourTurn = g.status === 'playing' && tokens[String(g.to_move)] !== undefined;
          return h('li', { 'data-id': g.id },
            h('span', { class: 'what' }, h('a', { href: `#/game/${encodeURIComponent(g.id)}` }, describeGame(g, tokens)), h('br'),
              h('span', { class: 'muted small' }, statusText(g, tokens))),
            yourTurn ? h('span', { class: 'tag you' }, 'your turn') : g.status === 'finished' ? h('span', { class: 'tag done' }, 'finished') : null,
            h('button', { class: 'small', title: 'Remove from this list (the game stays on the server)', onclick: () => { forget(g.id); drawMine(); } }, '✕'));
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
  api.catalog().then(
    (c) => { catalog = c; if (alive) drawForm(); },
    () => undefined,
  );
  drawMine();
  drawOpen();
  const timer = window.setInterval(() => { drawOpen(); }, 15000);
  return () => {
    alive = false;
    window.clearInterval(timer);
  };
}
