// A game: the board, moving by clicks, players and clocks, the AI's thinking, the move list with
// replay, and the actions (undo, resign, rematch, flip, copy, record, invite links).

import { api, ApiError, type BoardView, type Game, type LastMove, type Thinking } from '../api';
import { pieceFill } from '../board/colours';
import { previewClicks } from '../board/preview';
import { renderBoard } from '../board/render';
import { clear, copyText, h } from '../dom';
import { MoveMaker } from '../play/clicks';
import { Live } from '../play/live';
import { addTokens, getPref, setPref, tokensFor } from '../storage';
import { GAME_TITLES } from './rules';

interface Shown {
  ply: number;
  board: BoardView;
  lastMove: LastMove | null;
  position: string;
}

function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(s / 60);
  const h = Math.floor(m / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m % 60).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// Scores are from the searching side, in hundredths of a unit of the game's evaluation; a proven
// result is 1,000,000 less the plies to it.
function scoreText(score: number): string {
  const kWin = 1_000_000;
  if (Math.abs(score) > kWin - 10_000) {
    const plies = kWin - Math.abs(score);
    return score > 0 ? `wins in ${plies} plies` : `loses in ${plies} plies`;
  }
  const v = score / 100;
  return `${v > 0 ? '+' : ''}${v.toFixed(2)}`;
}

function nodesText(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(0)}k` : String(n);
}

export function gamePage(app: HTMLElement, id: string): () => void {
  let game: Game | null = null;
  let receivedAt = 0; // when `game` arrived, for the running clock
  let tokens = tokensFor(id);
  let thinking: Thinking | null = null;
  let viewing: Shown | null = null; // an earlier position (replay), else null: live
  let connected = true;
  let flipped: boolean | null = null;
  let hintText = '';
  let hintError = false;
  let busy = false; // a request that changes the game is in flight
  let confirmResign = false;
  const seen = new Map<number, Shown>(); // positions met on this page, by ply
  let alive = true;

  // Layout: board column and side panel; each part redrawn by render().
  const title = h('h1', { id: 'title' }, 'Game');
  const banner = h('div', { id: 'banner' });
  const status = h('div', { class: 'status-line', id: 'status' });
  const boardWrap = h('div', { class: 'board-wrap', id: 'board' });
  const hint = h('div', { class: 'hint', id: 'hint', 'aria-live': 'polite' });
  const choices = h('div', { class: 'choices', id: 'choices' });
  const controls = h('div', { class: 'controls', id: 'controls' });
  const players = h('ul', { class: 'players', id: 'players' });
  const thinkingLine = h('div', { class: 'thinking', id: 'thinking' });
  const invites = h('div', { id: 'invites' });
  const movesBox = h('div', { class: 'moves', id: 'moves' });
  const replay = h('div', { class: 'replay', id: 'replay' });
  const position = h('div', { class: 'position-text', id: 'position' });
  app.append(
    h('div', { class: 'game' },
      h('div', null, title, banner, status, boardWrap, hint, choices, controls),
      h('div', null,
        h('div', { class: 'card' }, h('h3', null, 'Players'), players, thinkingLine, invites),
        h('div', { class: 'card' }, h('h3', null, 'Moves'), movesBox, replay, position))),
  );

  const maker = new MoveMaker(id, {
    changed: () => render(),
    send: (move) => void sendMove(move),
    hint: (text, error) => setHint(text, error),
    explain: (name, clicks) => explain(name, clicks),
  });

  function setHint(text: string, error = false): void {
    hintText = text;
    hintError = error;
    hint.textContent = text;
    hint.className = error ? 'hint error' : 'hint';
  }

  // The seats this browser holds, and the token to act with for `seat`.
  const held = (): number[] => Object.keys(tokens).map(Number).filter((n) => !Number.isNaN(n));
  const tokenFor = (seat: number): string | undefined => tokens[String(seat)];
  const anyToken = (): string | undefined => Object.values(tokens)[0];
  const myTurn = (): boolean => !!game && game.status === 'playing' && tokenFor(game.to_move) !== undefined;
  const canPlay = (): boolean => myTurn() && !viewing && !busy;

  function explain(name: string, clicks: string[]): string {
    if (!game) return '';
    if (viewing) return 'You are looking at an earlier position: go back to the live game to move.';
    if (game.status !== 'playing') return 'The game is over.';
    if (!held().length) return 'You are watching this game.';
    if (!myTurn()) return `Not your turn: ${game.seats[game.to_move]?.player ?? 'the other player'} is to move.`;
    const board = game.board;
    const cell = board?.cells.find((c) => c.name === name);
    const slot = name.includes('|');
    if (!clicks.length) {
      if (slot) return board && board.walls_left === 0 ? 'No walls are left in the pile.' : 'No wall can go there.';
      if (!cell?.piece) return game.game === 'trap' ? 'Click one of your movers, or a slot between two cells for a wall.' : 'Nothing to move there: click one of your pieces.';
      if (cell.owner !== game.to_move) return `That is ${board?.players[cell.owner]?.name ?? 'another player'}’s piece.`;
      if (cell.trapped) return 'That mover is trapped for good.';
      return 'That piece has no moves.';
    }
    if (slot) return 'No wall can go there now.';
    return game.game === 'trap' ? 'Not a legal step from here.' : 'Not a legal destination.';
  }

  async function sendMove(move: string): Promise<void> {
    if (!game) return;
    const token = tokenFor(game.to_move);
    if (!token) return;
    busy = true;
    setHint(`Playing ${move}…`);
    render();
    try {
      const g = await api.move(id, move, game.ply, token);
      setHint('');
      settle(g);
    } catch (e) {
      busy = false;
      setHint(`Move refused: ${e instanceof ApiError ? e.message : String(e)}`, true);
      maker.reset(canPlay());
      render();
    }
  }

  // A new state from the server (an answer or a push). Older ones are ignored: an answer to a
  // move can arrive after the push of the AI's reply to it. Changes in one millisecond are
  // ordered by ply.
  // Returns whether anything changed (false also when `g` was older than what is shown).
  function accept(g: Game): boolean {
    if (game && (g.updated_ms < game.updated_ms || (g.updated_ms === game.updated_ms && g.ply < game.ply))) return false;
    const changed = !game || game.ply !== g.ply || game.status !== g.status || game.updated_ms !== g.updated_ms;
    const first = !game;
    // Everyone asked for a rematch after we did: go there.
    const rematchReady = !!game && !game.rematch_id && !!g.rematch_id && held().some((i) => game!.seats[i]?.rematch);
    game = g;
    receivedAt = Date.now();
    if (g.board) seen.set(g.ply, { ply: g.ply, board: g.board, lastMove: g.last_move, position: g.position });
    if (g.thinking) thinking = g.thinking;
    else if (changed) thinking = null;
    if (first) {
      title.textContent = GAME_TITLES[g.game] ?? g.game;
      document.title = `arbiter: ${GAME_TITLES[g.game] ?? g.game}`;
      // Seen from one's own side: a single seat that moves down the board is drawn flipped.
      const pref = getPref(`flip.${id}`, '');
      if (pref) flipped = pref === '1';
      else {
        const mine = held();
        const fwd = mine.length === 1 ? g.board?.players[mine[0]]?.forward : '';
        flipped = fwd === 'down';
      }
    }
    if (changed) {
      confirmResign = false;
      if (!busy) maker.reset(canPlay());
    }
    render();
    if (rematchReady) followRematch(g);
    return changed;
  }

  // After a request that changed the game: show what the server said, or (when a newer push
  // came first, while the request was in flight) start over from what is shown.
  function settle(g: Game): void {
    busy = false;
    if (!accept(g)) {
      maker.reset(canPlay());
      render();
    }
  }

  async function showPly(ply: number | null): Promise<void> {
    if (!game) return;
    if (ply === null || ply >= game.ply) {
      viewing = null;
      maker.reset(canPlay());
      render();
      return;
    }
    ply = Math.max(0, ply);
    maker.reset(false);
    let shown = seen.get(ply);
    if (!shown) {
      try {
        const g = await api.at(id, ply);
        if (g.ply === ply && g.board) {
          shown = { ply, board: g.board, lastMove: g.last_move, position: g.position };
          seen.set(ply, shown);
        }
      } catch {
        shown = undefined;
      }
    }
    if (!alive) return;
    if (!shown) {
      setHint('That position cannot be shown: the server did not send it.', true);
      return;
    }
    viewing = shown;
    setHint('');
    render();
  }

  async function act(what: 'undo' | 'resign' | 'rematch'): Promise<void> {
    if (!game) return;
    const token = what === 'resign' ? tokenFor(game.to_move) ?? anyToken() : anyToken();
    if (!token) return;
    busy = true;
    render();
    try {
      let g: Game;
      if (what === 'undo') g = await api.undo(id, token);
      else if (what === 'resign') {
        const seat = tokenFor(game.to_move) ? game.to_move : held()[0];
        g = await api.resign(id, token, seat);
      } else g = await api.rematch(id, token);
      setHint('');
      settle(g);
      if (what === 'rematch') followRematch(g);
    } catch (e) {
      busy = false;
      setHint(e instanceof ApiError ? e.message : String(e), true);
      render();
    }
  }

  // The rematch game: the same tokens are valid there. Seats rotate by one: new seat i is held
  // by whoever held old seat i + 1, so old seat j becomes new seat j − 1.
  function followRematch(g: Game): void {
    if (!g.rematch_id) return;
    const n = g.seats.length;
    const moved: Record<string, string> = {};
    for (const [seat, token] of Object.entries(tokens)) moved[String((Number(seat) + n - 1) % n)] = token;
    addTokens(g.rematch_id, g.game, moved);
    location.hash = `#/game/${encodeURIComponent(g.rematch_id)}`;
  }

  function render(): void {
    if (!alive) return;
    if (!game) return;
    const g = game;
    const shown: Shown = viewing ?? { ply: g.ply, board: g.board!, lastMove: g.last_move, position: g.position };

    // Banner: connection and seat.
    clear(banner);
    if (!connected) banner.append(h('div', { class: 'banner off' }, 'Connection lost: reconnecting…'));
    if (!held().length) banner.append(h('div', { class: 'banner' }, 'You are watching this game.'));

    // Status line.
    status.className = g.status === 'finished' ? 'status-line finished' : 'status-line';
    if (g.status === 'finished') status.textContent = g.result || 'The game is over.';
    else {
      const seat = g.seats[g.to_move];
      const who = seat?.player ?? '?';
      if (myTurn()) status.textContent = held().length > 1 ? `Your turn (${who})` : 'Your turn';
      else if (seat?.kind === 'ai') status.textContent = `${who} (AI level ${seat.level}) is thinking…`;
      else if (seat?.kind === 'open') status.textContent = `Waiting for someone to take the ${who} seat`;
      else status.textContent = `${who} to move`;
    }
    status.setAttribute('data-ply', String(g.ply));
    status.setAttribute('data-status', g.status);

    // Board.
    const live = !viewing;
    const interactive = live && g.status === 'playing';
    const drawn = live && maker.clicks.length >= 2 ? previewClicks(shown.board, maker.clicks, g.game) : shown.board;
    const svg = renderBoard(drawn, g.game, {
      lastMove: shown.lastMove,
      flipped: !!flipped,
      selected: live ? maker.clicks : [],
      targets: live && canPlay() ? maker.next : [],
      path: live && maker.clicks.length ? maker.path : undefined,
      onClick: interactive ? (name) => void onBoardClick(name) : undefined,
    });
    clear(boardWrap);
    boardWrap.append(svg);
    // For tests and styling: the clicks so far, and whether an answer is awaited.
    boardWrap.setAttribute('data-ply', String(shown.ply));
    boardWrap.setAttribute('data-clicks', live ? maker.clicks.join(',') : '');
    boardWrap.toggleAttribute('data-busy', busy || maker.loading);

    // Choices: complete moves that could go on, or a move that needs no click (pass).
    clear(choices);
    if (live && canPlay()) {
      for (const m of maker.choices) choices.append(h('button', { class: 'primary', 'data-move': m.text, onclick: () => maker.play(m) }, `Play ${m.text}`));
      for (const m of maker.clicklessMoves) choices.append(h('button', { class: 'primary', 'data-move': m.text, onclick: () => maker.play(m) }, m.text === 'pass' ? 'Pass (no legal move)' : `Play ${m.text}`));
      if (maker.clicks.length) choices.append(h('button', { onclick: () => { maker.cancel(); setHint(''); } }, 'Cancel'));
    }
    hint.textContent = hintText;
    hint.className = hintError ? 'hint error' : 'hint';

    // Controls.
    clear(controls);
    const mine = held();
    const othersAi = g.seats.every((s, i) => s.kind === 'ai' || mine.includes(i));
    if (g.status === 'playing' && mine.length && othersAi) {
      controls.append(h('button', { id: 'undo', disabled: busy || g.ply === 0, onclick: () => void act('undo') }, 'Undo'));
    }
    if (g.status === 'playing' && mine.length) {
      controls.append(
        confirmResign
          ? h('button', { id: 'resign', class: 'primary', disabled: busy, onclick: () => void act('resign') }, 'Really resign?')
          : h('button', { id: 'resign', disabled: busy, onclick: () => { confirmResign = true; render(); } }, 'Resign'),
      );
    }
    if (g.status === 'finished' && mine.length) {
      if (g.rematch_id) controls.append(h('button', { id: 'rematch', class: 'primary', onclick: () => followRematch(g) }, 'Go to the rematch'));
      else {
        const asked = mine.some((i) => g.seats[i]?.rematch);
        controls.append(h('button', { id: 'rematch', disabled: busy || asked, onclick: () => void act('rematch') }, asked ? 'Rematch asked: waiting' : 'Rematch'));
      }
    } else if (g.rematch_id) {
      controls.append(h('a', { class: 'button', href: `#/game/${encodeURIComponent(g.rematch_id)}` }, 'Watch the rematch'));
    }
    controls.append(
      h('button', { id: 'flip', onclick: () => { flipped = !flipped; setPref(`flip.${id}`, flipped ? '1' : '0'); render(); } }, 'Flip board'),
      h('button', {
        id: 'copy-position',
        onclick: (ev: Event) => {
          const b = ev.currentTarget as HTMLButtonElement;
          void copyText(shown.position).then((ok) => { b.textContent = ok ? 'Copied' : 'Copy failed'; window.setTimeout(() => { b.textContent = 'Copy position'; }, 1500); });
        },
      }, 'Copy position'),
      h('a', { class: 'button', id: 'record', href: api.recordUrl(id), download: `${g.game}-${id}.txt` }, 'Download record'),
    );

    // Players.
    clear(players);
    g.seats.forEach((seat, i) => {
      const vp = shown.board.players[i];
      const toMove = g.status === 'playing' && g.to_move === i && live;
      const running = g.status === 'playing' && g.to_move === i && seat.kind !== 'open' ? Date.now() - receivedAt : 0;
      const kind = mine.includes(i) ? 'you' : seat.kind === 'ai' ? `AI level ${seat.level}` : seat.kind === 'open' ? 'open seat' : 'player';
      const ret = g.status === 'finished' ? g.returns[i] : undefined;
      players.append(
        h('li', { class: toMove ? 'to-move' : '', 'data-seat': i },
          h('span', { class: 'swatch', style: `background:${pieceFill(vp?.colour ?? '')}` }),
          h('span', { class: 'who' }, seat.player),
          h('span', { class: mine.includes(i) ? 'tag you' : 'tag' }, kind),
          h('span', { class: 'summary' }, vp?.summary ?? ''),
          ret !== undefined ? h('span', { class: 'tag' }, ret > 0 ? 'won' : ret < 0 ? 'lost' : 'draw') : null,
          h('span', { class: 'clock', 'data-clock': i }, clock(seat.time_used_ms + running))),
      );
    });
    if (g.board && g.board.walls_left >= 0 && g.game === 'trap') players.append(h('li', { class: 'muted small' }, `Walls left in the pile: ${shown.board.walls_left}`));

    renderThinking();

    // Invites for open seats.
    clear(invites);
    g.seats.forEach((seat, i) => {
      if (seat.kind !== 'open' || g.status !== 'playing') return;
      const link = `${location.origin}/#/join/${encodeURIComponent(id)}/${i}`;
      const input = h('input', { type: 'text', readonly: true, value: link, 'data-invite': i });
      input.addEventListener('focus', () => input.select());
      invites.append(
        h('div', { class: 'invite' },
          h('span', null, `Invite for ${seat.player}:`), input,
          h('button', { onclick: (ev: Event) => { const b = ev.currentTarget as HTMLButtonElement; void copyText(link).then((ok) => { b.textContent = ok ? 'Copied' : 'Copy failed'; }); } }, 'Copy link'),
          mine.length ? null : h('a', { class: 'button primary', href: `#/join/${encodeURIComponent(id)}/${i}` }, `Join as ${seat.player}`)),
      );
    });

    // Move list and replay.
    clear(movesBox);
    const at = shown.ply;
    movesBox.append(h('span', { class: `mv${at === 0 ? ' on' : ''}`, 'data-ply': 0, onclick: () => void showPly(0) }, 'start'));
    g.moves.forEach((m, i) => {
      movesBox.append(
        h('span', { class: `mv${at === i + 1 ? ' on' : ''}`, 'data-ply': i + 1, title: `after move ${i + 1}`, onclick: () => void showPly(i + 1) },
          h('span', { class: 'num' }, `${i + 1}.`), ' ', m),
      );
    });
    const on = movesBox.querySelector('.mv.on');
    if (on && live) movesBox.scrollTop = movesBox.scrollHeight;
    clear(replay);
    const range = h('input', { type: 'range', min: 0, max: g.moves.length, value: at, 'aria-label': 'position in the game' });
    range.addEventListener('input', () => void showPly(Number(range.value)));
    replay.append(
      h('button', { title: 'start', disabled: at === 0, onclick: () => void showPly(0) }, '«'),
      h('button', { title: 'back', disabled: at === 0, onclick: () => void showPly(at - 1) }, '‹'),
      range,
      h('button', { title: 'forward', disabled: live, onclick: () => void showPly(at + 1) }, '›'),
      h('button', { title: 'live', disabled: live, onclick: () => void showPly(null) }, '»'),
      h('span', { class: 'muted small' }, viewing ? `move ${at} of ${g.moves.length}` : g.moves.length === 1 ? '1 move' : `${g.moves.length} moves`),
    );
    position.textContent = shown.position;
  }

  // The AI's latest progress: depth, evaluation, nodes and best line.
  function renderThinking(): void {
    const t = thinking;
    const g = game;
    if (g && t && g.status === 'playing' && t.seat === g.to_move) {
      thinkingLine.textContent = `${g.seats[t.seat]?.player ?? 'AI'}: depth ${t.depth} · eval ${scoreText(t.score)} · ${nodesText(t.nodes)} nodes · ${(t.pv ?? []).join(' ')}`;
    } else thinkingLine.textContent = '';
  }

  async function onBoardClick(name: string): Promise<void> {
    if (!game) return;
    if (!canPlay()) {
      if (!busy) setHint(explain(name, []), true);
      return;
    }
    await maker.click(name);
  }

  function onKey(ev: KeyboardEvent): void {
    if (ev.key === 'Escape') {
      maker.cancel();
      setHint('');
    } else if (ev.key === 'ArrowLeft' && game && !(ev.target instanceof HTMLInputElement)) {
      void showPly((viewing?.ply ?? game.ply) - 1);
    } else if (ev.key === 'ArrowRight' && game && viewing && !(ev.target instanceof HTMLInputElement)) {
      void showPly(viewing.ply + 1);
    }
  }
  document.addEventListener('keydown', onKey);

  const socket = new Live(id, {
    state: (g) => accept(g),
    thinking: (t) => {
      thinking = t;
      renderThinking();
    },
    error: (message) => setHint(message, true),
    connection: (up) => {
      connected = up;
      if (up && game) {
        // After a drop the server sends the state again; fetch it too in case that is late.
        api.get(id).then((g) => accept(g), () => undefined);
      }
      render();
    },
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible') socket.nudge();
  };
  document.addEventListener('visibilitychange', onVisible);
  const tick = window.setInterval(() => {
    if (!game || game.status !== 'playing') return;
    const el = players.querySelector(`[data-clock="${game.to_move}"]`);
    const seat = game.seats[game.to_move];
    if (el && seat && seat.kind !== 'open') el.textContent = clock(seat.time_used_ms + Date.now() - receivedAt);
  }, 1000);

  api.get(id).then(
    (g) => accept(g),
    (e) => {
      if (game) return;
      clear(app);
      app.append(h('h1', null, 'Game not found'), h('p', { class: 'error' }, e instanceof ApiError ? e.message : String(e)), h('p', null, h('a', { href: '#/' }, 'Home')));
    },
  );

  return () => {
    alive = false;
    socket.close();
    window.clearInterval(tick);
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('visibilitychange', onVisible);
    tokens = {};
  };
}
