// Piece glyphs, drawn centred on (0, 0) for a cell of size `u`. Each returns one SVG group.
// The one place in the board drawing that knows a game: how each game's glyph keys look
// (presentation only; which piece stands where comes from the board view). A game without a
// drawing here gets a plain disc with its glyph key's initial.

import type { ViewCell, ViewPlayer } from '../api';
import { s } from '../dom';
import { pieceFill, pieceInk, pieceStroke } from './colours';
import { turnDirection } from './orientation';

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
    s('circle', { cx: 0, cy: 0, r: u * 0.34, fill: pieceFill(colour), stroke: pieceStroke(colour), 'stroke-width': (u * 0.05).toFixed(2) }),
    label(cell.glyph.charAt(0).toUpperCase(), u, pieceInk(colour)));
}

const ROTATE: Record<string, number> = { up: 0, right: 90, down: 180, left: 270 };

function pts(points: [number, number][]): string {
  return points.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(' ');
}

function label(text: string, u: number, ink: string, dy = 0, size = 0.42): SVGTextElement {
  return s(
    'text',
    {
      x: 0,
      y: dy,
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      'font-size': (u * size).toFixed(1),
      'font-weight': 700,
      fill: ink,
      class: 'glyph-label',
    },
    text,
  );
}

// Traverse: square, circle, triangle and diamond; the triangle and diamond point `forward`.
export function traverseGlyph(kind: string, colour: string, forward: string, u: number): SVGGElement {
  const fill = pieceFill(colour);
  const stroke = pieceStroke(colour);
  const r = u * 0.36;
  const common = { fill, stroke, 'stroke-width': (u * 0.05).toFixed(2), 'stroke-linejoin': 'round' };
  let shape: SVGElement;
  let mark: SVGElement | null = null;
  switch (kind) {
    case 'square':
      shape = s('rect', { ...common, x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: u * 0.04 });
      break;
    case 'circle':
      shape = s('circle', { ...common, cx: 0, cy: 0, r });
      break;
    case 'triangle':
      shape = s('polygon', { ...common, points: pts([[0, -r * 1.05], [r * 1.0, r * 0.75], [-r * 1.0, r * 0.75]]) });
      break;
    case 'diamond':
      shape = s('polygon', { ...common, points: pts([[0, -r * 1.12], [r * 0.72, 0], [0, r * 1.12], [-r * 0.72, 0]]) });
      // A notch near the forward tip tells the diamond's direction.
      mark = s('circle', { cx: 0, cy: -r * 0.55, r: u * 0.05, fill: stroke });
      break;
    default:
      shape = s('circle', { ...common, cx: 0, cy: 0, r: r * 0.6 });
  }
  const g = s('g', { class: `piece piece-${kind}`, transform: `rotate(${ROTATE[forward] ?? 0})` }, shape, mark);
  if (kind === 'triangle') g.append(s('circle', { cx: 0, cy: -r * 0.35, r: u * 0.05, fill: stroke }));
  return g;
}

// The Travelers: six kinds, each its own outline and letter, white or black.
export const TRAVELERS_LETTER: Record<string, string> = {
  traveler: 'T',
  displacer: 'D',
  block: 'B',
  ace: '1',
  deuce: '2',
  trey: '3',
};

export function travelersGlyph(kind: string, colour: string, u: number): SVGGElement {
  const fill = pieceFill(colour);
  const stroke = pieceStroke(colour);
  const ink = pieceInk(colour);
  const r = u * 0.38;
  const common = { fill, stroke, 'stroke-width': (u * 0.045).toFixed(2), 'stroke-linejoin': 'round' };
  const parts: SVGElement[] = [];
  let letterDy = 0;
  switch (kind) {
    case 'traveler': {
      // A five-pointed star: the pieces that must reach the far side.
      const p: [number, number][] = [];
      for (let i = 0; i < 10; i++) {
        const a = (Math.PI / 5) * i - Math.PI / 2;
        const rr = i % 2 === 0 ? r * 1.12 : r * 0.5;
        p.push([Math.cos(a) * rr, Math.sin(a) * rr + r * 0.08]);
      }
      parts.push(s('polygon', { ...common, points: pts(p) }));
      letterDy = r * 0.12;
      break;
    }
    case 'displacer': {
      const p: [number, number][] = [];
      for (let i = 0; i < 8; i++) {
        const a = (Math.PI / 4) * i + Math.PI / 8;
        p.push([Math.cos(a) * r, Math.sin(a) * r]);
      }
      parts.push(s('polygon', { ...common, points: pts(p) }));
      parts.push(s('polygon', { fill: 'none', stroke: ink, 'stroke-width': u * 0.025, points: pts(p.map(([x, y]) => [x * 0.78, y * 0.78])) }));
      break;
    }
    case 'block':
      parts.push(s('rect', { ...common, x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8 }));
      parts.push(s('line', { x1: -r * 0.9, y1: 0, x2: r * 0.9, y2: 0, stroke: ink, 'stroke-width': u * 0.02, opacity: 0.35 }));
      break;
    case 'ace':
      parts.push(s('circle', { ...common, cx: 0, cy: 0, r: r * 0.92 }));
      break;
    case 'deuce':
      parts.push(s('polygon', { ...common, points: pts([[0, -r * 1.05], [r * 1.05, 0], [0, r * 1.05], [-r * 1.05, 0]]) }));
      break;
    case 'trey':
      parts.push(s('polygon', { ...common, points: pts([[0, -r * 1.05], [r * 1.05, r * 0.8], [-r * 1.05, r * 0.8]]) }));
      letterDy = r * 0.22;
      break;
    default:
      parts.push(s('circle', { ...common, cx: 0, cy: 0, r: r * 0.6 }));
  }
  const size = kind === 'trey' ? 0.34 : kind === 'traveler' ? 0.3 : 0.42;
  const g = s('g', { class: `piece piece-${kind}` }, parts, label(TRAVELERS_LETTER[kind] ?? '?', u, ink, letterDy, size));
  return g;
}

// Trap: a mover; a trapped one is greyed and crossed.
export function trapGlyph(colour: string, trapped: boolean, u: number): SVGGElement {
  const r = u * 0.34;
  const g = s(
    'g',
    { class: `piece piece-mover${trapped ? ' trapped' : ''}` },
    s('circle', {
      cx: 0,
      cy: 0,
      r,
      fill: pieceFill(colour),
      stroke: '#1d1d1d',
      'stroke-width': u * 0.05,
      opacity: trapped ? 0.55 : 1,
    }),
  );
  if (trapped) {
    const d = r * 0.6;
    g.append(
      s('path', { d: `M${-d},${-d}L${d},${d}M${d},${-d}L${-d},${d}`, stroke: '#1d1d1d', 'stroke-width': u * 0.08, 'stroke-linecap': 'round' }),
    );
  }
  return g;
}
