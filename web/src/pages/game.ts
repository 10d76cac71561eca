// A game: the board, moving by clicks, players and clocks, the AI's thinking, the move list with
// replay, and the actions (undo, resign, rematch, flip, copy, record, invite links).
// Beside the board (below it on a phone) stands everything the current decision needs: the
// status, the hint, the choices and the controls, so none of them falls below the fold.

import { GameAccess } from '../a11y/game_access';
import { api, ApiError, type BoardView, type Game, type Thinking } from '../api';
import type { MoveRoute } from '../board/motion';
import { normTurns, turnStep, turnsFor } from '../board/orientation';
import { previewChanges } from '../board/preview';
import { renderBoard } from '../board/render';
import { clear, h } from '../dom';
import { t } from '../i18n';
import { seatName, serverPhrase } from '../i18n/server_text';
import { MoveMaker } from '../play/clicks';
import { History, Playback, type Shown, shownOf } from '../play/history';
import { Live } from '../play/live';
import { accountSeats } from '../session';
import { addTokens, confirmMoves, coordsShown, getPref, setCoordsShown, setPref, tokensFor } from '../storage';
import { gameEntry, gameTitle } from '../catalog';
import { confirmSetting, controlItems, explainClick, statusText } from './game_controls';
import { lookSettings } from './game_look';
import { clock, seatClockMs, inviteRows, moveItems, playerRows, recordLink, replayBar, thinkingText } from './game_panel';
import { GameSignals } from './game_signals';

// Moves that arrive together are shown one after another, each played out along its route
// (board/motion.ts) with a short pause after it; a step whose motion is not drawn lasts kStepMs.
const kStepMs = 320;
const kGapMs = 80;

export function gamePage(app: HTMLElement, id: string): () => void {
  let game: Game | null = null;
  let receivedAt = 0; // when `game` arrived, for the running clock
  let tokens = tokensFor(id);
  let thinking: Thinking | null = null;
  let viewing: Shown | null = null; // an earlier position (replay), else null: live
  let connected = true;
  let turns = 0; // quarter turns the board is drawn with (board/orientation.ts)
  let coords: boolean | null = null; // the board's coordinates shown
  let hintText = '';
  let hintError = false;
  let busy = false; // a request that changes the game is in flight
  let confirmResign = false;
  // The move being played out on the board: another seat's move played back (`clicks` 0), or
  // the change of this browser's latest click; `at` is when it began (a redraw goes on from there).
  let motion: { ply: number; clicks: number; before?: BoardView; move: MoveRoute; at: number } | null = null;
  let motionMs = 0; // how long the motion last drawn takes
  let lastClicks = { ply: -1, n: 0 }; // the clicks the board last showed
  const signals = new GameSignals(id);
  let boardKey = ''; // what the board on show was drawn from
  let alive = true;
  let socket: Live | null = null;
  let loadFailed = false; // the first fetch of the game failed: its error goes when a state comes

  // Layout: board, then the decision (head and actions), then the side cards; redrawn by render().
  const title = h('h1', { id: 'title' }, t('common.game'));
  const banner = h('div', { id: 'banner' });
  const status = h('div', { class: 'status-line', id: 'status' });
  const boardWrap = h('div', { class: 'board-wrap', id: 'board' });
  const notice = h('div', { id: 'notice' });
  const hint = h('div', { class: 'hint', id: 'hint', 'aria-live': 'polite' });
  const choices = h('div', { class: 'choices', id: 'choices' });
  const controls = h('div', { class: 'controls', id: 'controls' });
  const settings = h('div', { class: 'settings', id: 'settings' });
  const players = h('ul', { class: 'players', id: 'players' });
  const thinkingLine = h('div', { class: 'thinking', id: 'thinking' });
  const invites = h('div', { id: 'invites' });
  const movesBox = h('div', { class: 'moves', id: 'moves' });
  const replay = h('div', { class: 'replay', id: 'replay' });
  const position = h('div', { class: 'position-text', id: 'position' });
  // Keyboard play and screen readers: the board's cursor, the typed move, the live region, the
  // board as text (a11y/game_access.ts).
  const access = new GameAccess(boardWrap, {
    click: (name) => void onBoardClick(name),
    cancel: () => {
      maker.cancel();
      setHint('');
    },
    send: (move) => void sendMove(move),
    canPlay: () => canPlay(),
    refuse: () => {
      if (!busy) setHint(explain('', []), true);
    },
    movesBeginning: (prefix) => api.legalPrefix(id, prefix),
  });
  app.append(access.announcer.element);
  app.append(
    h('div', { class: 'game' },
      h('div', { class: 'game-head' }, title, banner, status),
      h('div', { class: 'game-board' }, boardWrap, access.under),
      h('div', { class: 'game-act' }, notice, hint, choices, controls, settings, access.act),
      h('div', { class: 'game-side' },
        h('div', { class: 'card' }, h('h2', { class: 'card-title' }, t('game.players')), players, thinkingLine, invites),
        h('div', { class: 'card' }, h('h2', { class: 'card-title' }, t('game.moves')), movesBox, replay,
          h('details', { class: 'position-box', id: 'position-box' }, h('summary', { class: 'small muted' }, t('look.position_text')), position)))),
  );

  const maker = new MoveMaker(id, {
    changed: () => render(),
    send: (move) => void sendMove(move),
    confirming: () => confirmMoves(),
    hint: (text, error) => setHint(text, error),
    explain: (name, clicks) => explain(name, clicks),
  });
  const history = new History(id, () => render());
  // The live board catches up with the game one move of another seat at a time.
  const playback = new Playback(
    kStepMs,
    kGapMs,
    () => game?.ply ?? 0,
    (ply) => {
      const seat = history.moverOf(ply);
      return seat !== undefined && !held().includes(seat) && !!history.get(ply)?.lastMove;
    },
    (ply, animate) => {
      const after = history.get(ply);
      // A move shown at once leaves the motion of this browser's own last click alone.
      if (animate && after?.lastMove) motion = { ply, clicks: 0, before: history.get(ply - 1)?.board, move: after.lastMove, at: performance.now() };
      else if (!motion?.clicks) motion = null;
      motionMs = 0;
      render();
      return motionMs;
    },
  );

  function setHint(text: string, error = false): void {
    hintText = text;
    hintError = error;
    hint.textContent = text;
    hint.className = error ? 'hint error' : 'hint';
  }

  // The seats this browser holds (by a stored token, or by the logged-in account), and the token
  // to act with for `seat`: "" for an account's seat, so the request goes with no Bearer header
  // and the session cookie speaks for it. undefined: not this browser's seat.
  const mineByAccount = (): number[] => (game ? accountSeats(game) : []);
  const held = (): number[] => {
    const byToken = Object.keys(tokens).map(Number).filter((n) => !Number.isNaN(n));
    return [...new Set([...byToken, ...mineByAccount()])].sort((a, b) => a - b);
  };
  const tokenFor = (seat: number): string | undefined => tokens[String(seat)] ?? (mineByAccount().includes(seat) ? '' : undefined);
  const anyToken = (): string | undefined => Object.values(tokens)[0] ?? (mineByAccount().length ? '' : undefined);
  const myTurn = (): boolean => !!game && game.status === 'playing' && tokenFor(game.to_move) !== undefined;
  const canPlay = (): boolean => myTurn() && !viewing && !busy;

  const explain = (name: string, clicks: string[]): string =>
    game ? explainClick(game, { viewing: !!viewing, mine: held(), myTurn: myTurn() }, name, clicks) : '';

  async function sendMove(move: string): Promise<void> {
    if (!game) return;
    const token = tokenFor(game.to_move);
    if (token === undefined) return;
    busy = true;
    setHint(t('game.playing_move', { move }));
    render();
    try {
      const g = await api.move(id, move, game.ply, token);
      setHint('');
      settle(g);
    } catch (e) {
      busy = false;
      setHint(t('game.move_refused', { error: e instanceof ApiError ? e.message : String(e) }), true);
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
    if (game && g.ply < game.ply) history.forgetAfter(g.ply);
    // Everyone asked for a rematch after we did: go there.
    const rematchReady = !!game && !game.rematch_id && !!g.rematch_id && held().some((i) => game!.seats[i]?.rematch);
    game = g;
    receivedAt = Date.now();
    const shown = shownOf(g);
    if (shown) history.put(shown);
    if (g.thinking) thinking = g.thinking;
    else if (changed) thinking = null;
    if (first) {
      title.textContent = gameTitle(g.game);
      signals.setTitle(t('title.named', { name: gameTitle(g.game) }));
      // Seen from one's own side: a single seat is drawn moving up the board, its start at the
      // bottom (turned a quarter for a side seat of a square board, a half for the far one).
      const pref = getPref(`turn.${id}`, '') || ({ '1': '2', '0': '0' } as Record<string, string>)[getPref(`flip.${id}`, '')];
      if (pref) turns = normTurns(Number(pref));
      else {
        const mine = held();
        turns = mine.length === 1 ? turnsFor(g.board?.players[mine[0]]?.forward ?? '') : 0;
      }
      // Coordinates unless chosen otherwise: along the edges of square boards; a hex field's
      // names would fill every cell, so there a hovered cell is named instead.
      coords = coordsShown(g.board?.shape !== 'hex');
    }
    if (changed) {
      confirmResign = false;
      if (!busy) maker.reset(canPlay());
    }
    if (playback.running) render();
    playback.follow(); // renders
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
      setHint('');
      maker.reset(canPlay());
      render();
      return;
    }
    ply = Math.max(0, ply);
    maker.reset(false);
    const shown = await history.fetch(ply, true);
    if (!alive) return;
    if (!shown) {
      setHint(t('game.cannot_show'), true);
      return;
    }
    viewing = shown;
    setHint('');
    render();
  }

  // An offer, its answer or a claim (docs/online.md); the answer is the new game object.
  async function offer(call: () => Promise<Game>): Promise<void> {
    if (!game || anyToken() === undefined) return;
    busy = true;
    render();
    try {
      const g = await call();
      setHint('');
      settle(g);
    } catch (e) {
      busy = false;
      setHint(e instanceof ApiError ? e.message : String(e), true);
      render();
    }
  }

  async function act(what: 'undo' | 'resign' | 'abort' | 'rematch'): Promise<void> {
    if (!game) return;
    const token = what === 'resign' ? tokenFor(game.to_move) ?? anyToken() : anyToken();
    if (token === undefined) return;
    busy = true;
    render();
    try {
      let g: Game;
      if (what === 'undo') g = await api.undo(id, token);
      else if (what === 'abort') g = await api.abort(id, token);
      else if (what === 'resign') {
        const seat = tokenFor(game.to_move) !== undefined ? game.to_move : held()[0];
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
    if (!alive || !game) return;
    const g = game;
    const current = shownOf(g)!;
    // While moves are played back the board shows an earlier ply, then the live one while its
    // move slides in; nothing can be clicked until that is done.
    const catchingUp = !viewing && playback.shown >= 0 && playback.shown < g.ply;
    const settling = !viewing && (catchingUp || playback.running);
    const shown: Shown = viewing ?? (catchingUp ? history.get(playback.shown) ?? current : current);
    const live = !viewing;
    const mine = held();

    // Banner: connection and seat.
    clear(banner);
    if (!connected) banner.append(h('div', { class: 'banner off' }, t('game.connection_lost')));
    if (!mine.length) banner.append(h('div', { class: 'banner' }, t('common.watching'), ' ', h('a', { id: 'watch-analyse', href: `#/analysis/${encodeURIComponent(id)}` }, t('analysis.analyse'))));

    // Status line.
    status.className = g.status === 'finished' ? 'status-line finished' : 'status-line';
    status.textContent = statusText(g, mine, myTurn());
    status.setAttribute('data-ply', String(g.ply));
    status.setAttribute('data-status', g.status);

    access.follow({ game: g, shownPly: shown.ply, live, status: status.textContent ?? '', mover: (p) => moverName(g, p) });
    renderBoardView(g, shown, live, settling, mine);
    signals.update({ game: g, title: gameTitle(g.game), shown, before: history.get(shown.ply - 1), live, settled: !settling, myTurn: myTurn(), mine });

    // Replay: how to get back to the live position.
    clear(notice);
    // The game is over: its result, and what next.
    if (g.status === 'finished' && !viewing) {
      notice.append(
        h('div', { class: 'game-over', id: 'game-over' },
          h('strong', null, serverPhrase(g.result) || t('common.game_over')),
          mine.length && !g.rematch_id ? h('button', { id: 'over-rematch', class: 'primary', disabled: busy || mine.some((i) => g.seats[i]?.rematch), onclick: () => void act('rematch') }, t('game.rematch')) : null,
          g.rematch_id ? h('button', { class: 'primary', onclick: () => followRematch(g) }, t('game.go_rematch')) : null,
          h('a', { class: 'button', id: 'over-new', href: '#/' }, t('home.new_game')),
          h('button', { id: 'over-review', disabled: g.moves.length === 0, onclick: () => void showPly(0) }, t('game.review')),
          h('a', { class: 'button', id: 'over-analyse', href: `#/analysis/${encodeURIComponent(id)}` }, t('analysis.analyse')),
          g.moves.length ? h('a', { class: 'button', id: 'over-engine-review', href: `#/analysis/${encodeURIComponent(id)}?review=1` }, t('analysis.engine_review')) : null));
    }
    if (viewing) {
      const what = shown.ply === 0 ? t('game.replay_start', { total: g.moves.length }) : t('game.replay_move', { n: shown.ply, total: g.moves.length });
      notice.append(
        h('div', { class: 'banner', id: 'replay-notice' },
          t('game.replaying', { what }), ' ',
          h('button', { id: 'back-live', class: 'primary', onclick: () => void showPly(null) }, t('game.live'))),
      );
    }

    // Choices: a move awaiting confirm, complete moves that could go on, or a move that needs no
    // click (pass).
    clear(choices);
    if (live && canPlay() && !settling) {
      const pending = maker.pending;
      if (pending) choices.append(h('button', { id: 'confirm-move', class: 'primary', 'data-move': pending.text, onclick: () => maker.play(pending) }, t('game.play_move', { move: pending.text })));
      for (const m of maker.choices) choices.append(h('button', { class: 'primary', 'data-move': m.text, onclick: () => maker.play(m) }, t('game.play_move', { move: m.text })));
      for (const m of maker.clicklessMoves) choices.append(h('button', { class: 'primary', 'data-move': m.text, onclick: () => maker.play(m) }, m.text === 'pass' ? t('game.pass') : t('game.play_move', { move: m.text })));
      if (maker.clicks.length) choices.append(h('button', { onclick: () => { maker.cancel(); setHint(''); } }, t('common.cancel')));
    }
    hint.textContent = hintText;
    hint.className = hintError ? 'hint error' : 'hint';

    renderControls(g, shown, mine);

    clear(players);
    players.append(...playerRows(g, shown.board, mine, live, Date.now() - receivedAt));
    thinkingLine.textContent = thinkingText(game, thinking);
    clear(invites);
    invites.append(...inviteRows(g, id, mine));

    // Move list and replay.
    clear(movesBox);
    movesBox.append(...moveItems(g, shown.ply, (p) => void showPly(p)));
    if (live) movesBox.scrollTop = movesBox.scrollHeight;
    clear(replay);
    replay.append(...replayBar(g, shown.ply, live, (p) => void showPly(p)));
    position.textContent = shown.position;
  }

  // The board: redrawn only when what it shows changed (a redraw mid-move goes on with the
  // motion where it was).
  function renderBoardView(g: Game, shown: Shown, live: boolean, settling: boolean, mine: number[]): void {
    const clicks = live && !settling ? maker.clicks : [];
    const targets = live && !settling && canPlay() ? maker.next : [];
    const path = clicks.length ? maker.path : undefined;
    // Every move since this browser's own last one (at most a round), each in its seat's colour.
    const recent = live ? history.recent(shown.ply, mine, Math.max(1, g.seats.length - 1)) : [];
    // A click that moved a piece or placed a wall plays its change out: along the route to it
    // when the route runs from the piece's cell to where it lands.
    const change = maker.changes[clicks.length - 1];
    if (clicks.length === lastClicks.n + 1 && shown.ply === lastClicks.ply && change) {
      const route = path && path[0] === change.from && path[path.length - 1] === change.to ? path : [change.from, change.to];
      const move = { path: change.from ? route : [], cells: change.from ? route : [change.to] };
      motion = { ply: shown.ply, clicks: clicks.length, before: previewChanges(shown.board, maker.changes.slice(0, -1)), move, at: performance.now() };
    }
    lastClicks = { ply: shown.ply, n: clicks.length };
    // The motion goes on while its position is shown; a click's also once the server has taken
    // the move it completed (the board then shows the same position, one ply on).
    const m = motion;
    const moving = m && ((m.ply === shown.ply && m.clicks === clicks.length && (m.clicks > 0 || settling)) ||
      (m.clicks > 0 && m.ply + 1 === shown.ply && !clicks.length)) ? m : null;
    const clickable = g.status === 'playing' || !!viewing;
    const key = JSON.stringify([shown.ply, shown.position, shown.lastMove, clicks, targets, path, recent.map((m) => [m.ply, m.seat]), turns, coords, clickable, moving?.at ?? null]);
    let drawnSvg: SVGSVGElement | null = null;
    if (key !== boardKey) {
      boardKey = key;
      const drawn = clicks.length ? previewChanges(shown.board, maker.changes) : shown.board;
      const svg = renderBoard(drawn, g.game, {
        lastMove: shown.lastMove,
        turns,
        coords: coords ?? true,
        selected: clicks,
        targets,
        path,
        recent,
        motion: moving ? { before: moving.before, move: moving.move, elapsed: performance.now() - moving.at } : undefined,
        onClick: clickable ? (name) => void onBoardClick(name) : undefined,
      });
      if (moving) motionMs = Number(svg.getAttribute('data-motion-ms') ?? 0);
      if (moving && !moving.clicks) svg.setAttribute('data-slide', String(shown.ply));
      clear(boardWrap);
      boardWrap.append(svg);
      drawnSvg = svg;
    }
    // For tests and styling: the ply shown, the clicks so far, and whether anything is awaited
    // (an answer, or moves still being played back).
    boardWrap.setAttribute('data-ply', String(shown.ply));
    boardWrap.setAttribute('data-clicks', clicks.join(','));
    boardWrap.toggleAttribute('data-busy', busy || maker.loading || settling || history.loading);
    access.drawn(drawnSvg, {
      game: g, view: clicks.length ? previewChanges(shown.board, maker.changes) : shown.board, lastMove: shown.lastMove,
      selected: clicks, targets: targets.map((n) => n.click), flipped: normTurns(turns) === 2, mover: moverName(g, shown.ply),
      waiting: busy || maker.loading || settling,
    });
  }

  // The seat that made the move to `ply`, by name ('' when the position before it is not known).
  function moverName(g: Game, ply: number): string {
    const seat = history.moverOf(ply);
    const name = seat === undefined ? '' : g.seats[seat]?.player ?? '';
    return name ? seatName(name) : '';
  }

  function renderControls(g: Game, shown: Shown, mine: number[]): void {
    clear(controls);
    controls.append(
      ...controlItems({
        game: g,
        position: shown.position,
        mine,
        busy,
        confirmResign,
        undo: () => void act('undo'),
        resign: () => {
          if (confirmResign) void act('resign');
          else {
            confirmResign = true;
            render();
          }
        },
        abort: () => void act('abort'),
        rematch: () => void act('rematch'),
        followRematch: () => followRematch(g),
        draw: (action) => void offer(() => api.draw(id, anyToken()!, action)),
        takeback: (action) => void offer(() => api.takeback(id, anyToken()!, action)),
        claim: (result) => void offer(() => api.claim(id, anyToken()!, result)),
        hasDraws: gameEntry(g.game)?.draws ?? false,
        claimable: g.claim_at_ms !== null && g.claim_at_ms !== undefined && g.now_ms + (Date.now() - receivedAt) >= g.claim_at_ms,
        rotates: turnStep(g.board) === 1,
        flip: () => {
          turns = normTurns(turns + turnStep(g.board));
          setPref(`turn.${id}`, String(turns));
          render();
        },
      }),
      recordLink(id),
    );
    // The move confirm, for whoever plays here.
    clear(settings);
    if (g.status === 'playing' && mine.length) {
      settings.append(confirmSetting((on) => {
        if (!on && maker.pending) maker.play(maker.pending);
      }));
    }
    settings.append(...lookSettings({
      coords: coords ?? true,
      setCoords: (on) => {
        coords = on;
        setCoordsShown(on);
        render();
      },
      notifiable: g.status === 'playing' && mine.length > 0 && g.time_control.startsWith('corr'),
      hint: (text, error) => setHint(text, error),
    }));
  }

  async function onBoardClick(name: string): Promise<void> {
    if (!game) return;
    if (playback.running) playback.finish(); // a click skips the moves still being shown
    if (!canPlay()) {
      if (!busy) setHint(explain(name, []), true);
      return;
    }
    await maker.click(name);
  }

  function onKey(ev: KeyboardEvent): void {
    if (ev.target instanceof HTMLInputElement || !game) return;
    if (ev.key === 'Escape') {
      maker.cancel();
      setHint('');
    } else if (ev.key === 'ArrowLeft') void showPly((viewing?.ply ?? game.ply) - 1);
    else if (ev.key === 'ArrowRight' && viewing) void showPly(viewing.ply + 1);
    else if (ev.key === 'Home') void showPly(0);
    else if (ev.key === 'End' && viewing) void showPly(null);
  }
  document.addEventListener('keydown', onKey);

  // The live connection opens once the game is known to exist: an unknown game (404) ends the
  // page instead of reconnecting for ever.
  function connect(): void {
    let dropped = false;
    socket = new Live(id, {
      state: (g) => {
        if (loadFailed) {
          loadFailed = false;
          setHint('');
        }
        accept(g);
      },
      thinking: (t) => {
        thinking = t;
        thinkingLine.textContent = thinkingText(game, thinking);
      },
      error: (message) => setHint(message, true),
      connection: (up) => {
        connected = up;
        // Say which seats this browser holds: they count as present (claims, docs/online.md).
        if (up) for (const token of new Set(held().map((i) => tokenFor(i)).filter((t): t is string => !!t))) socket?.send({ type: 'hello', token });
        if (up && dropped) {
          // Back after a drop: errors of the outage are stale, the clicks start over, and the
          // state is fetched too in case the pushed one is late.
          if (hintError) setHint('');
          history.retry();
          if (!busy) maker.reset(canPlay());
          api.get(id).then((g) => accept(g), (e) => gone(e));
        }
        dropped = dropped || !up;
        render();
      },
    });
  }

  // Shows "no such game" and stops when the server says the game does not exist.
  function gone(e: unknown): boolean {
    if (!(e instanceof ApiError) || e.status !== 404) return false;
    socket?.close();
    clear(app);
    app.append(
      h('h1', null, t('game.no_such')),
      h('p', { class: 'error' }, e.message),
      h('p', null, h('a', { class: 'button primary', href: '#/' }, t('app.home'))),
    );
    document.title = t('title.no_game');
    return true;
  }

  const onVisible = () => {
    if (document.visibilityState === 'visible') socket?.nudge();
  };
  document.addEventListener('visibilitychange', onVisible);
  const tick = window.setInterval(() => {
    if (!game || game.status !== 'playing') return;
    const el = players.querySelector(`[data-clock="${game.to_move}"]`);
    const seat = game.seats[game.to_move];
    if (el && seat && seat.kind !== 'open') {
      const c = seatClockMs(game, game.to_move, Date.now() - receivedAt);
      el.textContent = clock(c.ms);
      el.classList.toggle('low', c.low);
      signals.clock(game.to_move, game.ply, c.low, held());
    }
    // A claim becomes possible while nothing changes: show its button then.
    if (game.claim_at_ms !== null && game.claim_at_ms !== undefined && !controls.querySelector('#claim') &&
        game.now_ms + (Date.now() - receivedAt) >= game.claim_at_ms) render();
  }, 250);

  api.get(id).then(
    (g) => {
      if (!alive) return;
      accept(g);
      connect();
    },
    (e) => {
      if (!alive || gone(e)) return;
      loadFailed = true;
      setHint(t('game.load_failed', { error: e instanceof ApiError ? e.message : String(e) }), true);
      connect(); // it arrives when the connection is up
    },
  );

  return () => {
    alive = false;
    socket?.close();
    playback.stop();
    signals.close();
    access.stop();
    window.clearInterval(tick);
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('visibilitychange', onVisible);
    tokens = {};
  };
}
