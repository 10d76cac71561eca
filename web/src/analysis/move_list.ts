// The move list of the analysis board: the main line with each move's review mark (?! an
// inaccuracy, ? a mistake, ?? a blunder: for every seat), and the variations played on the
// board in brackets after the move they replace, nested as they branch. Clicking a move shows
// the position after it.

import { h } from '../dom';
import { t, type MessageKey } from '../i18n';
import { type ReviewMove, verdictMark } from './analysis_api';
import type { TreeNode, VariationTree } from './tree';

export interface MoveListData {
  tree: VariationTree;
  current: TreeNode;
  review: Map<number, ReviewMove>; // the main line's moves by ply
}

export function verdictName(v: ReviewMove['verdict']): string {
  return t(`analysis.verdict.${v}` as MessageKey);
}

export function moveList(d: MoveListData, go: (node: TreeNode) => void): HTMLElement {
  const box = h('div', { class: 'analysis-moves', id: 'analysis-moves' });
  const button = (n: TreeNode): HTMLElement => {
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
    h('span', { class: 'move-number' }, `${n.ply}.`), ' ', n.move,
    mark ? h('span', { class: `mark mark-${judged!.verdict}`, 'data-verdict': judged!.verdict }, mark) : null);
  };
  // A line from `first` on, each move followed by the variations that replace it.
  const line = (first: TreeNode, into: HTMLElement) => {
    for (let n: TreeNode | undefined = first; n; n = n.children[0]) {
      into.append(button(n));
      const siblings: TreeNode[] = n.parent!.children;
      if (siblings[0] !== n) continue;
      for (const alt of siblings.slice(1)) {
        const v = h('span', { class: 'variation' }, '(');
        line(alt, v);
        v.append(')');
        into.append(v);
      }
    }
  };
  if (d.tree.root.children.length) line(d.tree.root.children[0], box);
  else box.append(h('p', { class: 'muted' }, t('analysis.no_moves')));
  return box;
}
