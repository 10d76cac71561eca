// Marks for the moves other seats made since this browser's own last one: each move's cells in
// its seat's colour, numbered in order (the moves themselves are played out by motion.ts).

import type { LastMove } from '../api';
import { s } from '../dom';
import { markStroke, pieceFill } from './colours';
import type { Layout } from './layout';

// A move made by another seat since this browser's own last move, drawn in that seat's colour.
export interface RecentMove {
  ply: number; // the game's ply after the move
  seat: number;
  colour: string; // the seat's colour name ("green", ...)
  cells: string[]; // the cells and slots the move names (last_move.cells)
  path: string[];
}

export function sameMove(m: RecentMove, last: LastMove | null | undefined): boolean {
  return !!last && m.path.join(',') === last.path.join(',') && m.cells.join(',') === last.cells.join(',');
}

// The cells of recent moves, each tinted and outlined in its seat's colour; with more than one,
// the destination of each carries its number in order.
export function recentMarks(layout: Layout, recent: RecentMove[]): SVGGElement {
  const g = s('g', { class: 'recent', 'pointer-events': 'none' });
  const u = layout.unit;
  recent.forEach((m, i) => {
    for (const name of m.cells) {
      const cell = layout.cellOf.get(name);
      if (!cell) continue; // a slot: the wall itself shows
      const shape = layout.outline(cell);
      shape.setAttribute('class', 'recent-mark');
      for (const [k, v] of Object.entries({ fill: pieceFill(m.colour), style: `stroke:${markStroke(m.colour)}`, 'data-ply': m.ply, 'data-seat': m.seat, 'data-cell': name })) {
        shape.setAttribute(k, String(v));
      }
      g.append(shape);
    }
    const end = m.path[m.path.length - 1];
    const p = end ? layout.centre.get(end) : undefined;
    if (p && recent.length > 1) {
      const [x, y] = [p[0] - u * 0.32, p[1] - u * 0.32];
      g.append(
        s('g', { class: 'recent-order', 'data-ply': m.ply },
          s('circle', { cx: x, cy: y, r: u * 0.14, fill: pieceFill(m.colour), stroke: '#1d1d1d', 'stroke-width': 0.8 }),
          s('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': (u * 0.2).toFixed(1), fill: m.colour === 'black' ? '#fff' : '#1d1d1d' }, i + 1)),
      );
    }
  });
  return g;
}
