// Draws a board view (docs/api.md "Board view") as one SVG: square boards (Traverse, the
// Travelers) and the hex field of Trap with its slots. Knows no rule: what may be clicked and the
// routes come from the server (`legal`), the rest from the view.

import type { BoardView, LastMove, LegalNext, ViewCell } from '../api';
import { s } from '../dom';
import { pieceFill } from './colours';
import { trapGlyph, traverseGlyph, travelersGlyph } from './glyphs';

export interface BoardMarks {
  lastMove?: LastMove | null;
  selected?: string[]; // the clicks made so far
  targets?: LegalNext[]; // what may be clicked next, with its route
  path?: string[]; // the route of the clicks so far (or of a complete move)
  flipped?: boolean;
  onClick?: (name: string) => void;
}

type Point = [number, number];

interface Layout {
  width: number;
  height: number;
  unit: number;
  centre: Map<string, Point>;
  cellOf: Map<string, ViewCell>;
  // Cell outline at its place.
  outline(cell: ViewCell): SVGElement;
  neighbours(a: string, b: string): boolean;
}

const FLIP_FORWARD: Record<string, string> = { up: 'down', down: 'up', left: 'right', right: 'left' };

let svgCounter = 0;

// "c3|c4" ↔ the two cells, whatever order the name gives them.
export function slotKey(name: string): string {
  return name.split('|').sort().join('|');
}

function squareLayout(view: BoardView, flipped: boolean): Layout {
  const u = 40;
  const pad = 18;
  const centre = new Map<string, Point>();
  const cellOf = new Map<string, ViewCell>();
  const place = (c: ViewCell): Point => {
    const x = flipped ? view.width - 1 - c.col : c.col;
    const y = flipped ? c.row : view.height - 1 - c.row;
    return [pad + x * u, 4 + y * u];
  };
  for (const c of view.cells) {
    const [x, y] = place(c);
    centre.set(c.name, [x + u / 2, y + u / 2]);
    cellOf.set(c.name, c);
  }
  return {
    width: pad + view.width * u + 4,
    height: 4 + view.height * u + pad,
    unit: u,
    centre,
    cellOf,
    outline: (c) => {
      const [x, y] = place(c);
      return s('rect', { x, y, width: u, height: u });
    },
    neighbours: () => true,
  };
}

function hexLayout(view: BoardView, flipped: boolean): Layout {
  const r = 24; // circumradius of a cell; pointy-top hexagons
  const w = Math.sqrt(3) * r;
  const pad = 6;
  const maxCol = Math.max(...view.cells.map((c) => c.col));
  const maxRow = Math.max(...view.cells.map((c) => c.row));
  const centre = new Map<string, Point>();
  const cellOf = new Map<string, ViewCell>();
  for (const c of view.cells) {
    const col = flipped ? maxCol - c.col : c.col;
    const row = flipped ? maxRow - c.row : c.row;
    centre.set(c.name, [pad + w / 2 + (col * w) / 2, pad + r + row * 1.5 * r]);
    cellOf.set(c.name, c);
  }
  const corners = [-90, -30, 30, 90, 150, 210].map((deg) => [Math.cos((deg * Math.PI) / 180) * r, Math.sin((deg * Math.PI) / 180) * r]);
  return {
    width: pad * 2 + w + (maxCol * w) / 2,
    height: pad * 2 + 2 * r + maxRow * 1.5 * r,
    unit: w,
    centre,
    cellOf,
    outline: (c) => {
      const [cx, cy] = centre.get(c.name)!;
      return s('polygon', { points: corners.map(([x, y]) => `${(cx + x).toFixed(2)},${(cy + y).toFixed(2)}`).join(' ') });
    },
    neighbours: (a, b) => {
      const ca = cellOf.get(a);
      const cb = cellOf.get(b);
      if (!ca || !cb) return false;
      const dc = Math.abs(ca.col - cb.col);
      const dr = Math.abs(ca.row - cb.row);
      return (dr === 0 && dc === 2) || (dr === 1 && dc === 1);
    },
  };
}

// Every slot of a hex field: the edge between two neighbouring cells, as [key, a, b].
function hexSlots(view: BoardView, layout: Layout): [string, string, string][] {
  const out: [string, string, string][] = [];
  const byPos = new Map<string, ViewCell>();
  for (const c of view.cells) byPos.set(`${c.col},${c.row}`, c);
  for (const c of view.cells) {
    // Each pair once: the neighbour to the right, and the two below.
    for (const [dc, dr] of [[2, 0], [-1, 1], [1, 1]]) {
      const n = byPos.get(`${c.col + dc},${c.row + dr}`);
      if (n && layout.neighbours(c.name, n.name)) out.push([slotKey(`${c.name}|${n.name}`), c.name, n.name]);
    }
  }
  return out;
}

function slotEnds(layout: Layout, a: string, b: string, shrink = 1): [Point, Point] {
  const [ax, ay] = layout.centre.get(a)!;
  const [bx, by] = layout.centre.get(b)!;
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  const len = Math.hypot(bx - ax, by - ay);
  // The shared edge is perpendicular to the line between centres, one side long (= r).
  const half = ((len / Math.sqrt(3)) / 2) * shrink;
  const px = (-(by - ay) / len) * half;
  const py = ((bx - ax) / len) * half;
  return [
    [mx + px, my + py],
    [mx - px, my - py],
  ];
}

// Consecutive cells of a route, split where two cells are not neighbours (Trap's two movers).
function routeRuns(layout: Layout, path: string[]): Point[][] {
  const runs: Point[][] = [];
  let run: Point[] = [];
  let prev = '';
  for (const name of path) {
    const p = layout.centre.get(name);
    if (!p) continue; // a slot: walls are shown on the board instead
    if (prev && (prev === name || !layout.neighbours(prev, name))) {
      if (run.length > 1) runs.push(run);
      run = [];
    }
    run.push(p);
    prev = name;
  }
  if (run.length > 1) runs.push(run);
  return runs;
}

function polyline(points: Point[]): string {
  return points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
}

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

  // Cells.
  const cellsG = s('g', { class: 'cells' });
  for (const c of view.cells) {
    const shape = layout.outline(c);
    let cls = 'cell';
    if (!hex && game === 'travelers') cls += (c.col + c.row) % 2 === 0 ? ' dark' : ' light';
    if (lastCells.has(c.name)) cls += ' last';
    if (targets.has(c.name)) cls += ' target';
    if (selected.has(c.name)) cls += ' selected';
    shape.setAttribute('class', cls);
    shape.setAttribute('data-click', c.name);
    cellsG.append(shape);
    // Traverse: the destination row in its player's colour, the start row as a band on the edge.
    if (game === 'traverse') {
      const goal = c.goal_of ?? -1;
      const start = c.start_of ?? -1;
      const [cx, cy] = layout.centre.get(c.name)!;
      if (goal >= 0) {
        cellsG.append(
          s('rect', { x: cx - u / 2, y: cy - u / 2, width: u, height: u, class: 'goal-tint', fill: pieceFill(view.players[goal]?.colour ?? ''), 'pointer-events': 'none' }),
        );
      }
      if (start >= 0) {
        // A band on the outer edge of the start row.
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
        cellsG.append(s('rect', { ...rect, class: 'start-band', fill: pieceFill(view.players[start]?.colour ?? ''), 'pointer-events': 'none' }));
      }
    }
  }
  svg.append(cellsG);

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
      if (c.piece) continue;
      const [cx, cy] = layout.centre.get(c.name)!;
      labels.append(s('text', { x: cx, y: cy + 3.5, 'text-anchor': 'middle', class: 'cell-name' }, c.name));
    }
  }
  svg.append(labels);

  // Walls and the slots that can be clicked (hex).
  if (hex) {
    const walls = new Set(view.walls.map(slotKey));
    const wallsG = s('g', { class: 'walls', 'pointer-events': 'none' });
    const hitsG = s('g', { class: 'slots' });
    for (const [key, a, b] of hexSlots(view, layout)) {
      const [p, q] = slotEnds(layout, a, b);
      if (walls.has(key)) {
        wallsG.append(s('line', { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: lastSlots.has(key) ? 'wall last' : 'wall' }));
        continue;
      }
      // The slot's click area: a lozenge over the edge, reaching a quarter into each cell.
      const [p2, q2] = slotEnds(layout, a, b, 0.85);
      const [ax, ay] = layout.centre.get(a)!;
      const [bx, by] = layout.centre.get(b)!;
      const mx = (ax + bx) / 2;
      const my = (ay + by) / 2;
      const k = 0.26;
      const lozenge: Point[] = [p2, [mx + (ax - mx) * k * 2, my + (ay - my) * k * 2], q2, [mx + (bx - mx) * k * 2, my + (by - my) * k * 2]];
      const name = targets.get(key)?.click ?? selectedSlotName(key, marks.selected) ?? `${a}|${b}`;
      let cls = 'slot';
      if (targets.has(key)) cls += ' target';
      if (selectedSlotName(key, marks.selected)) cls += ' selected';
      hitsG.append(s('polygon', { points: polyline(lozenge), class: cls, 'data-click': name, 'data-slot': key }));
    }
    svg.append(wallsG, hitsG);
  }

  // The last move's route, under the pieces.
  const lastRoute = s('g', { class: 'routes', 'pointer-events': 'none' });
  if (marks.lastMove && !(marks.path && marks.path.length)) {
    for (const run of routeRuns(layout, marks.lastMove.path)) {
      lastRoute.append(s('polyline', { points: polyline(run), class: 'route last', 'marker-end': `url(#${id}-arrow-last)` }));
    }
  }
  svg.append(lastRoute);

  // Pieces.
  const piecesG = s('g', { class: 'pieces', 'pointer-events': 'none' });
  for (const c of view.cells) {
    if (!c.piece) continue;
    const [cx, cy] = layout.centre.get(c.name)!;
    const player = view.players[c.owner];
    const colour = player?.colour ?? '';
    let glyph: SVGGElement;
    if (game === 'traverse') {
      const fwd = player?.forward ?? 'up';
      glyph = traverseGlyph(c.piece, colour, flipped ? FLIP_FORWARD[fwd] ?? fwd : fwd, u);
    } else if (game === 'travelers') glyph = travelersGlyph(c.piece, colour, u);
    else glyph = trapGlyph(colour, !!c.trapped, u);
    const wrap = s('g', { transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})`, 'data-cell': c.name }, glyph);
    piecesG.append(wrap);
  }
  svg.append(piecesG);

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
    const occupied = !!layout.cellOf.get(key)?.piece;
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

  if (marks.onClick) {
    const onClick = marks.onClick;
    svg.classList.add('clickable');
    svg.addEventListener('click', (ev) => {
      const el = (ev.target as Element).closest('[data-click]');
      if (el) onClick(el.getAttribute('data-click')!);
    });
  }
  // Hovering a target lights its route.
  svg.addEventListener('pointerover', (ev) => {
    const el = (ev.target as Element).closest('[data-click]');
    svg.querySelectorAll('.hot').forEach((e) => e.classList.remove('hot'));
    if (!el) return;
    const key = el.getAttribute('data-click')!;
    svg.querySelectorAll(`[data-for="${CSS.escape(key)}"]`).forEach((e) => e.classList.add('hot'));
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
