// Arrows drawn over a board already drawn (render.ts): the analysis board's best move and the
// engine's other candidates, each along the route the server gives for it (the cells it passes
// through). Geometry only: the board's own layout (boardLayout) places them, so they fit any
// shape and orientation. A move whose route names no two cells (a wall) is ringed where it has
// a cell, else not drawn.

import { s } from '../dom';
import { polyline, routeRuns } from './layout';
import { boardLayout } from './render';

export interface BoardArrow {
  path: string[];
  kind: 'best' | 'other';
  label?: string; // shown for tests and tooltips: the move's text
}

let arrowCounter = 0;

// Replaces the arrows over `svg` with `arrows` (none: clears them).
export function drawArrows(svg: SVGSVGElement, arrows: BoardArrow[]): void {
  svg.querySelector(':scope > g.analysis-arrows')?.remove();
  const layout = boardLayout(svg);
  if (!layout || !arrows.length) return;
  const id = `aa${++arrowCounter}`;
  const g = s('g', { class: 'analysis-arrows', 'pointer-events': 'none' });
  const defs = s('defs');
  for (const kind of ['best', 'other']) {
    defs.append(
      s('marker', { id: `${id}-${kind}`, viewBox: '-1 -1 12 12', refX: 6, refY: 5, markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse' },
        s('path', { d: 'M0,0L10,5L0,10z', class: `analysis-arrow-head ${kind}` })),
    );
  }
  g.append(defs);
  // The others first, so the best lies on top.
  for (const arrow of [...arrows].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'best' ? 1 : -1))) {
    const runs = routeRuns(layout, arrow.path);
    const one = s('g', { class: `analysis-arrow ${arrow.kind}`, 'data-move': arrow.label ?? '' });
    if (runs.length) {
      runs.forEach((run, i) => {
        const last = i === runs.length - 1;
        one.append(s('polyline', { points: polyline(run), 'marker-end': last ? `url(#${id}-${arrow.kind})` : undefined }));
      });
    } else {
      const cell = arrow.path.map((name) => layout.centre.get(name)).find((p) => p);
      if (!cell) continue;
      one.append(s('circle', { cx: cell[0], cy: cell[1], r: layout.unit * 0.42 }));
    }
    g.append(one);
  }
  svg.append(g);
}
