// Playing on the board by keyboard: the board's wrapper is focusable (an ARIA application whose
// active descendant is the cell under a cursor); the arrow keys move the cursor to the nearest
// cell in the arrow's direction as the board is drawn, Shift with an arrow to the nearest wall
// slot, Enter or Space clicks what is under the cursor (the same path as a pointer's click), and
// Escape cancels the clicks so far. Works from geometry alone: where each clickable element
// ([data-click]) lies on the screen, so any board shape, flipped or turned, is walked the same way.

export type Direction = 'up' | 'down' | 'left' | 'right';

export interface Spot {
  name: string; // the click name
  x: number; // centre on screen
  y: number;
  slot: boolean;
}

const kArrows: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
const kVectors: Record<Direction, [number, number]> = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

// The spot a step in `dir` from `from` lands on: among the spots ahead within 45° of the
// direction, those in the nearest row (or column) ahead, and of them the one nearest the line
// the steps along this axis started from (`goal`: a hex field's cells above lie half a cell to
// either side, so repeated steps up zigzag rather than drift). `unit` is the spacing of cells.
export function stepTo(spots: Spot[], from: { x: number; y: number }, dir: Direction, goal: number, unit: number): Spot | null {
  const [dx, dy] = kVectors[dir];
  const ahead: { s: Spot; along: number }[] = [];
  for (const s of spots) {
    const ox = s.x - from.x;
    const oy = s.y - from.y;
    const along = ox * dx + oy * dy;
    const across = Math.abs(ox * dy - oy * dx);
    if (along > unit * 0.25 && across <= along + 1e-6) ahead.push({ s, along });
  }
  if (!ahead.length) return null;
  const nearest = Math.min(...ahead.map((a) => a.along));
  const row = ahead.filter((a) => a.along <= nearest + unit * 0.3).map((a) => a.s);
  const offset = (s: Spot) => Math.abs((dx ? s.y : s.x) - goal);
  row.sort((a, b) => offset(a) - offset(b) || (dx ? a.y - b.y : a.x - b.x));
  return row[0];
}

// The smallest distance between two cells: the step of the board as drawn.
function spacing(spots: Spot[]): number {
  const cells = spots.filter((s) => !s.slot);
  let best = Infinity;
  for (let i = 0; i < Math.min(cells.length, 12); i++) {
    for (let j = 0; j < cells.length; j++) {
      if (i === j) continue;
      const d = Math.hypot(cells[i].x - cells[j].x, cells[i].y - cells[j].y);
      if (d > 0.5 && d < best) best = d;
    }
  }
  return Number.isFinite(best) ? best : 1;
}

// A copy of the outline of `el` drawn above everything else in `svg`, where `el` lies (whatever
// transforms its groups have).
function cursorMark(el: Element, svg: SVGSVGElement): void {
  const mark = el.cloneNode(false) as SVGGraphicsElement;
  for (const a of ['id', 'data-click', 'data-slot', 'role', 'aria-label', 'transform']) mark.removeAttribute(a);
  mark.setAttribute('class', 'kbd-cursor');
  mark.setAttribute('aria-hidden', 'true');
  mark.setAttribute('pointer-events', 'none');
  svg.append(mark);
  const from = (el as SVGGraphicsElement).getCTM?.();
  const base = mark.getCTM();
  if (from && base) {
    const m = base.inverse().multiply(from);
    mark.setAttribute('transform', `matrix(${m.a},${m.b},${m.c},${m.d},${m.e},${m.f})`);
  }
}

export interface KeyboardHost {
  click(name: string): void; // as a click on that cell or slot
  cancel(): void; // drop the clicks so far
}

export class BoardKeyboard {
  cursor: string | null = null;
  private goal: { axis: 'x' | 'y'; value: number } | null = null;

  constructor(
    private readonly wrap: HTMLElement,
    private readonly host: KeyboardHost,
  ) {
    wrap.tabIndex = 0;
    wrap.setAttribute('role', 'application');
    // A pointer's click on the board leaves the focus where it was: the arrow keys keep stepping
    // through the moves (the page's replay keys) unless the board was reached by keyboard.
    wrap.addEventListener('mousedown', (ev) => ev.preventDefault());
    wrap.addEventListener('focus', () => this.show());
    wrap.addEventListener('keydown', (ev) => this.onKey(ev));
  }

  private elements(): Element[] {
    return [...this.wrap.querySelectorAll('svg [data-click]')];
  }

  private elementOf(name: string | null): Element | null {
    if (!name) return null;
    const all = this.elements();
    const key = name.includes('|') ? name.split('|').sort().join('|') : '';
    return all.find((e) => e.getAttribute('data-click') === name) ?? (key ? all.find((e) => e.getAttribute('data-slot') === key) ?? null : null);
  }

  private spots(): Spot[] {
    return this.elements().map((e) => {
      const r = e.getBoundingClientRect();
      return { name: e.getAttribute('data-click') ?? '', x: r.left + r.width / 2, y: r.top + r.height / 2, slot: e.hasAttribute('data-slot') };
    });
  }

  // Where the cursor starts: the selection, else the first thing that may be clicked, else the
  // first cell.
  private initial(): string | null {
    const pick = this.wrap.querySelector('svg .cell.selected[data-click]') ?? this.wrap.querySelector('svg .cell.target[data-click]') ??
      this.wrap.querySelector('svg [data-click].target') ?? this.wrap.querySelector('svg .cell[data-click]') ?? this.elements()[0];
    return pick?.getAttribute('data-click') ?? null;
  }

  // After each drawing of the board (a new SVG): the cursor mark and the active descendant again.
  show(): void {
    this.wrap.querySelectorAll('.kbd-cursor').forEach((e) => e.remove());
    let el = this.elementOf(this.cursor);
    if (!el && (document.activeElement === this.wrap || this.cursor)) {
      this.cursor = this.initial();
      el = this.elementOf(this.cursor);
    }
    if (!el) {
      this.wrap.removeAttribute('aria-activedescendant');
      return;
    }
    this.cursor = el.getAttribute('data-click');
    const svg = el.closest('svg');
    if (svg) cursorMark(el, svg);
    if (el.id) this.wrap.setAttribute('aria-activedescendant', el.id);
  }

  private move(dir: Direction, slots: boolean): void {
    const all = this.spots();
    const here = all.find((s) => s.name === this.cursor);
    if (!here) {
      this.cursor = this.initial();
      this.show();
      return;
    }
    const axis = dir === 'up' || dir === 'down' ? 'x' : 'y';
    if (this.goal?.axis !== axis) this.goal = { axis, value: here[axis] };
    const wanted = all.filter((s) => s.slot === slots && s.name !== here.name);
    const next = stepTo(wanted.length || !slots ? wanted : all.filter((s) => !s.slot), here, dir, this.goal.value, spacing(all));
    if (!next) return;
    this.cursor = next.name;
    this.show();
  }

  private onKey(ev: KeyboardEvent): void {
    if (ev.ctrlKey || ev.altKey || ev.metaKey) return;
    const dir = kArrows[ev.key];
    if (dir) this.move(dir, ev.shiftKey);
    else if (ev.key === 'Enter' || ev.key === ' ') {
      this.goal = null;
      if (!this.cursor) this.show();
      if (this.cursor) this.host.click(this.cursor);
    } else if (ev.key === 'Escape') {
      this.host.cancel();
    } else return;
    ev.preventDefault();
    ev.stopPropagation();
  }
}
