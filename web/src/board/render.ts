// Draws a board view (docs/api.md "Board view") as one SVG: square boards and hex fields with
// their slots. Knows no rule and no game: what may be clicked and the routes come from the server
// (`legal`), the rest from the view: cells with their tags (as classes), zones (a destination
// row tinted, a start row as a band on its edge), walls, and each piece as its game's glyph
// (glyphs.ts).

import type { BoardView, LastMove, LegalNext, ViewCell } from '../api';
import { s } from '../dom';
import { gameTitle } from '../catalog';
import { t } from '../i18n';
import { markStroke, pieceFill } from './colours';
import { drawGlyph } from './glyphs';
import { hexLayout, hexSlots, kSlotReach, type Layout, polyline, routeRuns, slotEnds, slotKey, squareLayout } from './layout';
import { motionAllowed, type MoveRoute, planMotion, playMotion } from './motion';
import { normTurns, type Side, turnSide } from './orientation';
import { attachPointer, type HitShape, type Point } from './pointer';
import { recentMarks, type RecentMove, sameMove } from './recent';

export { slotKey } from './layout';
export type { RecentMove } from './recent';

export interface BoardMarks {
  lastMove?: LastMove | null;
  selected?: string[]; // the clicks made so far
  targets?: LegalNext[]; // what may be clicked next, with its route
  path?: string[]; // the route of the clicks so far (or of a complete move)
  recent?: RecentMove[]; // oldest first
  // A move to play out (motion.ts): what it did from `before` to the view drawn, `elapsed` ms in.
  motion?: { before?: BoardView; move: MoveRoute; elapsed?: number };
  turns?: number; // quarter turns counter-clockwise (orientation.ts)
  flipped?: boolean; // turns 2, when `turns` is not given
  coords?: boolean; // the coordinates or cell names (default: shown); without them a hovered cell is named
  onClick?: (name: string) => void;
}

let svgCounter = 0;

// The layout each drawn board was laid out by, for what is drawn over it later (arrows.ts).
const layouts = new WeakMap<SVGSVGElement, Layout>();
export function boardLayout(svg: SVGSVGElement): Layout | undefined {
  return layouts.get(svg);
}


export function renderBoard(view: BoardView, game: string, marks: BoardMarks = {}): SVGSVGElement {
  const hex = view.shape === 'hex';
  // Hex fields turn by halves only.
  const turns = normTurns(marks.turns ?? (marks.flipped ? 2 : 0)) & (hex ? 2 : 3);
  const layout = hex ? hexLayout(view, turns) : squareLayout(view, turns);
  const u = layout.unit;
  const id = `b${++svgCounter}`;
  const svg = s('svg', {
    class: `board board-${game} board-${view.shape}`,
    viewBox: `0 0 ${layout.width.toFixed(1)} ${layout.height.toFixed(1)}`,
    role: 'img',
    'aria-label': t('game.board', { game: gameTitle(game) }),
  });
  layouts.set(svg, layout);
  // Arrowheads: outlined so they read on light and dark squares alike; one per seat colour for
  // the moves of others.
  const defs = s('defs');
  const arrowHead = (name: string, cls: string, fill?: string) =>
    defs.append(s('marker', { id: `${id}-${name}`, viewBox: '-1 -1 12 12', refX: 7, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' },
      s('path', { d: 'M0,0L10,5L0,10z', class: cls, style: fill ? `fill:${fill}` : undefined })));
  arrowHead('arrow', 'arrow-head');
  arrowHead('arrow-last', 'arrow-head last');
  for (const colour of new Set((marks.recent ?? []).map((m) => m.colour))) arrowHead(`arrow-${colour}`, 'arrow-head recent', markStroke(colour));
  svg.append(defs);

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
      const outer = outerSide(c, view, turns);
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

  // Coordinates along the bottom and left edges as drawn (square boards: letters name columns,
  // numbers rows), or each empty cell's name (hex, small).
  const showCoords = marks.coords ?? true;
  const labels = s('g', { class: 'coords', 'pointer-events': 'none' });
  if (showCoords && !hex) {
    const at = view.cells.map((c) => layout.centre.get(c.name)!);
    const lowest = Math.max(...at.map((p) => p[1]));
    const leftmost = Math.min(...at.map((p) => p[0]));
    const sideways = turns % 2 === 1; // columns run up the screen
    for (const c of view.cells) {
      const [cx, cy] = layout.centre.get(c.name)!;
      const file = c.name.replace(/\d+$/, '');
      const rank = c.name.replace(/^[a-z]+/, '');
      if (Math.abs(cy - lowest) < 0.5) labels.append(s('text', { x: cx, y: cy + u / 2 + 12, 'text-anchor': 'middle' }, sideways ? rank : file));
      if (Math.abs(cx - leftmost) < 0.5) labels.append(s('text', { x: cx - u / 2 - 5, y: cy + 4, 'text-anchor': 'end' }, sideways ? file : rank));
    }
  } else if (showCoords) {
    for (const c of view.cells) {
      if (c.glyph) continue;
      const [cx, cy] = layout.centre.get(c.name)!;
      labels.append(s('text', { x: cx, y: cy + 3.5, 'text-anchor': 'middle', class: 'cell-name' }, c.name));
    }
  }
  svg.append(labels);

  // Walls and the slots that can be clicked (hex).
  const freeSlots: HitShape['slots'] = [];
  let wallsOf: SVGGElement | null = null;
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
        // A wall is a beam: its body, and a lit line along it that the board theme styles.
        const ends = { x1: p[0], y1: p[1], x2: q[0], y2: q[1] };
        wallsG.append(s('g', { class: lastSlots.has(key) ? 'wall last' : 'wall', 'data-slot': key },
          s('line', { ...ends, class: 'wall-body' }), s('line', { ...ends, class: 'wall-shine' })));
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
    wallsOf = wallsG;
  }

  // The last move's route, under the pieces: its arrowhead stops at the edge of the piece moved.
  const lastRoute = s('g', { class: 'routes', 'pointer-events': 'none' });
  const recent = marks.recent ?? [];
  for (const m of recent) {
    for (const run of routeRuns(layout, m.path)) {
      lastRoute.append(s('polyline', { points: polyline(stopShort(run, u * 0.42)), class: 'route recent', style: `stroke:${markStroke(m.colour)}`, 'data-ply': m.ply, 'marker-end': `url(#${id}-arrow-${m.colour})` }));
    }
  }
  const lastIsRecent = recent.length > 0 && sameMove(recent[recent.length - 1], marks.lastMove);
  if (marks.lastMove && !lastIsRecent && !(marks.path && marks.path.length)) {
    for (const run of routeRuns(layout, marks.lastMove.path)) {
      lastRoute.append(s('polyline', { points: polyline(stopShort(run, u * 0.42)), class: 'route last', 'marker-end': `url(#${id}-arrow-last)` }));
    }
  }
  svg.append(lastRoute);

  // Pieces.
  const piecesG = s('g', { class: 'pieces', 'pointer-events': 'none' });
  for (const c of view.cells) {
    if (!c.glyph) continue;
    const [cx, cy] = layout.centre.get(c.name)!;
    const glyph = drawGlyph(game, c, view.players[c.owner], turns, u);
    const wrap = s('g', { transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})`, 'data-cell': c.name }, glyph);
    piecesG.append(wrap);
  }
  const ghostsG = s('g', { class: 'ghosts', 'pointer-events': 'none' });
  svg.append(piecesG, ghostsG);
  // The move played out, its parts one after another (never with reduced motion).
  if (marks.motion && motionAllowed()) {
    const { before, move, elapsed = 0 } = marks.motion;
    const plan = planMotion(before, view, move, layout.neighbours);
    if (plan.steps.length && elapsed < plan.totalMs) {
      const scene = { layout, pieces: piecesG, walls: wallsOf, ghosts: ghostsG, ghost: (c: ViewCell) => drawGlyph(game, c, before?.players[c.owner], turns, u) };
      playMotion(scene, plan, elapsed);
      svg.setAttribute('data-motion-ms', String(plan.totalMs));
    }
  }

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
        ? s('circle', { cx: p[0], cy: p[1], r: u * 0.43, class: 'target-ring', 'data-for': t.click })
        : s('circle', { cx: p[0], cy: p[1], r: u * 0.17, class: 'target-dot', 'data-for': t.click }),
    );
  }
  for (const name of selected) {
    const p = layout.centre.get(name);
    if (p) marksG.append(s('circle', { cx: p[0], cy: p[1], r: u * 0.46, class: 'selected-ring' }));
  }
  svg.append(marksG);
  // The name of the cell under the mouse, when the coordinates are not shown.
  const hovered = s('text', { class: 'hover-name', 'text-anchor': 'middle', 'pointer-events': 'none', visibility: 'hidden' });
  if (!showCoords) svg.append(hovered);

  // Clicks and taps name a cell or slot by geometry (pointer.ts); hovering one lights it and the
  // route to it.
  if (marks.onClick) svg.classList.add('clickable');
  // Nothing selected yet: the marks on what can move are light, and full on the one hovered.
  if (targets.size && !selected.size) svg.classList.add('picking');
  const shape: HitShape = {
    cells: view.cells.map((c) => ({ name: c.name, at: layout.centre.get(c.name)! })),
    slots: freeSlots,
    inside: layout.inside,
    slotReach: kSlotReach * u,
  };
  attachPointer(svg, shape, marks.onClick, (name) => {
    svg.querySelectorAll('.hot, .hover').forEach((e) => e.classList.remove('hot', 'hover'));
    const at = name ? layout.centre.get(name) : undefined;
    hovered.setAttribute('visibility', at ? 'visible' : 'hidden');
    if (at) {
      hovered.textContent = name;
      hovered.setAttribute('x', at[0].toFixed(1));
      hovered.setAttribute('y', (at[1] - u * 0.3).toFixed(1));
    }
    if (!name) return;
    svg.querySelectorAll(`[data-for="${CSS.escape(name)}"]`).forEach((e) => e.classList.add('hot'));
    svg.querySelectorAll(`.slot[data-click="${CSS.escape(name)}"]`).forEach((e) => e.classList.add('hover'));
  });
  return svg;
}


// A route ending `by` short of its last point (where a piece stands over it).
function stopShort(run: Point[], by: number): Point[] {
  const [x0, y0] = run[run.length - 2];
  const [x1, y1] = run[run.length - 1];
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len <= by * 1.5) return run;
  const k = (len - by) / len;
  return [...run.slice(0, -1), [x0 + (x1 - x0) * k, y0 + (y1 - y0) * k]];
}

function selectedSlotName(key: string, selected?: string[]): string | undefined {
  return selected?.find((c) => c.includes('|') && slotKey(c) === key);
}

// Which side of the board a border cell lies on, as drawn.
function outerSide(c: ViewCell, view: BoardView, turns: number): Side {
  let side: Side;
  if (c.row === 0) side = 'bottom';
  else if (c.row === view.height - 1) side = 'top';
  else if (c.col === 0) side = 'left';
  else side = 'right';
  return turnSide(side, turns);
}
