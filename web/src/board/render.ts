// Draws a board view (docs/api.md "Board view") as one SVG: square boards and hex fields with
// their slots. Knows no rule and no game: what may be clicked and the routes come from the server
// (`legal`), the rest from the view: cells with their tags (as classes), zones (a destination
// row tinted, a start row as a band on its edge), walls, and each piece as its game's glyph
// (glyphs.ts).

import type { BoardView, LastMove, LegalNext, ViewCell } from '../api';
import { s } from '../dom';
import { markStroke, pieceFill } from './colours';
import { drawGlyph } from './glyphs';
import { hexLayout, hexSlots, kSlotReach, polyline, routeRuns, slotEnds, slotKey, squareLayout } from './layout';
import { attachPointer, type HitShape, type Point } from './pointer';
import { recentMarks, type RecentMove, sameMove, slide } from './recent';

export { slotKey } from './layout';
export type { RecentMove } from './recent';

export interface BoardMarks {
  lastMove?: LastMove | null;
  selected?: string[]; // the clicks made so far
  targets?: LegalNext[]; // what may be clicked next, with its route
  path?: string[]; // the route of the clicks so far (or of a complete move)
  recent?: RecentMove[]; // oldest first
  animate?: { path: string[]; ms: number }; // slide the piece that ends `path` along it
  flipped?: boolean;
  onClick?: (name: string) => void;
}

let svgCounter = 0;


export function renderBoard(view: BoardView, game: string, marks: BoardMarks = {}): SVGSVGElement {
  const flipped = !!marks.flipped;
  const hex = view.shape === 'hex';
  const layout = hex ? hexLayout(view, flipped) : squareLayout(view, flipped);
  const u = layout.unit;
  const id = `b${++svgCounter}`;
  const svg = s('svg', {
    class: `board board-${game} board-${view.shape}`,
    viewBox: `0 0 ${layout.width.toFixed(1)} ${layout.height.toFixed(1)}`,
    role: 'img',
    'aria-label': `${game} board`,
  });
  svg.append(
    s(
      'defs',
      null,
      s(
        'marker',
        { id: `${id}-arrow`, viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' },
        s('path', { d: 'M0,0L10,5L0,10z', class: 'arrow-head' }),
      ),
      s(
        'marker',
        { id: `${id}-arrow-last`, viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' },
        s('path', { d: 'M0,0L10,5L0,10z', class: 'arrow-head last' }),
      ),
    ),
  );

  const lastCells = new Set(marks.lastMove?.cells ?? []);
  const lastSlots = new Set([...lastCells].filter((c) => c.includes('|')).map(slotKey));
  const selected = new Set(marks.selected ?? []);
  const targets = new Map<string, LegalNext>();
  for (const t of marks.targets ?? []) targets.set(t.click.includes('|') ? slotKey(t.click) : t.click, t);

  // Cells, then their zones.
  const cellsG = s('g', { class: 'cells' });
  for (const c of view.cells) {
    const shape = layout.outline(c);
    let cls = 'cell';
    for (const tag of c.tags ?? []) cls += ` ${tag}`;
    if (lastCells.has(c.name)) cls += ' last';
    if (targets.has(c.name)) cls += ' target';
    if (selected.has(c.name)) cls += ' selected';
    shape.setAttribute('class', cls);
    shape.setAttribute('data-click', c.name);
    cellsG.append(shape);
  }
  for (const zone of view.zones ?? []) {
    const fill = pieceFill(view.players[zone.owner]?.colour ?? '');
    for (const name of zone.cells) {
      const c = layout.cellOf.get(name);
      if (!c) continue;
      if (zone.kind !== 'start' || hex) {
        const tint = layout.outline(c);
        for (const [k, v] of Object.entries({ class: 'goal-tint', fill, 'pointer-events': 'none' })) tint.setAttribute(k, v);
        cellsG.append(tint);
        continue;
      }
      const [cx, cy] = layout.centre.get(name)!;
      // A band on the outer edge of the row.
      const band = u * 0.16;
      const outer = outerSide(c, view, flipped);
      const rect =
        outer === 'bottom'
          ? { x: cx - u / 2, y: cy + u / 2 - band, width: u, height: band }
          : outer === 'top'
            ? { x: cx - u / 2, y: cy - u / 2, width: u, height: band }
            : outer === 'left'
              ? { x: cx - u / 2, y: cy - u / 2, width: band, height: u }
              : { x: cx + u / 2 - band, y: cy - u / 2, width: band, height: u };
      cellsG.append(s('rect', { ...rect, class: 'start-band', fill, 'pointer-events': 'none' }));
    }
  }
  svg.append(cellsG);
  if (marks.recent?.length) svg.append(recentMarks(layout, marks.recent));

  // Coordinates (square boards) or cell names (hex, small, in empty cells).
  const labels = s('g', { class: 'coords', 'pointer-events': 'none' });
  if (!hex) {
    for (const c of view.cells) {
      const [cx, cy] = layout.centre.get(c.name)!;
      const bottom = flipped ? c.row === view.height - 1 : c.row === 0;
      const left = flipped ? c.col === view.width - 1 : c.col === 0;
      if (bottom) labels.append(s('text', { x: cx, y: cy + u / 2 + 12, 'text-anchor': 'middle' }, c.name.replace(/\d+$/, '')));
      if (left) labels.append(s('text', { x: cx - u / 2 - 5, y: cy + 4, 'text-anchor': 'end' }, c.name.replace(/^[a-z]+/, '')));
    }
  } else {
    for (const c of view.cells) {
      if (c.glyph) continue;
      const [cx, cy] = layout.centre.get(c.name)!;
      labels.append(s('text', { x: cx, y: cy + 3.5, 'text-anchor': 'middle', class: 'cell-name' }, c.name));
    }
  }
  svg.append(labels);

  // Walls and the slots that can be clicked (hex).
  const freeSlots: HitShape['slots'] = [];
  if (hex) {
    const walls = new Set(view.walls.map(slotKey));
    const wallsG = s('g', { class: 'walls', 'pointer-events': 'none' });
    const hitsG = s('g', { class: 'slots' });
    for (const [key, a, b] of hexSlots(view, layout)) {
      const [ax, ay] = layout.centre.get(a)!;
      const [bx, by] = layout.centre.get(b)!;
      const mx = (ax + bx) / 2;
      const my = (ay + by) / 2;
      const [p, q] = slotEnds(layout, a, b);
      if (walls.has(key)) {
        wallsG.append(s('line', { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: lastSlots.has(key) ? 'wall last' : 'wall' }));
        continue;
      }
      // The slot as drawn when hovered or chosen: a lozenge over the edge reaching as far from
      // its midpoint as a point that names the slot (kSlotReach, along the edge and across it).
      const k = kSlotReach;
      const [p2, q2] = slotEnds(layout, a, b, k * 2 * Math.sqrt(3));
      const lozenge: Point[] = [p2, [mx + (ax - mx) * k * 2, my + (ay - my) * k * 2], q2, [mx + (bx - mx) * k * 2, my + (by - my) * k * 2]];
      const name = targets.get(key)?.click ?? selectedSlotName(key, marks.selected) ?? `${a}|${b}`;
      freeSlots.push({ name, at: [mx, my] });
      let cls = 'slot';
      if (targets.has(key)) cls += ' target';
      if (selectedSlotName(key, marks.selected)) cls += ' selected';
      hitsG.append(s('polygon', { points: polyline(lozenge), class: cls, 'data-click': name, 'data-slot': key }));
    }
    svg.append(wallsG, hitsG);
  }

  // The last move's route, under the pieces.
  const lastRoute = s('g', { class: 'routes', 'pointer-events': 'none' });
  const recent = marks.recent ?? [];
  for (const m of recent) {
    for (const run of routeRuns(layout, m.path)) {
      lastRoute.append(s('polyline', { points: polyline(run), class: 'route recent', stroke: markStroke(m.colour), 'data-ply': m.ply }));
    }
  }
  const lastIsRecent = recent.length > 0 && sameMove(recent[recent.length - 1], marks.lastMove);
  if (marks.lastMove && !lastIsRecent && !(marks.path && marks.path.length)) {
    for (const run of routeRuns(layout, marks.lastMove.path)) {
      lastRoute.append(s('polyline', { points: polyline(run), class: 'route last', 'marker-end': `url(#${id}-arrow-last)` }));
    }
  }
  svg.append(lastRoute);

  // Pieces.
  const piecesG = s('g', { class: 'pieces', 'pointer-events': 'none' });
  for (const c of view.cells) {
    if (!c.glyph) continue;
    const [cx, cy] = layout.centre.get(c.name)!;
    const glyph = drawGlyph(game, c, view.players[c.owner], flipped, u);
    const wrap = s('g', { transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})`, 'data-cell': c.name }, glyph);
    piecesG.append(wrap);
  }
  svg.append(piecesG);
  if (marks.animate) slide(layout, piecesG, marks.animate.path, marks.animate.ms);

  // The routes to the targets, then the route of the selection.
  const routes = s('g', { class: 'routes', 'pointer-events': 'none' });
  const arrow = `url(#${id}-arrow)`;
  for (const t of marks.targets ?? []) {
    if (t.path.length < 2) continue;
    for (const run of routeRuns(layout, t.path)) {
      routes.append(s('polyline', { points: polyline(run), class: 'route option', 'data-for': t.click }));
    }
  }
  if (marks.path) {
    for (const run of routeRuns(layout, marks.path)) {
      routes.append(s('polyline', { points: polyline(run), class: 'route chosen', 'marker-end': arrow }));
    }
  }
  svg.append(routes);

  // Markers: a dot on empty targets, a ring on occupied ones and on the selection.
  const marksG = s('g', { class: 'marks', 'pointer-events': 'none' });
  for (const [key, t] of targets) {
    if (key.includes('|')) continue;
    const p = layout.centre.get(key);
    if (!p) continue;
    const occupied = !!layout.cellOf.get(key)?.glyph;
    marksG.append(
      occupied
        ? s('circle', { cx: p[0], cy: p[1], r: u * 0.44, class: 'target-ring', 'data-for': t.click })
        : s('circle', { cx: p[0], cy: p[1], r: u * 0.14, class: 'target-dot', 'data-for': t.click }),
    );
  }
  for (const name of selected) {
    const p = layout.centre.get(name);
    if (p) marksG.append(s('circle', { cx: p[0], cy: p[1], r: u * 0.46, class: 'selected-ring' }));
  }
  svg.append(marksG);

  // Clicks and taps name a cell or slot by geometry (pointer.ts); hovering one lights it and the
  // route to it.
  if (marks.onClick) svg.classList.add('clickable');
  const shape: HitShape = {
    cells: view.cells.map((c) => ({ name: c.name, at: layout.centre.get(c.name)! })),
    slots: freeSlots,
    inside: layout.inside,
    slotReach: kSlotReach * u,
  };
  attachPointer(svg, shape, marks.onClick, (name) => {
    svg.querySelectorAll('.hot, .hover').forEach((e) => e.classList.remove('hot', 'hover'));
    if (!name) return;
    svg.querySelectorAll(`[data-for="${CSS.escape(name)}"]`).forEach((e) => e.classList.add('hot'));
    svg.querySelectorAll(`.slot[data-click="${CSS.escape(name)}"]`).forEach((e) => e.classList.add('hover'));
  });
  return svg;
}


function selectedSlotName(key: string, selected?: string[]): string | undefined {
  return selected?.find((c) => c.includes('|') && slotKey(c) === key);
}

// Which side of the board a border cell lies on, as drawn.
function outerSide(c: ViewCell, view: BoardView, flipped: boolean): 'top' | 'bottom' | 'left' | 'right' {
  let side: 'top' | 'bottom' | 'left' | 'right';
  if (c.row === 0) side = 'bottom';
  else if (c.row === view.height - 1) side = 'top';
  else if (c.col === 0) side = 'left';
  else side = 'right';
  if (!flipped) return side;
  return ({ top: 'bottom', bottom: 'top', left: 'right', right: 'left' } as const)[side];
}
