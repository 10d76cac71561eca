// A move's motion: the pieces and walls it changes, played one after another on a drawn board.
// Knows no rule and no game. The route comes from the server (a move's `path`: every landing of
// a jump chain, Trap's two movers one after the other); everything else the move did is read
// from the board before and after it: a piece that left one cell and stands on another flies
// there (a displaced piece), a piece that is gone fades where it stood (a capture), a wall that
// was not there slides into its slot. The parts follow the order the move names them in (its
// `cells`, in click order), so a displacement comes after the displacer's move and a wall after
// the step before it.
//
// Each hop takes kHopMs, so a move never holds up play for long; with prefers-reduced-motion
// nothing moves.

import type { BoardView, ViewCell } from '../api';
import { slotEnds, slotKey, type Layout } from './layout';

export const kHopMs = 120; // one hop of a route, a flight, a wall; at most 150 ms
const kFadeMs = 120; // a captured piece fading as the capturer lands

// What a move did, as far as drawing goes: the route the server gives and the cells it names.
export interface MoveRoute {
  path: string[];
  cells: string[];
}

export type MotionStep =
  | { kind: 'route'; cells: string[]; at: number; ms: number } // a piece along `cells` (it ends on the last)
  | { kind: 'flight'; from: string; to: string; at: number; ms: number } // a piece moved off the route
  | { kind: 'appear'; cell: string; at: number; ms: number } // a piece that came from nowhere
  | { kind: 'capture'; cell: ViewCell; at: number; ms: number } // a piece gone (drawn as it stood)
  | { kind: 'wall'; slot: string; at: number; ms: number }; // a wall new in the slot (its key)

export interface MotionPlan {
  steps: MotionStep[];
  totalMs: number;
  captures: number; // pieces gone
  flights: number; // pieces moved off the route (displaced)
}

// Whether the system lets things move.
export function motionAllowed(): boolean {
  return !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

function pieceKey(c: ViewCell | undefined): string {
  return c && c.glyph ? `${c.glyph}/${c.owner}` : '';
}

// The motion of `move` from `before` (undefined when the page never saw it: the route alone) to
// `after`. `neighbours` says whether two cells touch as drawn (a route is split where it jumps
// from one piece's steps to another's).
export function planMotion(before: BoardView | undefined, after: BoardView, move: MoveRoute, neighbours: (a: string, b: string) => boolean): MotionPlan {
  const was = new Map<string, ViewCell>((before?.cells ?? []).map((c) => [c.name, c]));
  const now = new Map<string, ViewCell>(after.cells.map((c) => [c.name, c]));
  const order = (name: string): number => {
    const i = move.cells.findIndex((c) => c === name || (c.includes('|') && name.includes('|') && slotKey(c) === slotKey(name)));
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  type Part = { key: number; seq: number; step: MotionStep };
  const parts: Part[] = [];
  const add = (key: number, step: MotionStep) => parts.push({ key, seq: parts.length, step });

  // The route: runs of touching cells, each one piece's way. A run also ends where the next cell
  // held a piece of the same owner before (a second piece of the mover's side starts there).
  const runs: string[][] = [];
  for (const name of move.path) {
    if (!now.has(name)) continue; // a slot: its wall shows as a wall
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    const own = before && run && was.get(name)?.glyph && was.get(name)?.owner === was.get(run[0])?.owner;
    if (run && prev !== name && neighbours(prev, name) && !own) run.push(name);
    else runs.push([name]);
  }
  const routed = new Set<string>(); // cells a run passes through
  const ends = new Set<string>();
  for (const run of runs) {
    if (run.length < 2) continue;
    run.forEach((c) => routed.add(c));
    ends.add(run[run.length - 1]);
    add(order(run[0]), { kind: 'route', cells: run, at: 0, ms: (run.length - 1) * kHopMs });
  }

  // Pieces off the route, from the boards before and after.
  const plan: MotionPlan = { steps: [], totalMs: 0, captures: 0, flights: 0 };
  const captured: ViewCell[] = [];
  if (before) {
    const left: ViewCell[] = []; // pieces no longer where they stood
    const came: ViewCell[] = []; // pieces standing where they did not
    for (const c of after.cells) {
      const b = was.get(c.name);
      if (pieceKey(b) === pieceKey(c)) continue;
      if (b?.glyph && !(routed.has(c.name) && !ends.has(c.name))) left.push(b);
      if (c.glyph && !ends.has(c.name)) came.push(c);
    }
    // A run's start is left by its own piece, not taken.
    const starts = new Set(runs.filter((r) => r.length > 1).map((r) => r[0]));
    const gone = left.filter((b) => !starts.has(b.name));
    for (const c of came) {
      const i = gone.findIndex((b) => pieceKey(b) === pieceKey(c));
      if (i >= 0) {
        const from = gone.splice(i, 1)[0];
        add(Math.min(order(from.name), order(c.name)), { kind: 'flight', from: from.name, to: c.name, at: 0, ms: kHopMs });
        plan.flights++;
      } else {
        add(order(c.name), { kind: 'appear', cell: c.name, at: 0, ms: kHopMs });
      }
    }
    captured.push(...gone);
    const had = new Set(before.walls.map(slotKey));
    for (const w of after.walls) {
      if (!had.has(slotKey(w))) add(order(w), { kind: 'wall', slot: slotKey(w), at: 0, ms: kHopMs });
    }
  }

  // One after another, in the order the move names its parts.
  parts.sort((a, b) => a.key - b.key || a.seq - b.seq);
  let t = 0;
  for (const { step } of parts) {
    step.at = t;
    t += step.ms;
    plan.steps.push(step);
  }
  // A captured piece fades as the piece that took it lands (or when the last part is done).
  for (const cell of captured) {
    const by = plan.steps.find((s) => s.kind === 'route' && s.cells[s.cells.length - 1] === cell.name) ??
      plan.steps.find((s) => s.kind === 'flight' && s.to === cell.name);
    const at = by ? by.at + by.ms - kFadeMs / 2 : Math.max(0, t - kFadeMs);
    plan.steps.push({ kind: 'capture', cell, at: Math.max(0, at), ms: kFadeMs });
    t = Math.max(t, Math.max(0, at) + kFadeMs);
  }
  plan.captures = captured.length;
  plan.totalMs = t;
  return plan;
}

// Where the plan's parts are drawn: the board's layout, its pieces (each a group with
// `data-cell`), its walls (each with `data-slot`, the slot's key), a layer for the pieces that
// are gone, and how to draw one of them.
export interface MotionScene {
  layout: Layout;
  pieces: SVGGElement;
  walls: SVGGElement | null;
  ghosts: SVGGElement;
  ghost(cell: ViewCell): SVGElement;
}

const px = (p: [number, number]) => `translate(${p[0].toFixed(1)}px, ${p[1].toFixed(1)}px)`;

// Plays `plan` on the board drawn, `elapsed` ms in (a board redrawn mid-move goes on where the
// last one was). Returns the animations started.
export function playMotion(scene: MotionScene, plan: MotionPlan, elapsed = 0): Animation[] {
  const out: Animation[] = [];
  const { layout } = scene;
  const run = (el: Element | null, frames: Keyframe[], step: MotionStep, fill: FillMode = 'backwards', easing = 'ease-in-out') => {
    if (!el || typeof (el as HTMLElement).animate !== 'function') return null;
    const a = (el as HTMLElement).animate(frames, { duration: step.ms, delay: step.at, fill, easing });
    if (elapsed > 0) a.currentTime = elapsed;
    out.push(a);
    return a;
  };
  const piece = (name: string) => scene.pieces.querySelector(`[data-cell="${CSS.escape(name)}"]`);
  for (const step of plan.steps) {
    if (step.kind === 'route') {
      // Every hop in equal time: offsets spaced evenly along the route's landings.
      const n = step.cells.length - 1;
      const frames = step.cells.map((name, i) => ({ transform: px(layout.centre.get(name)!), offset: i / n }));
      run(piece(step.cells[n]), frames, step);
    } else if (step.kind === 'flight') {
      run(piece(step.to), [{ transform: px(layout.centre.get(step.from)!) }, { transform: px(layout.centre.get(step.to)!) }], step);
    } else if (step.kind === 'appear') {
      run(piece(step.cell), [{ opacity: 0 }, { opacity: 1 }], step);
    } else if (step.kind === 'capture') {
      const at = layout.centre.get(step.cell.name);
      if (!at) continue;
      const g = scene.ghost(step.cell);
      g.setAttribute('transform', `translate(${at[0].toFixed(1)},${at[1].toFixed(1)})`);
      g.setAttribute('class', 'ghost');
      g.setAttribute('data-cell', step.cell.name);
      scene.ghosts.append(g);
      const a = run(g, [{ opacity: 1, transform: `${px(at)} scale(1)` }, { opacity: 0, transform: `${px(at)} scale(0.6)` }], step, 'both', 'ease-in');
      if (a) a.onfinish = () => g.remove();
      else g.remove();
    } else if (step.kind === 'wall') {
      // The wall slides in from one end of its slot.
      const el = scene.walls?.querySelector<SVGElement>(`[data-slot="${CSS.escape(step.slot)}"]`);
      if (!el) continue;
      const [a, b] = step.slot.split('|');
      const [p] = slotEnds(layout, a, b);
      el.style.transformOrigin = `${p[0].toFixed(1)}px ${p[1].toFixed(1)}px`;
      run(el, [{ transform: 'scale(0)', opacity: 0.4 }, { transform: 'scale(1)', opacity: 1 }], step);
    }
  }
  return out;
}
