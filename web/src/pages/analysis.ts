// The analysis board, for any game (finished, or being played: for watchers, and for its players
// once it ends), a pasted position or a record:
//   #/analysis                      the form: paste a position, paste or upload a record
//   #/analysis/ID[?review=1]        a stored game (review=1: ask for its review at once)
//   #/analysis?game=G&params=P&position=TEXT[&moves=JSON]
// The engine's top lines for the position shown come live over the analysis socket and stop
// when the page is left; an evaluation bar per player; the evaluation graph of the game (click
// to go there); the review's marks in the move list; an arrow for the best move; moves played
// on the board become variations of a tree (the game never changes), with a way back to the
// main line. Modules: analysis/ (api, socket, tree, panels), board/arrows.ts.

import { api, ApiError, type Game } from '../api';
import { analysisApi, type LineSource, type LiveInfo, lineBody, type ReviewMove, type ReviewState } from '../analysis/analysis_api';
import { EngineSocket } from '../analysis/engine_socket';
import { evalBars } from '../analysis/eval_bar';
import { evalGraph } from '../analysis/eval_graph';
import { linesPanel } from '../analysis/lines_panel';
import { moveList } from '../analysis/move_list';
import { reviewPanel } from '../analysis/review_panel';
import { sourceForm } from '../analysis/source_form';
import { type TreeNode, VariationTree } from '../analysis/tree';
import { type BoardArrow, drawArrows } from '../board/arrows';
import { previewChanges } from '../board/preview';
import { renderBoard } from '../board/render';
import { gameTitle } from '../catalog';
import { clear, h } from '../dom';
import { t } from '../i18n';
import { MoveMaker } from '../play/clicks';
import { Live } from '../play/live';
import { explainClick } from '../game/controls';

const kLines = 3; // engine lines asked for

export function analysisPage(app: HTMLElement, hash: string): () => void {
  const [path, query] = hash.replace(/^#\/?/, '').split('?');
  const id = decodeURIComponent(path.split('/')[1] ?? '');
  const q = new URLSearchParams(query ?? '');
  document.title = t('title.analysis');
  if (!id && !q.get('game')) {
    app.append(h('h1', null, t('analysis.title_new')), sourceForm());
    return () => {};
  }

  let alive = true;
  const source: LineSource = id ? { id } : { game: q.get('game')!, params: q.get('params') ?? '', position: q.get('position') ?? '' };
  let stored: Game | null = null; // the stored game, when the line is one's
  let tree = new VariationTree([]);
  let current = tree.root;
  let shown: Game | null = null; // the position of `current`, once fetched
  const views = new Map<string, Game>(); // positions by their moves from the start
  let info: LiveInfo | null = null;
  let engineOn = true;
  let engineNote = '';
  const liveExpected = new Map<string, number[]>(); // the engine's latest, by position
  let review: ReviewState | null = null;
  let reviewError = '';
  let reviewBusy = false;
  let flipped = false;
  let hintText = '';
  let hintError = false;
  let boardKey = '';
  let movesKey = '';
  let treeVersion = 0; // bumped by every change of the tree's shape
  let live: Live | null = null;

  const title = h('h1', { id: 'title' }, t('analysis.title_new'));
  const banner = h('div', { id: 'analysis-banner' });
  const bars = h('div', { class: 'eval-bars-wrap' });
  const boardWrap = h('div', { class: 'board-wrap', id: 'analysis-board' });
  const hint = h('div', { class: 'hint', id: 'hint', 'aria-live': 'polite' });
  const controls = h('div', { class: 'controls', id: 'analysis-controls' });
  const engineBox = h('div');
  const graphBox = h('div', { class: 'eval-graph-wrap', id: 'eval-graph' });
  const movesBox = h('div');
  const reviewBox = h('div');
  app.append(
    h('div', { class: 'analysis' },
      h('div', { class: 'game-head' }, title, banner),
      h('div', { class: 'analysis-main' }, bars, boardWrap, hint, controls),
      h('div', { class: 'analysis-side' },
        h('div', { class: 'card' }, h('h3', null, t('analysis.engine')), engineBox),
        h('div', { class: 'card' }, h('h3', null, t('analysis.graph')), graphBox),
        h('div', { class: 'card' }, h('h3', null, t('analysis.moves')), movesBox),
        h('div', { class: 'card' }, h('h3', null, t('analysis.review')), reviewBox))),
  );

  const key = (node: TreeNode) => tree.movesTo(node).join('\n');
  const gameName = () => ('id' in source ? stored?.game ?? '' : source.game);
  // The engine analyses no stored game while it is played (its players and watchers alike);
  // a position typed in is analysed whatever it is.
  const engineBarred = () => !!stored && stored.status === 'playing';

  const engine = new EngineSocket({
    info: (i) => {
      info = i;
      if (i.expected.length) liveExpected.set(key(current), i.expected);
      render();
    },
    refused: (message, busy) => {
      info = null;
      engineNote = busy ? t('analysis.busy', { why: message }) : message;
      render();
    },
    review: (state) => void reviewNews(state),
    connection: (up) => {
      if (!up) engineNote = t('analysis.offline');
      else if (engineNote === t('analysis.offline')) engineNote = '';
      render();
    },
  });

  const maker = new MoveMaker((clicks) => analysisApi.legal(lineBody(source, tree.movesTo(current)), clicks), {
    changed: () => render(),
    send: (move) => play(move),
    confirming: () => false,
    hint: (text, error) => setHint(text, error),
    explain: (name, clicks) => (shown ? explainClick(shown, { viewing: false, mine: [shown.to_move], myTurn: true }, name, clicks) : ''),
  });

  function setHint(text: string, error = false): void {
    hintText = text;
    hintError = error;
    render();
  }

  // Plays `move` from the position shown: the main line's or a variation's next move, or a new
  // variation.
  function play(move: string): void {
    const before = current.children.length;
    const node = tree.play(current, move);
    if (current.children.length !== before) treeVersion++;
    void go(node);
  }

  // Shows `node`: its position (fetched once), the engine on it, what may be clicked.
  async function go(node: TreeNode): Promise<void> {
    current = node;
    info = null;
    engineNote = '';
    hintText = '';
    maker.reset(false);
    const k = key(node);
    let view = views.get(k);
    render();
    if (!view) {
      try {
        view = await analysisApi.line(lineBody(source, tree.movesTo(node)));
      } catch (e) {
        if (alive && current === node) setHint(e instanceof ApiError ? e.message : String(e), true);
        return;
      }
      views.set(k, view);
    }
    if (!alive || current !== node) return;
    shown = view;
    maker.reset(view.status === 'playing');
    startEngine();
    render();
  }

  function startEngine(): void {
    if (!engineOn || !shown) return;
    if (engineBarred()) {
      engine.stop();
      engineNote = t('analysis.players_wait');
      return;
    }
    engine.analyse(lineBody(source, tree.movesTo(current)), kLines);
  }

  // A review's news (the socket, or an answer): its state; once done, its report.
  async function reviewNews(state: ReviewState): Promise<void> {
    review = { ...state, report: state.report ?? review?.report ?? null };
    if (state.status === 'done' && !review.report && stored) {
      try {
        review = await analysisApi.review(stored.id);
      } catch (e) {
        reviewError = e instanceof ApiError ? e.message : String(e);
      }
    }
    if (alive) render();
  }

  async function requestReview(): Promise<void> {
    if (!stored || reviewBusy) return;
    reviewBusy = true;
    reviewError = '';
    render();
    try {
      engine.watchReview(stored.id);
      await reviewNews(await analysisApi.requestReview(stored.id));
    } catch (e) {
      reviewError = e instanceof ApiError ? e.message : String(e);
    }
    reviewBusy = false;
    render();
  }

  function reviewUnavailable(): string {
    if (!stored) return t('analysis.review_stored_only');
    if (stored.status === 'playing') return t('analysis.review_after_end');
    if (!stored.moves.length) return t('analysis.no_moves');
    return '';
  }

  function render(): void {
    if (!alive) return;
    const view = shown;
    const players = view?.board?.players ?? [];
    const reviewed = new Map<number, ReviewMove>();
    for (const m of review?.report?.moves ?? []) reviewed.set(m.ply, m);

    clear(banner);
    if (engineBarred()) banner.append(h('div', { class: 'banner', id: 'players-wait' }, t('analysis.players_wait')));
    if (stored) {
      banner.append(h('a', { href: `#/game/${encodeURIComponent(stored.id)}`, id: 'to-game' }, t('analysis.to_game')));
    }

    // The bars: the engine's view of the position shown, else the review's.
    const live = info?.expected.length ? info.expected : null;
    const fromReview = current.main ? review?.report?.positions[current.ply]?.expected ?? null : null;
    clear(bars);
    bars.append(evalBars(players, live ?? fromReview));

    renderBoardView(view);

    clear(hint);
    hint.textContent = hintText;
    hint.className = hintError ? 'hint error' : 'hint';

    clear(controls);
    const buttons = [
      h('button', { id: 'step-back', disabled: !current.parent, onclick: () => current.parent && void go(current.parent), title: '←' }, '‹'),
      h('button', { id: 'step-on', disabled: !current.children.length, onclick: () => current.children[0] && void go(current.children[0]), title: '→' }, '›'),
      !current.main ? h('button', { class: 'primary', id: 'back-to-main', onclick: () => void go(tree.branchPoint(current)) }, t('analysis.back_to_main')) : null,
      !current.main ? h('button', { id: 'drop-variation', onclick: () => dropVariation() }, t('analysis.drop_variation')) : null,
      h('button', { id: 'engine-toggle', 'aria-pressed': engineOn ? 'true' : 'false', onclick: () => toggleEngine() }, engineOn ? t('analysis.engine_stop') : t('analysis.engine_start')),
      h('button', { id: 'flip', onclick: () => { flipped = !flipped; boardKey = ''; render(); } }, t('controls.flip')),
    ];
    controls.append(...buttons.filter((b): b is HTMLButtonElement => b !== null));

    clear(engineBox);
    const terminal = view?.status === 'finished';
    engineBox.append(linesPanel({ info, on: engineOn, note: engineNote || (terminal ? view?.result ?? '' : '') }, (move) => play(move)));

    // The graph over the main line: the review's values, else what the engine said so far.
    const main: TreeNode[] = [];
    for (let n: TreeNode | undefined = tree.root; n; n = n.children[0]?.main ? n.children[0] : undefined) main.push(n);
    const expected = main.map((n) => review?.report?.positions[n.ply]?.expected ?? liveExpected.get(key(n)) ?? null);
    const verdicts = new Map([...reviewed].map(([ply, m]) => [ply, m.verdict]));
    clear(graphBox);
    graphBox.append(evalGraph(players, { expected, verdicts, shown: current.main ? current.ply : null }, (ply) => void go(tree.mainAt(ply))));

    // The list is drawn again only when it changed (its scroll survives the engine's reports).
    const listKey = `${treeVersion}|${key(current)}|${review?.status ?? ''}|${reviewed.size}`;
    if (listKey !== movesKey) {
      movesKey = listKey;
      const scrolled = (movesBox.firstElementChild as HTMLElement | null)?.scrollTop ?? 0;
      clear(movesBox);
      const list = moveList({ tree, current, review: reviewed }, (n) => void go(n));
      movesBox.append(list);
      list.scrollTop = scrolled;
      keepInView(list);
    }

    clear(reviewBox);
    reviewBox.append(reviewPanel({ state: review, unavailable: reviewUnavailable(), error: reviewError, busy: reviewBusy }, () => void requestReview()));
  }

  // Scrolls the move list (only it, never the page) to show the current move.
  function keepInView(list: HTMLElement | null): void {
    const now = list?.querySelector<HTMLElement>('.move.current');
    if (!list || !now) return;
    const top = now.offsetTop;
    if (top < list.scrollTop || top + now.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }

  function renderBoardView(view: Game | null): void {
    boardWrap.setAttribute('data-ply', String(current.ply));
    boardWrap.setAttribute('data-moves', tree.movesTo(current).join(' '));
    boardWrap.toggleAttribute('data-variation', !current.main);
    boardWrap.toggleAttribute('data-busy', !view || view !== views.get(key(current)) || maker.loading);
    if (!view?.board) return;
    const clicks = maker.clicks;
    const k = JSON.stringify([key(current), clicks, maker.next.map((n) => n.click), flipped]);
    let svg = boardWrap.querySelector('svg.board') as SVGSVGElement | null;
    if (k !== boardKey || !svg) {
      boardKey = k;
      const drawn = clicks.length ? previewChanges(view.board, maker.changes) : view.board;
      svg = renderBoard(drawn, view.game, {
        lastMove: view.last_move,
        selected: clicks,
        targets: maker.next,
        path: clicks.length ? maker.path : undefined,
        flipped,
        onClick: view.status === 'playing' ? (name) => void maker.click(name) : undefined,
      });
      clear(boardWrap);
      boardWrap.append(svg);
    }
    const lines = info?.lines ?? [];
    drawArrows(svg, clicks.length ? [] : lines.slice(0, 3).map((l, i): BoardArrow => ({ path: l.path, kind: i === 0 ? 'best' : 'other', label: l.move })));
  }

  function toggleEngine(): void {
    engineOn = !engineOn;
    info = null;
    engineNote = '';
    if (engineOn) startEngine();
    else engine.stop();
    render();
  }

  function dropVariation(): void {
    const node = current;
    const back = tree.branchPoint(node);
    // The variation from where it left its parent line.
    let first = node;
    while (first.parent && first.parent.children[0] === first && !first.parent.main) first = first.parent;
    tree.remove(first);
    treeVersion++;
    void go(first.parent ?? back);
  }

  function onKey(ev: KeyboardEvent): void {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLTextAreaElement || ev.target instanceof HTMLSelectElement) return;
    if (ev.key === 'ArrowLeft' && current.parent) void go(current.parent);
    else if (ev.key === 'ArrowRight' && current.children[0]) void go(current.children[0]);
    else if (ev.key === 'Home') void go(tree.root);
    else if (ev.key === 'End') {
      let n = current;
      while (n.children[0]) n = n.children[0];
      void go(n);
    } else if (ev.key === 'Escape') maker.cancel();
  }
  document.addEventListener('keydown', onKey);

  // The start: a stored game (and its review; a game being played is followed as it goes on),
  // or a position with moves.
  async function begin(): Promise<void> {
    let moves: string[] = [];
    let startPly = 0;
    if (id) {
      try {
        stored = await api.get(id);
      } catch (e) {
        setHint(e instanceof ApiError ? e.message : String(e), true);
        return;
      }
      if (!alive || !stored) return;
      moves = stored.moves;
      startPly = moves.length;
      if (stored.status === 'finished') {
        try {
          await reviewNews(await analysisApi.review(id));
          if (review?.status === 'queued' || review?.status === 'running') engine.watchReview(id);
          if (q.get('review') === '1' && (review?.status === 'none' || review?.status === 'failed')) void requestReview();
        } catch (e) {
          reviewError = e instanceof ApiError ? e.message : String(e);
        }
      } else {
        follow();
      }
    } else {
      try {
        moves = JSON.parse(q.get('moves') ?? '[]');
        if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')) throw new Error();
      } catch {
        setHint(t('analysis.bad_moves'), true);
        moves = [];
      }
      startPly = moves.length;
    }
    tree = new VariationTree(moves);
    treeVersion++;
    title.textContent = t('analysis.title', { game: gameTitle(gameName()) });
    document.title = t('title.named', { name: t('analysis.title', { game: gameTitle(gameName()) }) });
    await go(tree.mainAt(startPly));
  }

  // A game being played: its new moves join the main line; its end opens the review (and the
  // engine to its players).
  function follow(): void {
    if (!stored) return;
    live = new Live(stored.id, {
      state: (g) => {
        if (!stored || g.moves.length < stored.moves.length) return;
        const added = g.moves.slice(tree.movesTo(tree.mainEnd).length);
        const wasBarred = engineBarred();
        stored = g;
        if (added.length) {
          tree.extendMain(added);
          treeVersion++;
        }
        if (wasBarred && !engineBarred()) startEngine();
        render();
      },
      thinking: () => {},
      error: () => {},
      connection: () => {},
    });
  }

  void begin();

  return () => {
    alive = false;
    engine.close(); // the server stops the analysis with the socket
    live?.close();
    document.removeEventListener('keydown', onKey);
  };
}
