// Where a board view's cells, slots and routes lie in the SVG: square boards (Traverse, the
// Travelers) and the hex field of Trap (pointy-top hexagons). Geometry only; no rule.

import type { BoardView, ViewCell } from '../api';
import { s } from '../dom';
import { normTurns, turnGrid } from './orientation';
import type { Point } from './pointer';

export interface Layout {
  width: number;
  height: number;
  unit: number;
  centre: Map<string, Point>;
  cellOf: Map<string, ViewCell>;
  // Cell outline at its place.
  outline(cell: ViewCell): SVGElement;
  neighbours(a: string, b: string): boolean;
  // Whether an offset from a cell's centre lies on that cell.
  inside(dx: number, dy: number): boolean;
}

// How near a slot's midpoint (in centre-to-centre distances) a point names the slot rather than
// a cell: a little under half way to either cell's centre, so a tap on a mover (drawn 0.34 of
// that distance across) names the mover and a tap on the edge between two cells names the slot.
export const kSlotReach = 0.22;

// "c3|c4" ↔ the two cells, whatever order the name gives them.
export function slotKey(name: string): string {
  return name.split('|').sort().join('|');
}

// A square board turned `turns` quarter turns counter-clockwise (orientation.ts).
export function squareLayout(view: BoardView, turns: number): Layout {
  const u = 40;
  const pad = 18;
  const centre = new Map<string, Point>();
  const cellOf = new Map<string, ViewCell>();
  const [, , across, down] = turnGrid(0, 0, view.width, view.height, turns);
  const place = (c: ViewCell): Point => {
    const [x, y] = turnGrid(c.col, view.height - 1 - c.row, view.width, view.height, turns);
    return [pad + x * u, 4 + y * u];
  };
  for (const c of view.cells) {
    const [x, y] = place(c);
    centre.set(c.name, [x + u / 2, y + u / 2]);
    cellOf.set(c.name, c);
  }
  return {
    width: pad + across * u + 4,
    height: 4 + down * u + pad,
    unit: u,
    centre,
    cellOf,
    outline: (c) => {
      const [x, y] = place(c);
      return s('rect', { x, y, width: u, height: u });
    },
    neighbours: () => true,
    inside: (dx, dy) => Math.max(Math.abs(dx), Math.abs(dy)) <= u / 2,
  };
}

// A hex field, upright or flipped (`turns` 2); hexagons are not drawn a quarter turn round (1 and
// 3 draw it upright).
export function hexLayout(view: BoardView, turns: number): Layout {
  const flipped = normTurns(turns) === 2;
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
    neighbours: touching(view),
    inside: (dx, dy) => Math.hypot(dx, dy) <= r,
  };
}

// Whether two cells of a view share an edge as drawn: any two cells of a square board (a route
// there runs straight from landing to landing), neighbouring hexagons of a hex field.
export function touching(view: BoardView): (a: string, b: string) => boolean {
  if (view.shape !== 'hex') return () => true;
  const cellOf = new Map<string, ViewCell>(view.cells.map((c) => [c.name, c]));
  return (a, b) => {
    const ca = cellOf.get(a);
    const cb = cellOf.get(b);
    if (!ca || !cb) return false;
    const dc = Math.abs(ca.col - cb.col);
    const dr = Math.abs(ca.row - cb.row);
    return (dr === 0 && dc === 2) || (dr === 1 && dc === 1);
  };
}

// Every slot of a hex field: the edge between two neighbouring cells, as [key, a, b].
export function hexSlots(view: BoardView, layout: Layout): [string, string, string][] {
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

export function slotEnds(layout: Layout, a: string, b: string, shrink = 1): [Point, Point] {
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
export function routeRuns(layout: Layout, path: string[]): Point[][] {
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

export function polyline(points: Point[]): string {
  return points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
}
