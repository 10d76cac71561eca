// The analysis board on screen: its places, laid out once (the board with its bars, the moves
// the clicks could play, and the controls; beside it the engine, the graph, the moves and the
// review), and filled from the views at every redraw. The board and the move list are drawn again only when what they show
// changed: the engine's reports come several times a second, and the list keeps its scroll.
// Element ids and classes are the page's contract with the style sheet and the browser tests.

import { type BoardArrow, drawArrows } from '../board/arrows';
import { previewChanges } from '../board/preview';
import { renderBoard } from '../board/render';
import { clear, h } from '../dom';
import { wallsOffered } from '../play/follow_up';
import { t } from '../i18n';
import type { AnalysisCtrl } from './ctrl';
import { moveList } from './move_list';
import { bannerView, barsView, choicesView, controlsView, engineView, graphView, reviewView, seatsOf } from './views';

export class AnalysisScreen {
  private readonly title = h('h1', { id: 'title' }, t('analysis.title_new'));
  private readonly banner = h('div', { id: 'analysis-banner' });
  private readonly bars = h('div', { class: 'eval-bars-wrap' });
  private readonly boardWrap = h('div', { class: 'board-wrap', id: 'analysis-board' });
  private readonly hint = h('div', { class: 'hint', id: 'hint', 'aria-live': 'polite' });
  private readonly choices = h('div', { class: 'choices', id: 'analysis-choices' });
  private readonly controls = h('div', { class: 'controls', id: 'analysis-controls' });
  private readonly engineBox = h('div');
  private readonly graphBox = h('div', { class: 'eval-graph-wrap', id: 'eval-graph' });
  private readonly movesBox = h('div');
  private readonly reviewBox = h('div');
  private boardFrom = ''; // what the board on show was drawn from
  private movesFrom = ''; // what the move list on show was drawn from

  constructor(
    app: HTMLElement,
    private readonly ctrl: AnalysisCtrl,
  ) {
    app.append(
      h('div', { class: 'analysis' },
        h('div', { class: 'game-head' }, this.title, this.banner),
        h('div', { class: 'analysis-main' }, this.bars, this.boardWrap, this.hint, this.choices, this.controls),
        h('div', { class: 'analysis-side' },
          h('div', { class: 'card' }, h('h2', { class: 'card-title' }, t('analysis.engine')), this.engineBox),
          h('div', { class: 'card' }, h('h2', { class: 'card-title' }, t('analysis.graph')), this.graphBox),
          h('div', { class: 'card' }, h('h2', { class: 'card-title' }, t('analysis.moves')), this.movesBox),
          h('div', { class: 'card' }, h('h2', { class: 'card-title' }, t('analysis.review')), this.reviewBox))),
    );
  }

  named(title: string): void {
    this.title.textContent = title;
    document.title = t('title.named', { name: title });
  }

  redraw(): void {
    const ctrl = this.ctrl;
    fill(this.banner, bannerView(ctrl));
    fill(this.bars, [barsView(ctrl)]);
    this.drawBoard();
    clear(this.hint);
    this.hint.textContent = ctrl.hintText;
    this.hint.className = ctrl.hintError ? 'hint error' : 'hint';
    fill(this.choices, choicesView(ctrl));
    fill(this.controls, controlsView(ctrl));
    fill(this.engineBox, [engineView(ctrl)]);
    fill(this.graphBox, [graphView(ctrl)]);
    this.drawMoves();
    fill(this.reviewBox, [reviewView(ctrl)]);
  }

  private drawBoard(): void {
    const { current, maker, shown: view } = this.ctrl;
    const wrap = this.boardWrap;
    wrap.setAttribute('data-ply', String(current.ply));
    wrap.setAttribute('data-moves', this.ctrl.tree.movesTo(current).join(' '));
    wrap.toggleAttribute('data-variation', !current.main);
    wrap.toggleAttribute('data-busy', !view || view !== this.ctrl.views.get(this.ctrl.keyOf(current)) || maker.loading);
    if (!view?.board) return;
    const clicks = maker.clicks;
    const from = JSON.stringify([this.ctrl.keyOf(current), clicks, maker.next.map((n) => n.click), this.ctrl.flipped]);
    let svg = wrap.querySelector('svg.board') as SVGSVGElement | null;
    if (from !== this.boardFrom || !svg) {
      this.boardFrom = from;
      const drawn = clicks.length ? previewChanges(view.board, maker.changes) : view.board;
      svg = renderBoard(drawn, view.game, {
        lastMove: view.last_move,
        selected: clicks,
        targets: maker.next,
        path: clicks.length ? maker.path : undefined,
        flipped: this.ctrl.flipped,
        onClick: view.status === 'playing' ? (name) => void maker.click(name) : undefined,
      });
      svg.classList.toggle('walls-offered', wallsOffered(clicks.length ? maker.changes : [], maker.next));
      clear(wrap);
      wrap.append(svg);
    }
    // The engine's best lines as arrows, while no move is being made by clicks.
    const lines = this.ctrl.info?.lines ?? [];
    drawArrows(svg, clicks.length ? [] : lines.slice(0, 3).map((l, i): BoardArrow => ({ path: l.path, kind: i === 0 ? 'best' : 'other', label: l.move })));
  }

  private drawMoves(): void {
    const ctrl = this.ctrl;
    const reviewed = ctrl.review.moves();
    const from = `${ctrl.treeVersion}|${ctrl.keyOf(ctrl.current)}|${ctrl.review.state?.status ?? ''}|${reviewed.size}|${seatsOf(ctrl)}`;
    if (from === this.movesFrom) return;
    this.movesFrom = from;
    const scrolled = (this.movesBox.firstElementChild as HTMLElement | null)?.scrollTop ?? 0;
    clear(this.movesBox);
    const list = moveList({ tree: ctrl.tree, current: ctrl.current, review: reviewed, seats: seatsOf(ctrl) }, (n) => void ctrl.go(n));
    this.movesBox.append(list);
    list.scrollTop = scrolled;
    keepInView(list);
  }
}

// Scrolls the move list (only it, never the page) to show the current move.
function keepInView(list: HTMLElement): void {
  const now = list.querySelector<HTMLElement>('.move.current');
  if (!now) return;
  const top = now.offsetTop;
  if (top < list.scrollTop || top + now.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}

function fill(place: Element, content: Node[]): void {
  clear(place);
  place.append(...content);
}
