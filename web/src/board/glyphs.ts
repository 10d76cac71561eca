// Piece glyphs, drawn centred on (0, 0) for a cell of size `u`. Each returns one SVG group of
// class `piece piece-<kind>`, built of tokens with depth (token.ts) that the board theme styles.
// The one place in the board drawing that knows a game: how each game's glyph keys look
// (presentation only; which piece stands where comes from the board view). A game without a
// drawing here gets a plain token with its glyph key's initial.

import type { ViewCell, ViewPlayer } from '../api';
import { s } from '../dom';
import { emblem, pieceInk } from './colours';
import { turnDirection } from './orientation';
import { type Outline, type Point, pip, ring, rounded, seatMark, token } from './token';

// `turns`: the quarter turns the board is drawn with (orientation.ts); true is a flipped board.
type GlyphDrawer = (cell: ViewCell, player: ViewPlayer | undefined, turns: number, u: number) => SVGGElement;

const DRAWERS: Record<string, GlyphDrawer> = {
  traverse: (c, player, turns, u) => traverseGlyph(c.glyph, player?.colour ?? '', turnDirection(player?.forward || 'up', turns), u),
  travelers: (c, player, _turns, u) => travelersGlyph(c.glyph, player?.colour ?? '', u),
  trap: (c, player, _turns, u) => trapGlyph(player?.colour ?? '', c.tags.includes('trapped'), u),
};

// The piece on `cell` of a board of `game`, owned by `player`, on a board drawn turned `turns`
// quarter turns (true: flipped).
export function drawGlyph(game: string, cell: ViewCell, player: ViewPlayer | undefined, turns: number | boolean, u: number): SVGGElement {
  const draw = DRAWERS[game];
  if (draw) return draw(cell, player, turns === true ? 2 : Number(turns), u);
  const colour = player?.colour ?? '';
  return s('g', { class: `piece piece-${cell.glyph}` },
    token({ circle: u * 0.34 }, colour, u),
    s('text', { x: 0, y: 0, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': (u * 0.42).toFixed(1), 'font-weight': 700, fill: pieceInk(colour), class: 'glyph-label' },
      cell.glyph.charAt(0).toUpperCase()));
}

const ROTATE: Record<string, number> = { up: 0, right: 90, down: 180, left: 270 };

function scaled(points: Point[], r: number): Point[] {
  return points.map(([x, y]) => [x * r, y * r]);
}

// Traverse: square, circle, triangle and diamond, all four in every player's colour, so each
// player's pieces also carry the player's seat mark (colours.ts emblem()), upright on the
// screen. The triangle and diamond point `forward`, a chevron by the tip saying which way.
const TRAVERSE: Record<string, { outline: (r: number) => Outline; mark: number; tip?: number }> = {
  square: { outline: (r) => ({ path: rounded(scaled([[-0.88, -0.88], [0.88, -0.88], [0.88, 0.88], [-0.88, 0.88]], r), 0.16) }), mark: 0 },
  circle: { outline: (r) => ({ circle: r * 0.95 }), mark: 0 },
  triangle: {
    outline: (r) => ({ path: rounded(scaled([[0, -1.1], [1.04, 0.8], [-1.04, 0.8]], r), 0.16), centre: [0, r * 0.17] }),
    mark: 0.3,
    tip: -0.42,
  },
  diamond: { outline: (r) => ({ path: rounded(scaled([[0, -1.14], [0.76, 0], [0, 1.14], [-0.76, 0]], r), 0.14) }), mark: 0.16, tip: -0.56 },
};

export function traverseGlyph(kind: string, colour: string, forward: string, u: number): SVGGElement {
  const r = u * 0.36;
  const deg = ROTATE[forward] ?? 0;
  const spec = TRAVERSE[kind];
  const g = s('g', { class: `piece piece-${kind}`, transform: `rotate(${deg})`, 'data-colour': colour });
  if (!spec) {
    g.append(...token({ circle: r * 0.6 }, colour, u, { deg }));
    return g;
  }
  g.append(...token(spec.outline(r), colour, u, { deg }));
  const small = kind === 'triangle' || kind === 'diamond';
  g.append(seatMark(emblem(colour), colour, u * (small ? 0.07 : 0.09), [0, r * spec.mark], deg));
  if (spec.tip !== undefined) {
    const c = u * 0.06;
    const y = r * spec.tip;
    g.append(s('path', {
      class: 'pc-dir',
      d: `M${(-c).toFixed(2)},${(y + c * 0.55).toFixed(2)}L0,${(y - c * 0.45).toFixed(2)}L${c.toFixed(2)},${(y + c * 0.55).toFixed(2)}`,
      fill: 'none',
      stroke: pieceInk(colour),
      'stroke-width': (u * 0.03).toFixed(2),
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }));
  }
  return g;
}

// The Travelers: a set of six for White and Black, told apart by their outlines and marks: the
// Traveler a compass star, the Displacer an octagon with its swap arrows, the Block a square of
// bricks, and the capturers one, two or three pips, as on dice (the distance each captures at).
const TRAVELERS: Record<string, (r: number, colour: string, u: number) => SVGElement[]> = {
  traveler: (r, colour, u) => {
    const star: Point[] = [];
    for (let i = 0; i < 16; i++) {
      const a = (Math.PI / 8) * i;
      const rr = i % 4 === 0 ? 1.1 : i % 2 === 0 ? 0.74 : 0.36;
      star.push([Math.sin(a) * rr * r, -Math.cos(a) * rr * r]);
    }
    return [...token({ path: rounded(star, 0.12) }, colour, u, { rim: 0 }),
      s('circle', { class: 'pc-pip', cx: 0, cy: 0, r: (r * 0.2).toFixed(2), fill: 'none', stroke: pieceInk(colour), 'stroke-width': (u * 0.035).toFixed(2) })];
  },
  displacer: (r, colour, u) => {
    const a = r * 0.5;
    const y = r * 0.24;
    const h = r * 0.2;
    const ink = pieceInk(colour);
    return [...token({ path: rounded(ring(8, r * 1.02, Math.PI / 8), 0.14) }, colour, u),
      s('path', {
        class: 'pc-mark',
        d: `M${-a},${-y}H${a}M${a - h},${-y - h}L${a},${-y}L${a - h},${-y + h}M${a},${y}H${-a}M${-a + h},${y - h}L${-a},${y}L${-a + h},${y + h}`,
        fill: 'none', stroke: ink, 'stroke-width': (u * 0.038).toFixed(2), 'stroke-linecap': 'round', 'stroke-linejoin': 'round',
      })];
  },
  block: (r, colour, u) => {
    const b = r * 0.6;
    return [...token({ path: rounded(scaled([[-0.92, -0.92], [0.92, -0.92], [0.92, 0.92], [-0.92, 0.92]], r), 0.1) }, colour, u, { rim: 0.8 }),
      s('path', {
        class: 'pc-mark',
        d: `M${-b},0H${b}M0,${-b}V0M${-b * 0.5},0V${b}M${b * 0.5},0V${b}`,
        fill: 'none', stroke: pieceInk(colour), 'stroke-width': (u * 0.032).toFixed(2), 'stroke-linecap': 'round',
      })];
  },
  ace: (r, colour, u) => [...token({ circle: r * 0.92 }, colour, u), pip(colour, r * 0.19, [0, 0])],
  deuce: (r, colour, u) => [
    ...token({ path: rounded(scaled([[0, -1.1], [1.02, 0], [0, 1.1], [-1.02, 0]], r), 0.2) }, colour, u),
    pip(colour, r * 0.15, [0, -r * 0.36]), pip(colour, r * 0.15, [0, r * 0.36]),
  ],
  trey: (r, colour, u) => [
    ...token({ path: rounded(scaled([[0, -1.08], [1.1, 0.84], [-1.1, 0.84]], r), 0.18), centre: [0, r * 0.2] }, colour, u),
    pip(colour, r * 0.14, [0, -r * 0.18]), pip(colour, r * 0.14, [-r * 0.34, r * 0.42]), pip(colour, r * 0.14, [r * 0.34, r * 0.42]),
  ],
};

export function travelersGlyph(kind: string, colour: string, u: number): SVGGElement {
  const r = u * 0.38;
  const draw = TRAVELERS[kind];
  return s('g', { class: `piece piece-${kind}`, 'data-colour': colour }, draw ? draw(r, colour, u) : token({ circle: r * 0.6 }, colour, u));
}

// Trap: a mover, a round token with a raised head, every player's the same shape, so the head
// carries the player's seat mark; a trapped one is greyed and crossed.
export function trapGlyph(colour: string, trapped: boolean, u: number): SVGGElement {
  const r = u * 0.34;
  const g = s('g', { class: `piece piece-mover${trapped ? ' trapped' : ''}`, 'data-colour': colour },
    s('g', { class: 'pc-body', opacity: trapped ? 0.55 : 1 },
      token({ circle: r }, colour, u, { rim: 0.84 }),
      token({ circle: r * 0.56 }, colour, u * 0.7, { rim: 0 }),
      seatMark(emblem(colour), colour, r * 0.26)));
  if (trapped) {
    const d = r * 0.6;
    g.append(s('path', { class: 'pc-trapped', d: `M${-d},${-d}L${d},${d}M${d},${-d}L${-d},${d}`, stroke: '#1d1d1d', 'stroke-width': u * 0.08, 'stroke-linecap': 'round' }));
  }
  return g;
}
