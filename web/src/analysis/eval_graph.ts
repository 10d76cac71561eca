// The evaluation graph over the game: each player's expected result after every ply of the main
// line (a curve per player, in the player's colour), on labelled axes (the expected result from
// 0 to 100%, the moves by rounds as the move list numbers them), the plies whose move was an
// inaccuracy, a mistake or a blunder marked, the ply shown as a line; under it a legend (the
// players' names and colours, the marks), and for screen readers the graph in words. Clicking
// anywhere goes to the nearest ply; each ply's point is also a target of its own (data-ply) for
// keyboards and tests.

import type { ViewPlayer } from '../api';
import { pieceFill } from '../board/colours';
import { h, s } from '../dom';
import { t } from '../i18n';
import { seatName } from '../i18n/server_text';
import { roundLabel } from './accuracy';
import type { Verdict } from './analysis_api';
import { percent } from './eval_bar';
import { verdictName } from './move_list';

const kWidth = 320;
const kHeight = 132;
const kLeft = 34; // room for the expected results and the axis's name
const kRight = 6;
const kTop = 6;
const kBottom = 28; // room for the move numbers and the axis's name
const kTicks = 8; // move numbers along the bottom, at most

export interface GraphData {
  // expected[ply][player] for plies 0..N of the main line; null where nothing is known.
  expected: (number[] | null)[];
  verdicts: Map<number, Verdict>; // by ply of the move
  shown: number | null; // the main line's ply shown, null when a variation is
  moves: string[]; // the main line's moves, ply 1 first
  seats: number; // the players taking turns, for the rounds
}

const marked = (v: Verdict) => v === 'inaccuracy' || v === 'mistake' || v === 'blunder';

let graphCounter = 0;

export function evalGraph(players: ViewPlayer[], data: GraphData, go: (ply: number) => void): HTMLElement {
  const id = `graph${++graphCounter}`;
  const plies = Math.max(1, data.expected.length - 1);
  const right = kWidth - kRight;
  const bottom = kHeight - kBottom;
  const x = (ply: number) => kLeft + ((right - kLeft) * ply) / plies;
  const y = (v: number) => kTop + (bottom - kTop) * (1 - v);
  const svg = s('svg', { class: 'eval-graph', viewBox: `0 0 ${kWidth} ${kHeight}`, role: 'img', 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-desc` },
    s('title', { id: `${id}-title` }, t('analysis.graph')));
  // The axes: the expected result at 0, 50 and 100%, the moves by rounds.
  const axes = s('g', { class: 'graph-axes', 'aria-hidden': 'true' });
  axes.append(s('line', { x1: kLeft, x2: kLeft, y1: kTop, y2: bottom, class: 'graph-axis' }), s('line', { x1: kLeft, x2: right, y1: bottom, y2: bottom, class: 'graph-axis' }));
  for (const v of [0, 0.5, 1]) {
    axes.append(s('text', { x: kLeft - 3, y: y(v), class: 'graph-label', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, percent(v)));
  }
  axes.append(s('line', { x1: kLeft, x2: right, y1: y(0.5), y2: y(0.5), class: 'graph-even' }));
  for (const { ply, round } of ticks(plies, data.seats)) {
    axes.append(s('line', { x1: x(ply), x2: x(ply), y1: bottom, y2: bottom + 3, class: 'graph-axis' }),
      s('text', { x: x(ply), y: bottom + 11, class: 'graph-label graph-tick', 'text-anchor': 'middle', 'data-ply': ply }, round));
  }
  axes.append(s('text', { x: (kLeft + right) / 2, y: kHeight - 3, class: 'graph-label graph-axis-name', 'text-anchor': 'middle', id: `${id}-x` }, t('analysis.graph_moves')));
  axes.append(s('text', { x: 9, y: (kTop + bottom) / 2, class: 'graph-label graph-axis-name', 'text-anchor': 'middle', transform: `rotate(-90 9 ${(kTop + bottom) / 2})`, id: `${id}-y` }, t('analysis.graph_expected')));
  svg.append(axes);
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
    if (!marked(verdict)) continue;
    svg.append(s('circle', { cx: x(ply), cy: bottom - 3, r: 2.6, class: `graph-mark ${verdict}`, 'data-ply': ply }));
  }
  if (data.shown !== null) svg.append(s('line', { x1: x(data.shown), x2: x(data.shown), y1: kTop, y2: bottom, class: 'graph-now' }));
  // One clickable column per ply.
  const step = (right - kLeft) / plies;
  for (let ply = 0; ply < data.expected.length; ply++) {
    svg.append(s('rect', { x: x(ply) - step / 2, y: 0, width: Math.max(step, 1), height: bottom, class: 'graph-point', 'data-ply': ply,
      onclick: (ev: Event) => { ev.stopPropagation(); go(ply); } }));
  }
  const legend = h('ul', { class: 'graph-legend', id: `${id}-legend` },
    ...players.map((p, i) => h('li', { 'data-player': i }, h('span', { class: 'swatch', style: `background:${pieceFill(p.colour)}` }), seatName(p.name))),
    ...(['inaccuracy', 'mistake', 'blunder'] as Verdict[]).map((v) => h('li', { 'data-verdict': v }, h('span', { class: `graph-dot ${v}` }), verdictName(v))));
  return h('figure', { class: 'eval-graph-figure' }, svg, legend,
    h('p', { class: 'visually-hidden', id: `${id}-desc` }, graphText(players, data)));
}

// The plies under which a round's number stands: each round's first move, every k-th round so
// that at most kTicks stand.
function ticks(plies: number, seats: number): { ply: number; round: number }[] {
  const per = Math.max(1, seats);
  const rounds = Math.ceil(plies / per);
  const every = Math.max(1, Math.ceil(rounds / kTicks));
  const out: { ply: number; round: number }[] = [];
  for (let round = 1; round <= rounds; round += every) out.push({ ply: (round - 1) * per + 1, round });
  return out;
}

// The graph in words: each player's expected result at the start and at the end, lowest and
// highest, then the marked moves.
export function graphText(players: ViewPlayer[], data: GraphData): string {
  const known = data.expected.map((e, ply) => ({ e, ply })).filter((p): p is { e: number[]; ply: number } => !!p.e);
  if (!known.length) return t('analysis.graph_empty');
  const at = (ply: number) => (ply === 0 ? t('analysis.graph_start') : `${roundLabel(ply, data.seats)} ${data.moves[ply - 1] ?? ''}`.trim());
  const parts = players.map((p, i) => {
    const values = known.filter((k) => Number.isFinite(k.e[i]));
    if (!values.length) return '';
    const low = values.reduce((a, b) => (b.e[i] < a.e[i] ? b : a));
    const high = values.reduce((a, b) => (b.e[i] > a.e[i] ? b : a));
    return t('analysis.graph_player', {
      player: seatName(p.name), first: percent(values[0].e[i]), last: percent(values[values.length - 1].e[i]),
      low: percent(low.e[i]), low_at: at(low.ply), high: percent(high.e[i]), high_at: at(high.ply),
    });
  });
  const marks = [...data.verdicts].filter(([, v]) => marked(v)).sort((a, b) => a[0] - b[0]).map(([ply, v]) => `${verdictName(v)} ${at(ply)}`);
  if (marks.length) parts.push(t('analysis.graph_marks', { marks: marks.join(', ') }));
  return parts.filter(Boolean).join(' ');
}
