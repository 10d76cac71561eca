// The colours the rules give the players ("green", "white", "red", ...) as drawn. Everything that
// draws a player's colour (boards, diagrams, legends, swatches, move marks) takes it from here;
// which player has which colour comes from the server (the catalog and board views).

const FILL: Record<string, string> = {
  green: '#3f9e4a',
  pink: '#e2639f',
  orange: '#f08a2a',
  yellow: '#e9c31c',
  red: '#d63c3c',
  blue: '#2f6fd6',
  white: '#fbfaf5',
  black: '#2b2b2b',
};

export function pieceFill(colour: string): string {
  return FILL[colour] ?? '#888';
}

// The outline and letters on a piece of that colour.
export function pieceInk(colour: string): string {
  return colour === 'black' ? '#f4f4f4' : '#1d1d1d';
}

export function pieceStroke(colour: string): string {
  return colour === 'white' ? '#333' : colour === 'black' ? '#000' : '#1d1d1d';
}

// The outline of a mark drawn in a player's colour, as a CSS value (for a style, not an
// attribute): white would vanish on a light board and black on a dark one, so those two follow
// the theme (--mark-white, --mark-black).
export function markStroke(colour: string): string {
  if (colour === 'white') return 'var(--mark-white, #8a8578)';
  if (colour === 'black') return 'var(--mark-black, #2b2b2b)';
  return pieceFill(colour);
}
