// The colours the rules give the players ("green", "white", "red", ...) as drawn. Everything that
// draws a player's colour (boards, diagrams, legends, swatches, move marks) takes it from here;
// which player has which colour comes from the server (the catalog and board views).
//
// The hues are those of the Okabe–Ito palette, each pair that meets in one game set apart in
// lightness as well, so that they stay apart for the colour-blind: under simulated deuteranopia
// and protanopia (Machado et al. 2009) every two of Traverse's four are at least 30 apart in
// CIELAB (ΔE 1976), red and blue over 90. tests/e2e/pieces.test.mjs measures it on the boards
// drawn. Where players' pieces share a shape, a seat mark (emblem()) tells them apart without
// colour.

const FILL: Record<string, string> = {
  green: '#007d5c',
  pink: '#e58fc0',
  orange: '#d96a00',
  yellow: '#f0e442',
  red: '#d55e00',
  blue: '#0072b2',
  white: '#f7f3e8',
  black: '#2b2b2b',
};

export function pieceFill(colour: string): string {
  return FILL[colour] ?? '#888888';
}

// The relative luminance of a #rrggbb colour (WCAG 2).
function luminance(hex: string): number {
  const lin = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5);
}

const DARK_INK = '#1d1d1d';
const LIGHT_INK = '#f7f5ef';

// The marks and letters on a piece of that colour: dark or light, whichever stands out more.
export function pieceInk(colour: string): string {
  const y = luminance(pieceFill(colour));
  return (y + 0.05) / (luminance(DARK_INK) + 0.05) >= (luminance(LIGHT_INK) + 0.05) / (y + 0.05) ? DARK_INK : LIGHT_INK;
}

// The colour `hex` darkened by `k` (0–1): a piece's outline and the side that gives it depth.
export function shade(hex: string, k: number): string {
  const c = [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - k)));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

// The seat mark on the pieces of a colour whose game gives every player the same shapes.
export type Emblem = 'dot' | 'ring' | 'cross' | 'bars';
const EMBLEM: Record<string, Emblem> = { green: 'dot', pink: 'ring', orange: 'cross', yellow: 'bars', red: 'dot', blue: 'ring' };

export function emblem(colour: string): Emblem {
  return EMBLEM[colour] ?? 'dot';
}

// The outline of a mark drawn in a player's colour, as a CSS value (for a style, not an
// attribute): white would vanish on a light board and black on a dark one, so those two follow
// the theme (--mark-white, --mark-black).
export function markStroke(colour: string): string {
  if (colour === 'white') return 'var(--mark-white, #8a8578)';
  if (colour === 'black') return 'var(--mark-black, #2b2b2b)';
  return pieceFill(colour);
}
