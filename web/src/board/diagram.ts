// Board views built in the browser for the rules pages' diagrams (no server involved). They only
// lay out pieces named by the caller; no rule is decided here.

import type { BoardView, ViewCell, ViewPlayer } from '../api';
import { type SeatColour, TRAP_SEATS, TRAVELERS_SEATS, TRAVERSE_SIDES } from './colours';

const FILES = 'abcdefghij';

function player(seat: SeatColour): ViewPlayer {
  return { ...seat, pieces: 0, home: 0, trapped: 0, to_move: false, summary: '' };
}

const TRAVERSE_KIND: Record<string, string> = { S: 'square', D: 'diamond', T: 'triangle', C: 'circle' };

// A Traverse board from a position text's board field ("1SnDn.../.../1SsDs...") with the given
// seats (letters of s w n e in turn order).
export function traverseDiagram(board: string, seats = 'sn'): BoardView {
  const order = seats.split('');
  const seatIndex = (letter: string) => 'swne'.indexOf(letter);
  const onStart = (seat: number, col: number, row: number) => {
    const mid = (v: number) => v >= 1 && v <= 8;
    return [row === 0 && mid(col), col === 0 && mid(row), row === 9 && mid(col), col === 9 && mid(row)][seat];
  };
  const cells: ViewCell[] = [];
  const rows = board.split('/');
  for (let r = 0; r < 10; r++) {
    const row = 9 - r;
    let col = 0;
    const text = rows[r] ?? '10';
    for (let i = 0; i < text.length; ) {
      const m = /^\d+/.exec(text.slice(i));
      if (m) {
        for (let k = 0; k < Number(m[0]); k++) cells.push(traverseCell(col++, row, '', -1));
        i += m[0].length;
      } else {
        cells.push(traverseCell(col++, row, TRAVERSE_KIND[text[i]] ?? '', order.indexOf(text[i + 1])));
        i += 2;
      }
    }
  }
  for (const c of cells) {
    order.forEach((letter, p) => {
      const seat = seatIndex(letter);
      if (onStart(seat, c.col, c.row)) c.start_of = p;
      if (onStart((seat + 2) % 4, c.col, c.row)) c.goal_of = p;
    });
  }
  const players = order.map((l) => player(TRAVERSE_SIDES[seatIndex(l)]));
  return { shape: 'square', width: 10, height: 10, cells, walls: [], walls_left: -1, players };
}

function traverseCell(col: number, row: number, piece: string, owner: number): ViewCell {
  return { name: `${FILES[col]}${row + 1}`, col, row, piece, owner, start_of: -1, goal_of: -1 };
}

const TRAVELERS_KIND: Record<string, string> = {
  t: 'traveler',
  d: 'displacer',
  b: 'block',
  a: 'ace',
  w: 'deuce',
  r: 'trey',
};

// A Travelers board from a position text's board field ("3tdt3/arwabarwa/...").
export function travelersDiagram(board: string): BoardView {
  const cells: ViewCell[] = [];
  const rows = board.split('/');
  for (let r = 0; r < 9; r++) {
    const row = 8 - r;
    let col = 0;
    for (const ch of rows[r] ?? '9') {
      if (/\d/.test(ch)) {
        for (let k = 0; k < Number(ch); k++) cells.push({ name: `${FILES[col]}${row + 1}`, col: col++, row, piece: '', owner: -1 });
      } else {
        const lower = ch.toLowerCase();
        cells.push({ name: `${FILES[col]}${row + 1}`, col: col++, row, piece: TRAVELERS_KIND[lower] ?? '', owner: ch === lower ? 1 : 0 });
      }
    }
  }
  const players = TRAVELERS_SEATS.map(player);
  return { shape: 'square', width: 9, height: 9, cells, walls: [], walls_left: -1, players };
}

// A Trap field of `size` cells a side with movers ("c3", "c5*" for trapped) and walls.
export function trapDiagram(size: number, red: string[], blue: string[], walls: string[] = []): BoardView {
  const rows = 2 * size - 1;
  const owner = new Map<string, [number, boolean]>();
  for (const [side, list] of [red, blue].entries()) {
    for (const m of list) owner.set(m.replace('*', ''), [side, m.endsWith('*')]);
  }
  const cells: ViewCell[] = [];
  for (let y = 0; y < rows; y++) {
    const first = Math.max(1, y - size + 2);
    const count = rows - Math.abs(y - (size - 1));
    for (let x = first; x < first + count; x++) {
      const name = `${String.fromCharCode(97 + y)}${x}`;
      const m = owner.get(name);
      cells.push({
        name,
        col: 2 * x - y + size - 3,
        row: rows - 1 - y,
        piece: m ? 'mover' : '',
        owner: m ? m[0] : -1,
        trapped: m ? m[1] : false,
      });
    }
  }
  const players = TRAP_SEATS.map(player);
  return { shape: 'hex', width: size, height: rows, cells, walls, walls_left: -1, players };
}
