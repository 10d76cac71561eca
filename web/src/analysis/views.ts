// The analysis board's parts drawn from the controller's state, each a function from the state
// to elements, doing nothing else: what a button does goes back to the controller. screen.ts
// puts them in their places; the panels (eval_bar.ts, eval_graph.ts, lines_panel.ts,
// review_panel.ts) draw the data they are given.

import { h } from '../dom';
import { t } from '../i18n';
import type { AnalysisCtrl } from './ctrl';
import { evalBars } from './eval_bar';
import { evalGraph } from './eval_graph';
import { linesPanel } from './lines_panel';
import { reviewPanel } from './review_panel';
import type { TreeNode } from './tree';

// The players of the position on show, for the bars and the graph.
const playersOf = (ctrl: AnalysisCtrl) => ctrl.shown?.board?.players ?? [];

// The players taking turns, for numbering the moves by rounds.
export const seatsOf = (ctrl: AnalysisCtrl) => ctrl.shown?.seats.length || ctrl.stored?.seats.length || playersOf(ctrl).length || 1;

// Why the engine waits (a stored game still being played) and the way to the game.
export function bannerView(ctrl: AnalysisCtrl): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (ctrl.engineBarred()) out.push(h('div', { class: 'banner', id: 'players-wait' }, t('analysis.players_wait')));
  if (ctrl.stored) out.push(h('a', { href: `#/game/${encodeURIComponent(ctrl.stored.id)}`, id: 'to-game' }, t('analysis.to_game')));
  return out;
}

// The bars: the engine's view of the position shown, else the review's.
export function barsView(ctrl: AnalysisCtrl): HTMLElement {
  const live = ctrl.info?.expected.length ? ctrl.info.expected : null;
  const current = ctrl.current;
  const fromReview = current.main ? ctrl.review.expectedAt(current.ply) : null;
  return evalBars(playersOf(ctrl), live ?? fromReview);
}

// Steps through the tree, back to the main line, the variation dropped, the engine, the flip.
export function controlsView(ctrl: AnalysisCtrl): HTMLButtonElement[] {
  const current = ctrl.current;
  const buttons = [
    h('button', { id: 'step-back', disabled: !current.parent, onclick: () => current.parent && void ctrl.go(current.parent), title: '←' }, '‹'),
    h('button', { id: 'step-on', disabled: !current.children.length, onclick: () => current.children[0] && void ctrl.go(current.children[0]), title: '→' }, '›'),
    !current.main ? h('button', { class: 'primary', id: 'back-to-main', onclick: () => ctrl.backToMain() }, t('analysis.back_to_main')) : null,
    !current.main ? h('button', { id: 'drop-variation', onclick: () => ctrl.dropVariation() }, t('analysis.drop_variation')) : null,
    h('button', { id: 'engine-toggle', 'aria-pressed': ctrl.engineOn ? 'true' : 'false', onclick: () => ctrl.toggleEngine() }, ctrl.engineOn ? t('analysis.engine_stop') : t('analysis.engine_start')),
    h('button', { id: 'flip', onclick: () => ctrl.flip() }, t('controls.flip')),
  ];
  return buttons.filter((b): b is HTMLButtonElement => b !== null);
}

// The moves the clicks so far complete while more clicks could go on (a landing of a jump
// chain clicked hop by hop): play one there, or click on; and a way to drop the clicks.
export function choicesView(ctrl: AnalysisCtrl): HTMLElement[] {
  const maker = ctrl.maker;
  const out: HTMLElement[] = maker.choices.map((m) => h('button', { class: 'primary', 'data-move': m.text, onclick: () => maker.play(m) }, t('game.play_move', { move: m.text })));
  if (maker.clicks.length) out.push(h('button', { onclick: () => { maker.cancel(); ctrl.setHint(''); } }, t('common.cancel')));
  return out;
}

// The engine's lines (a move of one played on the board), or why there are none.
export function engineView(ctrl: AnalysisCtrl): HTMLElement {
  const view = ctrl.shown;
  const terminal = view?.status === 'finished';
  // A position that could not be loaded is not being thought about.
  const note = ctrl.lineError ? t('analysis.not_loaded') : ctrl.engineNote || (terminal ? view?.result ?? '' : '');
  return linesPanel({ info: ctrl.lineError ? null : ctrl.info, on: ctrl.engineOn, note }, (move) => ctrl.play(move));
}

// The graph over the main line: the review's values, else what the engine said so far.
export function graphView(ctrl: AnalysisCtrl): HTMLElement {
  const main: TreeNode[] = [];
  for (let n: TreeNode | undefined = ctrl.tree.root; n; n = n.children[0]?.main ? n.children[0] : undefined) main.push(n);
  const expected = main.map((n) => ctrl.review.expectedAt(n.ply) ?? ctrl.liveExpected.get(ctrl.keyOf(n)) ?? null);
  const verdicts = new Map([...ctrl.review.moves()].map(([ply, m]) => [ply, m.verdict]));
  const current = ctrl.current;
  const moves = main.slice(1).map((n) => n.move);
  return evalGraph(playersOf(ctrl), { expected, verdicts, shown: current.main ? current.ply : null, moves, seats: seatsOf(ctrl) }, (ply) => void ctrl.go(ctrl.tree.mainAt(ply)));
}

export function reviewView(ctrl: AnalysisCtrl): HTMLElement {
  const review = ctrl.review;
  return reviewPanel({ state: review.state, unavailable: review.unavailable(), error: review.error, busy: review.busy }, () => void review.request());
}
