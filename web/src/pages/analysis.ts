// The analysis board, for any game (finished, or being played: for watchers, and for its players
// once it ends), a pasted position or a record:
//   #/analysis                      the form: paste a position, paste or upload a record
//   #/analysis/ID[?review=1]        a stored game (review=1: ask for its review at once)
//   #/analysis?game=G&params=P&position=TEXT[&moves=JSON]
// The engine's top lines for the position shown come live over the analysis socket and stop
// when the page is left; an evaluation bar per player; the evaluation graph of the game (click
// to go there); the review's marks in the move list; an arrow for the best move; moves played
// on the board become variations of a tree (the game never changes), with a way back to the
// main line. Modules: analysis/ (the controller ctrl.ts, the screen and its views, the api, the
// engine socket, the game followed, the tree, the panels), board/arrows.ts; this joins them.

import type { LineSource } from '../analysis/analysis_api';
import { AnalysisCtrl } from '../analysis/ctrl';
import { followStored } from '../analysis/follow';
import { AnalysisScreen } from '../analysis/screen';
import { sourceForm } from '../analysis/source_form';
import { clear, h } from '../dom';
import { t } from '../i18n';
import type { Live } from '../play/live';
import { onReachableAgain } from '../reachable';

export function analysisPage(app: HTMLElement, hash: string): () => void {
  const [path, query] = hash.replace(/^#\/?/, '').split('?');
  const id = decodeURIComponent(path.split('/')[1] ?? '');
  const q = new URLSearchParams(query ?? '');
  document.title = t('title.analysis');
  if (!id && !q.get('game')) {
    const form = sourceForm();
    app.append(h('h1', null, t('analysis.title_new')), form);
    // Back from a lost connection: the form's error goes, and what was typed stays.
    const stop = onReachableAgain(() => {
      const error = form.querySelector('#source-error');
      if (error?.textContent?.includes(t('api.unreachable'))) error.textContent = '';
    });
    return () => void stop();
  }

  const source: LineSource = id ? { id } : { game: q.get('game')!, params: q.get('params') ?? '', position: q.get('position') ?? '' };
  const ctrl = new AnalysisCtrl(source, {
    redraw: () => screen.redraw(),
    named: (title) => screen.named(title),
    gone: (message) => {
      // No such stored game: said, with the ways on, and nothing more asked of the server.
      ctrl.stop();
      clear(app);
      app.append(
        h('h1', null, t('game.no_such')),
        h('p', { class: 'error', id: 'analysis-gone' }, message),
        h('p', null, h('a', { class: 'button primary', href: '#/' }, t('app.home')), ' ', h('a', { class: 'button', href: '#/analysis' }, t('analysis.title_new'))));
      document.title = t('title.no_game');
    },
  });
  const screen = new AnalysisScreen(app, ctrl);
  let live: Live | null = null;
  const stopWatching = onReachableAgain(() => ctrl.retry());

  const onKey = (ev: KeyboardEvent) => ctrl.key(ev);
  document.addEventListener('keydown', onKey);
  void ctrl.begin({ reviewAsked: q.get('review') === '1', movesJson: q.get('moves') }, (stored) => {
    live = followStored(ctrl, stored);
  });

  return () => {
    ctrl.stop();
    stopWatching();
    live?.close();
    document.removeEventListener('keydown', onKey);
  };
}
