// Puzzles (#/puzzles, #/puzzles/ID; docs/api.md "Puzzles"): a position where one move keeps a
// decisive advantage, seen from the solver's side. The move is found by clicking, as in a game
// (play/clicks.ts, through the puzzle's own legal endpoint); the other seats' replies slide in
// and the line goes on until it is won. A wrong move fails the puzzle and shows the right one;
// the end shows the rating change and the next puzzle. The server checks every move: this page
// never knows the solution before the end. A failed puzzle shows the wrong move on the board,
// the solution at a button's press, and can be tried again (unrated then: the server rates a
// puzzle once per solver).

import { ApiError, type BoardView, type LastMove } from '../api';
import type { MoveRoute } from '../board/motion';
import { turnsFor } from '../board/orientation';
import { previewChanges } from '../board/preview';
import { renderBoard } from '../board/render';
import { catalogNow, gameEntry, gameTitle } from '../catalog';
import { clear, h } from '../dom';
import { serverText, t } from '../i18n';
import { MoveMaker } from '../play/clicks';
import { onReachableAgain } from '../reachable';
import { puzzleApi, type AttemptAnswer, type Puzzle, type SolverRating } from '../puzzles/puzzle_api';
import { confirmMoves, getPref, setPref } from '../storage';

type State = 'loading' | 'solving' | 'checking' | 'solved' | 'failed' | 'empty';

export function puzzlesPage(app: HTMLElement, id: string): () => void {
  let alive = true;
  let game = getPref('puzzles.game', '') || catalogNow()?.games[0]?.name || '';
  let puzzle: Puzzle | null = null;
  let rating: SolverRating | null = null;
  let state: State = 'loading';
  let played: string[] = []; // the line so far: the solver's moves and the replies
  let mine: string[] = []; // the solver's moves
  let board: BoardView | null = null;
  let lastMove: LastMove | null = null;
  let motion: { before?: BoardView; move: MoveRoute; at: number; ms: number } | null = null;
  let answer: AttemptAnswer | null = null;
  let wrong: LastMove | null = null; // failed: the solver's move that was not the line's
  let showing: 'mine' | 'solution' = 'mine'; // failed: the board after which of the two
  let message = '';
  let messageError = false;
  let boardKey = '';

  const picker = h('select', { id: 'puzzle-game', name: 'game', 'aria-label': t('puzzles.game') });
  picker.addEventListener('change', () => {
    game = picker.value;
    setPref('puzzles.game', game);
    void load(null);
  });
  const ratingLine = h('div', { class: 'muted', id: 'puzzle-rating' });
  const status = h('div', { class: 'status-line', id: 'puzzle-status' });
  const about = h('div', { class: 'muted', id: 'puzzle-about' });
  const boardWrap = h('div', { class: 'board-wrap', id: 'puzzle-board' });
  const hint = h('div', { class: 'hint', id: 'puzzle-hint', 'aria-live': 'polite' });
  const choices = h('div', { class: 'choices', id: 'puzzle-choices' });
  const result = h('div', { id: 'puzzle-result' });
  app.append(
    h('div', { class: 'game', id: 'puzzle' },
      h('div', { class: 'game-head' }, h('h1', null, t('puzzles.title')), h('label', null, t('puzzles.game'), ' ', picker), ratingLine, status),
      h('div', { class: 'game-board' }, boardWrap),
      h('div', { class: 'game-act' }, hint, choices, result, about)),
  );
  document.title = t('puzzles.page_title');

  const maker = new MoveMaker((clicks) => puzzleApi.legal(puzzle!.id, played, clicks), {
    changed: () => render(),
    send: (move) => void send(move),
    confirming: () => confirmMoves(),
    hint: (text, error) => setMessage(text, error),
    explain: (name, clicks) => explain(name, clicks),
  });

  function setMessage(text: string, error = false): void {
    message = text;
    messageError = error;
    render();
  }

  function explain(_name: string, clicks: string[]): string {
    const entry = puzzle ? gameEntry(puzzle.game) : undefined;
    if (!entry || !puzzle) return '';
    return clicks.length
      ? serverText('hint', `${puzzle.game}.bad_target`, entry.hints.bad_target)
      : serverText('hint', `${puzzle.game}.empty_cell`, entry.hints.empty_cell);
  }

  // Shows `p` from its start.
  function start(p: Puzzle): void {
    puzzle = p;
    game = p.game;
    played = [];
    mine = [];
    board = p.board;
    lastMove = null;
    motion = null;
    answer = null;
    wrong = null;
    showing = 'mine';
    state = 'solving';
    message = '';
    history.replaceState(null, '', `#/puzzles/${p.id}`);
    maker.reset(true);
    render();
  }

  // The puzzle `which` (an id), or the next one of the game chosen.
  let asked: string | null = null; // the last load's `which`
  async function load(which: string | null): Promise<void> {
    asked = which;
    state = 'loading';
    maker.reset(false);
    render();
    try {
      if (which) {
        const [one, mineNow] = await Promise.all([puzzleApi.get(which), puzzleApi.rating()]);
        if (!alive) return;
        rating = mineNow.rating;
        start(one.puzzle);
      } else {
        const next = await puzzleApi.next(game);
        if (!alive) return;
        rating = next.rating;
        start(next.puzzle);
      }
    } catch (e) {
      if (!alive) return;
      puzzle = null;
      state = 'empty';
      const none = e instanceof ApiError && e.status === 404 && !which;
      message = none ? t('puzzles.none', { game: gameTitle(game) }) : t('puzzles.load_failed', { error: e instanceof Error ? e.message : String(e) });
      messageError = !none;
      render();
    }
  }

  async function send(move: string): Promise<void> {
    if (!puzzle || !board) return;
    const p = puzzle;
    const after = previewChanges(board, maker.changes); // the board the solver's move leaves
    const route = [...maker.path];
    state = 'checking';
    message = t('puzzles.checking', { move });
    render();
    let a: AttemptAnswer;
    try {
      a = await puzzleApi.attempt(p.id, [...mine, move]);
    } catch (e) {
      if (!alive || puzzle !== p) return;
      state = 'solving';
      maker.reset(true);
      setMessage(t('puzzles.refused', { error: e instanceof Error ? e.message : String(e) }), true);
      return;
    }
    if (!alive || puzzle !== p) return;
    answer = a;
    mine = [...mine, move];
    played = a.played;
    message = '';
    messageError = false;
    if (a.result === 'continue') {
      // The replies are played in: the last one slides from the board the solver's move left.
      const reply = a.replies[a.replies.length - 1];
      board = a.board;
      lastMove = reply ?? null;
      motion = reply ? { before: after, move: { path: reply.path, cells: reply.cells }, at: performance.now(), ms: 0 } : null;
      state = 'solving';
      message = t('puzzles.right');
      maker.reset(true);
    } else {
      state = a.result;
      if (a.rating) rating = a.rating;
      // A failure shows the wrong move first (the board after it, its route marked).
      wrong = a.result === 'failed' ? { text: move, path: route, cells: route } : null;
      showing = 'mine';
      board = a.board;
      lastMove = wrong;
      motion = null;
      maker.reset(false);
    }
    render();
  }

  // Failed: the board after the solver's move, or after the line's move in its place.
  function show(which: 'mine' | 'solution'): void {
    if (!answer) return;
    showing = which;
    board = which === 'solution' ? answer.solution_board ?? answer.board : answer.board;
    lastMove = which === 'solution' ? answer.expected_move ?? null : wrong;
    render();
  }

  const wrongText = () => t('puzzles.wrong', { played: wrong?.text ?? '', move: answer?.expected ?? '' });
  // "+12", "−12" (a minus sign), "±0".
  const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

  function statusText(): string {
    if (!puzzle) return state === 'loading' ? t('app.loading') : '';
    const player = serverText('seat', puzzle.player, puzzle.player);
    switch (state) {
      case 'solving':
      case 'checking':
        return played.length ? t('puzzles.find_next', { player }) : t('puzzles.find', { player, count: puzzle.moves });
      case 'solved':
        return t('puzzles.solved');
      case 'failed':
        return wrongText();
      default:
        return '';
    }
  }

  function render(): void {
    if (!alive) return;
    // The game picker, from the catalog.
    if (!picker.options.length) {
      for (const g of catalogNow()?.games ?? []) picker.append(h('option', { value: g.name }, gameTitle(g.name)));
    }
    picker.value = game;
    ratingLine.textContent = rating
      ? `${t(rating.provisional ? 'puzzles.rating_provisional' : 'puzzles.rating', { rating: rating.rating })} · ${t('puzzles.record', { solved: rating.solved, failed: rating.failed })}`
      : '';
    if (rating) ratingLine.setAttribute('data-rating', String(rating.rating));
    status.textContent = statusText();
    status.setAttribute('data-state', state);
    about.textContent = puzzle ? t('puzzles.about', { id: puzzle.id, rating: puzzle.rating }) : '';
    hint.textContent = message;
    hint.className = messageError ? 'hint error' : 'hint';
    renderBoardView();

    clear(choices);
    if (state === 'solving') {
      const pending = maker.pending;
      if (pending) choices.append(h('button', { id: 'confirm-move', class: 'primary', 'data-move': pending.text, onclick: () => maker.play(pending) }, t('game.play_move', { move: pending.text })));
      for (const m of maker.choices) choices.append(h('button', { class: 'primary', 'data-move': m.text, onclick: () => maker.play(m) }, t('game.play_move', { move: m.text })));
      for (const m of maker.clicklessMoves) choices.append(h('button', { class: 'primary', 'data-move': m.text, onclick: () => maker.play(m) }, m.text === 'pass' ? t('game.pass') : t('game.play_move', { move: m.text })));
      if (maker.clicks.length) choices.append(h('button', { onclick: () => { maker.cancel(); setMessage(''); } }, t('common.cancel')));
    }

    clear(result);
    if ((state === 'solved' || state === 'failed') && answer) {
      const change = answer.rating_change ?? 0;
      const failed = state === 'failed';
      const p = puzzle;
      result.append(
        h('div', { class: failed ? 'game-over failed' : 'game-over', id: 'puzzle-end', 'data-result': state },
          h('strong', null, failed ? wrongText() : t('puzzles.solved')),
          h('p', { id: 'puzzle-solution' }, t('puzzles.solution', { moves: (answer.solution ?? []).join(' ') })),
          h('p', { id: 'puzzle-change', 'data-change': change },
            answer.rated ? t('puzzles.rating_change', { change: signed(change) }) : t('puzzles.unrated')),
          h('div', { class: 'puzzle-end-actions' },
            failed && p ? h('button', { id: 'puzzle-retry', onclick: () => start(p) }, t('puzzles.retry')) : null,
            failed ? h('button', { id: 'puzzle-show', onclick: () => show(showing === 'mine' ? 'solution' : 'mine') },
              showing === 'mine' ? t('puzzles.show_solution') : t('puzzles.show_mine')) : null,
            h('button', { id: 'puzzle-next', class: 'primary', onclick: () => void load(null) }, t('puzzles.next')))));
    } else if (state === 'empty') {
      result.append(h('button', { id: 'puzzle-next', onclick: () => void load(null) }, t('puzzles.next')));
    }
  }

  // The board: redrawn only when what it shows changed (a redraw mid-reply goes on with the
  // motion where it was).
  function renderBoardView(): void {
    if (!puzzle || !board) {
      clear(boardWrap);
      boardKey = '';
      return;
    }
    const p = puzzle;
    const solving = state === 'solving' || state === 'checking';
    const clicks = solving ? maker.clicks : [];
    const targets = state === 'solving' ? maker.next : [];
    const path = clicks.length ? maker.path : undefined;
    if (motion && motion.ms && performance.now() - motion.at > motion.ms) motion = null;
    const key = JSON.stringify([p.id, played, state, lastMove, clicks, targets, path, motion?.at ?? null]);
    if (key !== boardKey) {
      boardKey = key;
      const drawn = clicks.length ? previewChanges(board, maker.changes) : board;
      const svg = renderBoard(drawn, p.game, {
        lastMove,
        turns: turnsFor(p.board.players[p.solver]?.forward ?? ''),
        selected: clicks,
        targets,
        path,
        motion: motion ? { before: motion.before, move: motion.move, elapsed: performance.now() - motion.at } : undefined,
        onClick: (name) => void onBoardClick(name),
      });
      if (motion && !motion.ms) motion.ms = Number(svg.getAttribute('data-motion-ms') ?? 0) + 50;
      clear(boardWrap);
      boardWrap.append(svg);
    }
    boardWrap.setAttribute('data-played', played.join(' '));
    if (state === 'failed') boardWrap.setAttribute('data-showing', showing);
    else boardWrap.removeAttribute('data-showing');
    boardWrap.toggleAttribute('data-busy', state === 'loading' || state === 'checking' || maker.loading);
  }

  async function onBoardClick(name: string): Promise<void> {
    if (state !== 'solving') return;
    await maker.click(name);
  }

  // Back from a lost connection: a puzzle that could not be loaded is asked for again, and a
  // move refused for it may be made again (the line so far stays).
  const stopWatching = onReachableAgain(() => {
    if (!messageError || !message.includes(t('api.unreachable'))) return;
    if (state === 'empty') void load(asked);
    else setMessage('');
  });

  void load(id || null);
  return () => {
    alive = false;
    stopWatching();
    maker.reset(false);
  };
}
