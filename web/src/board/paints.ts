// The gradients that give pieces their depth: a shine (light from the top left, shadow to the
// bottom right) over a piece's face, and a rim lit the same way. They hold no colour of their
// own, only white and black at opacities the board theme sets (static/pieces.css: --pc-*), so
// one set serves every piece of every board. They live once in the document, in an invisible
// SVG of their own, so any SVG that draws a piece (boards, legends) can refer to them.
//
// A piece drawn turned (Traverse's, facing its player's way) would turn its light with it: each
// gradient comes in the four quarter turns, and a piece turned by `deg` takes the one turned back.

import { s } from '../dom';

const kId = 'arbiter-piece-paints';

function ensure(): void {
  if (typeof document === 'undefined' || document.getElementById(kId)) return;
  const defs = s('defs');
  for (const deg of [0, 90, 180, 270]) {
    const turn = `rotate(${-deg} 0.5 0.5)`;
    defs.append(
      s('radialGradient', { id: `pc-shine-${deg}`, cx: 0.36, cy: 0.3, r: 0.78, gradientTransform: turn },
        s('stop', { offset: 0, class: 'pc-stop-hi' }),
        s('stop', { offset: 0.5, class: 'pc-stop-mid' }),
        s('stop', { offset: 1, class: 'pc-stop-lo' })),
      s('linearGradient', { id: `pc-rim-${deg}`, x1: 0.15, y1: 0.1, x2: 0.85, y2: 0.9, gradientTransform: turn },
        s('stop', { offset: 0, class: 'pc-stop-rim-hi' }),
        s('stop', { offset: 1, class: 'pc-stop-rim-lo' })),
    );
  }
  const svg = s('svg', { id: kId, width: 0, height: 0, 'aria-hidden': 'true', focusable: 'false', style: 'position:absolute;width:0;height:0;overflow:hidden' }, defs);
  document.body.append(svg);
}

// The paint `name` ('shine' or 'rim') for a piece turned `deg` degrees (a multiple of 90).
export function paint(name: 'shine' | 'rim', deg = 0): string {
  ensure();
  return `url(#pc-${name}-${((Math.round(deg / 90) % 4) + 4) % 4 * 90})`;
}
