// A piece as a token with depth, the parts every game's pieces are built of (glyphs.ts): its
// side (the outline again, a little lower and darker), its face in the player's colour with a
// darker edge, a shine over the face and a lit rim inset from the edge (paints.ts), then its
// marks. Each part has a class the board theme styles (static/pieces.css: .pc-*), so a theme
// changes the look of every piece drawn without drawing it again.
//
// An outline is a circle or a path of rounded corners, centred on (0, 0) for a cell of size `u`.

import { s } from '../dom';
import { type Emblem, pieceFill, pieceInk, shade } from './colours';
import { paint } from './paints';

export type Point = [number, number];
export type Outline = { circle: number } | { path: string; centre?: Point };

function fmt(n: number): string {
  return n.toFixed(2);
}

// A closed path through `points` with each corner rounded by up to `round` of the shorter edge.
export function rounded(points: Point[], round = 0.18): string {
  const n = points.length;
  let d = '';
  for (let i = 0; i < n; i++) {
    const [px, py] = points[(i + n - 1) % n];
    const [x, y] = points[i];
    const [nx, ny] = points[(i + 1) % n];
    const a = Math.hypot(px - x, py - y);
    const b = Math.hypot(nx - x, ny - y);
    const r = Math.min(a, b) * round;
    const p1: Point = [x + ((px - x) * r) / a, y + ((py - y) * r) / a];
    const p2: Point = [x + ((nx - x) * r) / b, y + ((ny - y) * r) / b];
    d += `${i === 0 ? 'M' : 'L'}${fmt(p1[0])},${fmt(p1[1])}Q${fmt(x)},${fmt(y)} ${fmt(p2[0])},${fmt(p2[1])}`;
  }
  return `${d}Z`;
}

// `n` points evenly on a circle of radius `r`, the first at angle `start` (radians, 0 = up).
export function ring(n: number, r: number, start = 0): Point[] {
  return Array.from({ length: n }, (_, i) => {
    const a = start + (2 * Math.PI * i) / n;
    return [Math.sin(a) * r, -Math.cos(a) * r] as Point;
  });
}

function shape(o: Outline, attrs: Record<string, string | number>, inset = 1): SVGElement {
  if ('circle' in o) return s('circle', { cx: 0, cy: 0, r: fmt(o.circle * inset), ...attrs });
  const [cx, cy] = o.centre ?? [0, 0];
  const transform = inset === 1 ? undefined : `translate(${fmt(cx)},${fmt(cy)}) scale(${inset}) translate(${fmt(-cx)},${fmt(-cy)})`;
  return s('path', { d: o.path, transform, ...attrs });
}

export interface TokenOptions {
  deg?: number; // the quarter turns the piece is drawn with (its light is turned back)
  rim?: number; // how far in the lit rim sits (0: none)
}

// The layers of one token of `colour` shaped `o`, as parts of the piece's group.
export function token(o: Outline, colour: string, u: number, { deg = 0, rim = 0.76 }: TokenOptions = {}): SVGElement[] {
  const fill = pieceFill(colour);
  // The side shows below the face as drawn, whatever the turn: its offset is turned back.
  const a = (deg * Math.PI) / 180;
  const depth = u * 0.055;
  // A path even for a circle, so that a piece's first circle is its face.
  const side = s('path', {
    class: 'pc-side',
    d: 'circle' in o ? circlePath(o.circle) : o.path,
    fill: shade(fill, colour === 'black' ? 0.55 : 0.42),
    transform: `translate(${fmt(depth * Math.sin(a))},${fmt(depth * Math.cos(a))})`,
  });
  const parts: SVGElement[] = [
    side,
    shape(o, { class: 'pc-face', fill, stroke: shade(fill, colour === 'black' ? 1 : 0.55), 'stroke-width': fmt(u * 0.035), 'stroke-linejoin': 'round' }),
    shape(o, { class: 'pc-shine', fill: paint('shine', deg) }),
  ];
  // A path's rim is the outline scaled, its stroke with it; a circle's is a smaller circle.
  const rimWidth = 'circle' in o ? u * 0.03 : (u * 0.03) / rim;
  if (rim > 0) parts.push(shape(o, { class: 'pc-rim', fill: 'none', stroke: paint('rim', deg), 'stroke-width': fmt(rimWidth), 'stroke-linejoin': 'round' }, rim));
  return parts;
}

function circlePath(r: number): string {
  return `M${fmt(-r)},0A${fmt(r)},${fmt(r)} 0 1 0 ${fmt(r)},0A${fmt(r)},${fmt(r)} 0 1 0 ${fmt(-r)},0Z`;
}

// A seat mark of size `k` (about its radius) at (x, y), upright on the screen on a piece turned
// `deg` degrees.
export function seatMark(kind: Emblem, colour: string, k: number, [x, y]: Point = [0, 0], deg = 0): SVGGElement {
  const ink = pieceInk(colour);
  const g = s('g', { class: 'pc-mark', 'data-mark': kind, transform: `translate(${fmt(x)},${fmt(y)}) rotate(${-deg})`, fill: ink });
  switch (kind) {
    case 'dot':
      g.append(s('circle', { cx: 0, cy: 0, r: fmt(k * 0.85) }));
      break;
    case 'ring':
      g.append(s('circle', { cx: 0, cy: 0, r: fmt(k * 0.8), fill: 'none', stroke: ink, 'stroke-width': fmt(k * 0.45) }));
      break;
    case 'cross':
      g.append(s('path', { d: `M${fmt(-k)},0H${fmt(k)}M0,${fmt(-k)}V${fmt(k)}`, fill: 'none', stroke: ink, 'stroke-width': fmt(k * 0.5), 'stroke-linecap': 'round' }));
      break;
    case 'bars':
      g.append(s('path', { d: `M${fmt(-k)},${fmt(-k * 0.45)}H${fmt(k)}M${fmt(-k)},${fmt(k * 0.45)}H${fmt(k)}`, fill: 'none', stroke: ink, 'stroke-width': fmt(k * 0.42), 'stroke-linecap': 'round' }));
      break;
  }
  return g;
}

// A pip (a dot of ink) of radius `r` at (x, y).
export function pip(colour: string, r: number, [x, y]: Point): SVGElement {
  return s('circle', { class: 'pc-pip', cx: fmt(x), cy: fmt(y), r: fmt(r), fill: pieceInk(colour) });
}
