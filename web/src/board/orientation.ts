// Which way up a board is drawn: a number of quarter turns counter-clockwise from the view as the
// server lays it out (row 0 at the bottom, column 0 on the left). 2 is the board flipped; 1 and 3
// put a side seat at the bottom of a square board (a four-seat race). Geometry only: which seat
// sits where comes from the board view (each player's `forward`).

export type Side = 'top' | 'bottom' | 'left' | 'right';

// Directions in counter-clockwise order: a quarter turn takes each to the next.
const CCW: Side[] = ['top', 'left', 'bottom', 'right'];
const DIR_OF: Record<string, Side> = { up: 'top', down: 'bottom', left: 'left', right: 'right' };
const NAME_OF: Record<Side, string> = { top: 'up', bottom: 'down', left: 'left', right: 'right' };

export function normTurns(turns: number): number {
  return ((Math.round(turns) % 4) + 4) % 4;
}

// A side of the board, as drawn after `turns`.
export function turnSide(side: Side, turns: number): Side {
  return CCW[(CCW.indexOf(side) + normTurns(turns)) % 4];
}

// A direction ("up", "down", "left", "right"; a player's `forward`) as drawn after `turns`;
// anything else is returned as it is.
export function turnDirection(dir: string, turns: number): string {
  const side = DIR_OF[dir];
  return side ? NAME_OF[turnSide(side, turns)] : dir;
}

// The turns that draw a player moving `forward` up the screen, its start at the bottom
// (0 when `forward` says nothing).
export function turnsFor(forward: string): number {
  const side = DIR_OF[forward];
  if (!side) return 0;
  for (let t = 0; t < 4; t++) if (turnSide(side, t) === 'top') return t;
  return 0;
}

// A grid position (x right, y down, in a w × h grid as laid out unturned) after `turns`, and the
// grid's size then: [x, y, w, h].
export function turnGrid(x: number, y: number, w: number, h: number, turns: number): [number, number, number, number] {
  for (let t = normTurns(turns); t > 0; t--) [x, y, w, h] = [y, w - 1 - x, h, w];
  return [x, y, w, h];
}

// The turn the board's Rotate button makes on `view`: a quarter on a square board where a seat
// moves sideways (a side seat of a race can then sit at the bottom), else a half (a flip).
export function turnStep(view: { shape: string; players: { forward: string }[] } | undefined): number {
  const sideways = !!view?.players.some((p) => p.forward === 'left' || p.forward === 'right');
  return view?.shape === 'square' && sideways ? 1 : 2;
}
