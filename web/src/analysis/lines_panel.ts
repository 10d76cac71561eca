// The engine's top lines for the position shown: each line's score as the mover's expected
// result (or a proven win or loss in N), its moves, and the search's depth and nodes. Clicking a
// line's first move plays it on the board (a variation).

import { h } from '../dom';
import { t } from '../i18n';
import type { LiveInfo, LiveLine } from './analysis_api';
import { percent } from './eval_bar';

export interface LinesState {
  info: LiveInfo | null;
  on: boolean; // the engine is on
  note: string; // why there are no lines (refused, busy, finished, off)
}

function score(line: LiveLine, mover: number): string {
  if (line.mate_in !== null) {
    return line.mate_in > 0 ? t('analysis.wins_in', { count: line.mate_in }) : t('analysis.loses_in', { count: -line.mate_in });
  }
  const v = line.expected[mover];
  return v === undefined ? String(line.score) : percent(v);
}

export function linesPanel(state: LinesState, play: (move: string) => void): HTMLElement {
  const info = state.info;
  const box = h('div', { class: 'engine-lines', id: 'engine-lines', 'data-depth': info?.depth ?? '', 'data-final': info?.final ? 'true' : undefined });
  if (!info || !info.lines.length) {
    box.append(h('p', { class: 'engine-note' }, state.note || (state.on ? t('analysis.thinking') : t('analysis.engine_off'))));
    return box;
  }
  box.append(h('div', { class: 'engine-head' },
    t('analysis.depth', { depth: info.depth, nodes: info.nodes.toLocaleString() }), info.final ? ` · ${t('analysis.search_done')}` : ''));
  const list = h('ol', { class: 'engine-list' });
  for (const line of info.lines) {
    list.append(h('li', { class: 'engine-line', 'data-move': line.move },
      h('span', { class: 'engine-score' }, score(line, info.to_move)),
      h('button', { class: 'linkish engine-move', onclick: () => play(line.move), title: t('analysis.play_line') }, line.move),
      h('span', { class: 'engine-pv' }, line.pv.slice(1, 10).join(' '))));
  }
  box.append(list);
  return box;
}
