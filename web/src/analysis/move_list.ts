// The move list of the analysis board: the main line numbered by rounds as the game page
// numbers them ("14." before the first seat's move of round 14, "14…" where a line picks up
// another seat's), each move with its review mark (★ best, ✓ good, ?! an inaccuracy, ? a
// mistake, ?? a blunder: for every seat), and the variations played on the board in brackets
// after the move they replace, nested as they branch. Clicking a move shows the position after
// it.

import { h } from '../dom';
import { t, type MessageKey } from '../i18n';
import { roundLabel } from './accuracy';
import { type ReviewMove, verdictMark } from './analysis_api';
import type { TreeNode, VariationTree } from './tree';

export interface MoveListData {
  tree: VariationTree;
  current: TreeNode;
  review: Map<number, ReviewMove>; // the main line's moves by ply
  seats: number; // the players taking turns, for the rounds
}

export function verdictName(v: ReviewMove['verdict']): string {
  return t(`analysis.verdict.${v}` as MessageKey);
}

export function moveList(d: MoveListData, go: (node: TreeNode) => void): HTMLElement {
  const box = h('div', { class: 'analysis-moves', id: 'analysis-moves' });
  const button = (n: TreeNode, numbered: boolean): HTMLElement => {
    const judged = n.main ? d.review.get(n.ply) : undefined;
    const mark = judged ? verdictMark(judged.verdict) : '';
    const title = judged
      ? judged.verdict === 'best' || judged.verdict === 'good'
        ? verdictName(judged.verdict)
        : t('analysis.verdict_better', { verdict: verdictName(judged.verdict), best: judged.best })
      : undefined;
    return h('button', {
      class: `move${n === d.current ? ' current' : ''}${n.main ? ' main' : ' side'}`,
      'data-ply': n.ply,
      'data-main': n.main ? '1' : '0',
      'data-move': n.move,
      'aria-current': n === d.current ? 'step' : undefined,
      title,
      onclick: () => go(n),
    },
    numbered || firstOfRound(n.ply) ? [h('span', { class: 'move-number' }, roundLabel(n.ply, d.seats)), ' '] : null,
    n.move,
    ...(judged ? verdictSpan(judged.verdict, mark) : []));
  };
  const firstOfRound = (ply: number) => (ply - 1) % Math.max(1, d.seats) === 0;
  // A line from `first` on, each move followed by the variations that replace it; a line's first
  // move, and a move after a variation, carry their number whatever seat made them.
  const line = (first: TreeNode, into: HTMLElement) => {
    let numbered = true;
    for (let n: TreeNode | undefined = first; n; n = n.children[0]) {
      into.append(button(n, numbered));
      numbered = false;
      const siblings: TreeNode[] = n.parent!.children;
      if (siblings[0] !== n) continue;
      for (const alt of siblings.slice(1)) {
        const v = h('span', { class: 'variation' }, '(');
        line(alt, v);
        v.append(')');
        into.append(v);
        numbered = true;
      }
    }
  };
  if (d.tree.root.children.length) line(d.tree.root.children[0], box);
  else box.append(h('p', { class: 'muted' }, t('analysis.no_moves')));
  return box;
}

// A move's verdict after it: the errors as the marks ?! ? ?? (class `mark`), the best and good
// moves as ★ and ✓; the verdict's name for screen readers.
function verdictSpan(v: ReviewMove['verdict'], mark: string): HTMLElement[] {
  return [h('span', { class: mark ? `verdict mark mark-${v}` : `verdict grade grade-${v}`, 'data-verdict': v, 'aria-hidden': 'true' }, mark || verdictGlyph(v)),
    h('span', { class: 'visually-hidden' }, ` (${verdictName(v)})`)];
}

export function verdictGlyph(v: ReviewMove['verdict']): string {
  return v === 'best' ? '★' : v === 'good' ? '✓' : verdictMark(v);
}
