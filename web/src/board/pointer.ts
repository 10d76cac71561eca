// Pointing at a board: which cell or wall slot a point names, decided by geometry rather than by
// the element under the pointer. On touch screens the browser's touch adjustment moves a tap to
// the smallest clickable element near the finger, which on the Trap field is a slot beside the
// mover tapped; so taps are placed where the finger was (the pointer event, which touch
// adjustment leaves alone) and named from the board's layout.

export type Point = [number, number];

export interface HitShape {
  cells: { name: string; at: Point }[];
  slots: { name: string; at: Point }[]; // free slots: their click name and midpoint
  // Whether an offset from a cell's centre still lies on that cell.
  inside(dx: number, dy: number): boolean;
  // How near a slot's midpoint a point must be to name the slot (user units).
  slotReach: number;
}

// The cell whose centre is nearest, unless the point is within `slotReach` of a free slot's
// midpoint; null off the board.
export function hitAt(shape: HitShape, [x, y]: Point): string | null {
  let slot: string | null = null;
  let slotDist = shape.slotReach;
  for (const s of shape.slots) {
    const d = Math.hypot(x - s.at[0], y - s.at[1]);
    if (d <= slotDist) {
      slot = s.name;
      slotDist = d;
    }
  }
  if (slot) return slot;
  let best: { name: string; at: Point } | null = null;
  let bestDist = Infinity;
  for (const c of shape.cells) {
    const d = Math.hypot(x - c.at[0], y - c.at[1]);
    if (d < bestDist) {
      best = c;
      bestDist = d;
    }
  }
  return best && shape.inside(x - best.at[0], y - best.at[1]) ? best.name : null;
}

// A client point in the SVG's own units.
function toBoard(svg: SVGSVGElement, clientX: number, clientY: number): Point | null {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

// How long after a touch's release its click may come and still be placed at the touch.
const kTapToClickMs = 1000;

// Calls `onClick` with the name under each click or tap, and `onHover` with the name under a
// mouse (null when it leaves). A click with no position (a key press) names its target element.
export function attachPointer(
  svg: SVGSVGElement,
  shape: HitShape,
  onClick: ((name: string) => void) | undefined,
  onHover: (name: string | null) => void,
): void {
  let lastTouch: { x: number; y: number; t: number } | null = null;
  svg.addEventListener('pointerup', (ev) => {
    if (ev.pointerType !== 'mouse' && ev.isPrimary) lastTouch = { x: ev.clientX, y: ev.clientY, t: ev.timeStamp };
  });
  if (onClick) {
    svg.addEventListener('click', (ev) => {
      const touch = lastTouch && ev.timeStamp - lastTouch.t < kTapToClickMs ? lastTouch : null;
      lastTouch = null;
      let name: string | null = null;
      if (touch) name = hitPoint(svg, shape, touch.x, touch.y);
      else if (ev.detail > 0) name = hitPoint(svg, shape, ev.clientX, ev.clientY);
      else name = (ev.target as Element).closest('[data-click]')?.getAttribute('data-click') ?? null;
      if (name) onClick(name);
    });
  }
  svg.addEventListener('pointermove', (ev) => {
    if (ev.pointerType === 'mouse') onHover(hitPoint(svg, shape, ev.clientX, ev.clientY));
  });
  svg.addEventListener('pointerleave', () => onHover(null));
}

function hitPoint(svg: SVGSVGElement, shape: HitShape, clientX: number, clientY: number): string | null {
  const p = toBoard(svg, clientX, clientY);
  return p ? hitAt(shape, p) : null;
}
