// The evaluation graph over the game: each player's expected result after every ply of the main
// line (a curve per player, in the player's colour), the plies whose move was an inaccuracy, a
// mistake or a blunder marked, the ply shown as a line. Clicking anywhere goes to the nearest
// ply; each ply's point is also a target of its own (data-ply) for keyboards and tests.

import type { ViewPlayer } from '../api';
import { pieceFill } from '../board/colours';
import { s } from '../dom';
import { t } from '../i18n';
import type { Verdict } from './analysis_api';

const kWidth = 320;
const kHeight = 110;
const kPad = 6;

export interface GraphData {
  // expected[ply][player] for plies 0..N of the main line; null where nothing is known.
  expected: (number[] | null)[];
  verdicts: Map<number, Verdict>; // by ply of the move
  shown: number | null; // the main line's ply shown, null when a variation is
}

export function evalGraph(players: ViewPlayer[], data: GraphData, go: (ply: number) => void): SVGSVGElement {
  const plies = Math.max(1, data.expected.length - 1);
  const x = (ply: number) => kPad + ((kWidth - 2 * kPad) * ply) / plies;
  const y = (v: number) => kPad + (kHeight - 2 * kPad) * (1 - v);
  const svg = s('svg', { class: 'eval-graph', viewBox: `0 0 ${kWidth} ${kHeight}`, role: 'img', 'aria-label': t('analysis.graph') });
  svg.append(s('line', { x1: kPad, x2: kWidth - kPad, y1: y(0.5), y2: y(0.5), class: 'graph-even' }));
  players.forEach((p, i) => {
    // A curve broken where a ply is not known.
    let run: string[] = [];
    const flush = () => {
      if (run.length > 1) svg.append(s('polyline', { points: run.join(' '), class: 'graph-curve', stroke: pieceFill(p.colour), 'data-player': i }));
      run = [];
    };
    data.expected.forEach((e, ply) => {
      const v = e?.[i];
      if (v === undefined || !Number.isFinite(v)) return flush();
      run.push(`${x(ply).toFixed(1)},${y(v).toFixed(1)}`);
    });
    flush();
  });
  for (const [ply, verdict] of data.verdicts) {
    if (verdict !== 'inaccuracy' && verdict !== 'mistake' && verdict !== 'blunder') continue;
    svg.append(s('circle', { cx: x(ply), cy: kHeight - kPad / 2 - 1, r: 2.6, class: `graph-mark ${verdict}` }));
  }
  if (data.shown !== null) svg.append(s('line', { x1: x(data.shown), x2: x(data.shown), y1: 0, y2: kHeight, class: 'graph-now' }));
  // One clickable column per ply.
  const step = (kWidth - 2 * kPad) / plies;
  for (let ply = 0; ply < data.expected.length; ply++) {
    svg.append(s('rect', { x: x(ply) - step / 2, y: 0, width: Math.max(step, 1), height: kHeight, class: 'graph-point', 'data-ply': ply,
      onclick: (ev: Event) => { ev.stopPropagation(); go(ply); } }));
  }
  return svg;
}
