// The board as rows of text, as `arbiter show` prints it (src/games/board_text.cpp), built from
// the board view and the game's legend alone: a piece as its legend letters, an empty cell of a
// zone as the zone's mark, else '.'; the last move's cells in [brackets] and a wall it placed as
// '#'. Square boards get file letters above and below and rank numbers at both sides; a hex field
// puts a cell every four columns, rows two lines apart with the walls (| / \) between them.

import type { BoardView, CatalogLegend, LastMove, ViewCell } from '../api';
import { t } from '../i18n';
import { seatName, serverPhrase } from '../i18n/server_text';

// The owner-th '/'-separated alternative of `letters`, or the last one.
function alternative(letters: string, owner: number): string {
  const parts = letters.split('/');
  return parts[Math.min(Math.max(owner, 0), parts.length - 1)];
}

// A legend entry's letters for a piece of `owner`: {owner} and {OWNER} are the owner's initial.
export function glyphLetters(letters: string, owner: number, ownerName: string): string {
  const initial = ownerName ? ownerName[0] : '?';
  return alternative(letters, owner).replace(/\{owner\}/g, initial.toLowerCase()).replace(/\{OWNER\}/g, initial.toUpperCase());
}

// The widest letters of the legend (1 at least).
function glyphWidth(legend: CatalogLegend | undefined): number {
  let width = 1;
  for (const g of legend?.glyphs ?? []) {
    for (const alt of g.letters.split('/')) width = Math.max(width, glyphLetters(alt, 0, '?').length);
  }
  return width;
}

class Canvas {
  private readonly lines: string[][];
  constructor(lines: number) {
    this.lines = Array.from({ length: lines }, () => []);
  }
  put(y: number, x: number, ch: string): void {
    const line = this.lines[y];
    if (!line || x < 0) return;
    while (line.length <= x) line.push(' ');
    line[x] = ch;
  }
  text(y: number, x: number, s: string): void {
    for (let i = 0; i < s.length; i++) this.put(y, x + i, s[i]);
  }
  toString(): string {
    return this.lines.map((l) => l.join('').replace(/\s+$/, '')).join('\n');
  }
}

function lookOf(view: BoardView, legend: CatalogLegend | undefined, width: number): (c: ViewCell) => string {
  const zonesOf = new Map<string, string[]>();
  for (const z of view.zones) for (const name of z.cells) zonesOf.set(name, [...(zonesOf.get(name) ?? []), z.kind]);
  return (c) => {
    let out = '.';
    if (c.glyph) {
      const entries = legend?.glyphs.filter((g) => g.key === c.glyph) ?? [];
      const entry = entries.find((g) => g.tag && c.tags.includes(g.tag)) ?? entries.find((g) => !g.tag);
      out = entry ? glyphLetters(entry.letters, c.owner, view.players[c.owner]?.name ?? '') : c.glyph[0].toUpperCase();
    } else {
      const kind = zonesOf.get(c.name)?.[0];
      if (kind) out = legend?.zones.find((z) => z.kind === kind)?.mark ?? ':';
    }
    return out.padEnd(width, ' ');
  };
}

function drawSquare(view: BoardView, look: (c: ViewCell) => string, width: number, lit: Set<string>, flipped: boolean): string {
  const w = view.width;
  const h = view.height;
  const field = width + 2;
  const grid = new Map<string, ViewCell>(view.cells.map((c) => [`${c.col},${c.row}`, c]));
  const canvas = new Canvas(h + 2);
  const right = 4 + w * field + 1;
  for (let j = 0; j < w; j++) {
    const c = grid.get(`${flipped ? w - 1 - j : j},0`);
    if (!c) continue;
    const file = c.name.replace(/\d+$/, '');
    canvas.text(0, 4 + j * field + 1, file);
    canvas.text(h + 1, 4 + j * field + 1, file);
  }
  for (let i = 0; i < h; i++) {
    const row = flipped ? i : h - 1 - i;
    for (let j = 0; j < w; j++) {
      const c = grid.get(`${flipped ? w - 1 - j : j},${row}`);
      if (!c) continue;
      const x = 4 + j * field;
      const rank = c.name.replace(/^[^\d]+/, '');
      if (j === 0) canvas.text(i + 1, 3 - rank.length, rank);
      if (j === w - 1) canvas.text(i + 1, right, rank);
      if (lit.has(c.name)) {
        canvas.put(i + 1, x, '[');
        canvas.put(i + 1, x + field - 1, ']');
      }
      canvas.text(i + 1, x + 1, look(c));
    }
  }
  return canvas.toString();
}

function drawHex(view: BoardView, look: (c: ViewCell) => string, lit: Set<string>, fresh: Set<string>, flipped: boolean): string {
  const h = view.height;
  const maxCol = Math.max(0, ...view.cells.map((c) => c.col));
  const at = new Map<string, { x: number; y: number; cell: ViewCell }>();
  for (const c of view.cells) {
    const col = flipped ? maxCol - c.col : c.col;
    const row = flipped ? h - 1 - c.row : c.row;
    at.set(c.name, { x: 4 + 2 * col, y: 2 * row, cell: c });
  }
  const width = 4 + 2 * maxCol + 2;
  const canvas = new Canvas(2 * h - 1);
  const ends: ({ first: ViewCell; last: ViewCell; fx: number; lx: number } | undefined)[] = [];
  for (const p of at.values()) {
    const r = p.y / 2;
    const e = ends[r];
    if (!e) ends[r] = { first: p.cell, last: p.cell, fx: p.x, lx: p.x };
    else {
      if (p.x < e.fx) Object.assign(e, { first: p.cell, fx: p.x });
      if (p.x > e.lx) Object.assign(e, { last: p.cell, lx: p.x });
    }
  }
  ends.forEach((e, r) => {
    if (!e) return;
    canvas.put(2 * r, 0, e.first.name[0]);
    canvas.text(2 * r, width + 2, `${e.first.name}-${e.last.name}`);
  });
  for (const [name, p] of at) {
    if (lit.has(name)) {
      canvas.put(p.y, p.x - 1, '[');
      canvas.put(p.y, p.x + 1, ']');
    }
    canvas.text(p.y, p.x, look(p.cell));
  }
  for (const wall of view.walls) {
    const [a, b] = wall.split('|').map((n) => at.get(n));
    if (!a || !b) continue;
    const [upper, lower] = a.y > b.y ? [b, a] : [a, b];
    let ch = upper.y === lower.y ? '|' : upper.x < lower.x ? '/' : '\\';
    if (fresh.has(wall.split('|').sort().join('|'))) ch = '#';
    canvas.put((upper.y + lower.y) / 2, (upper.x + lower.x) / 2, ch);
  }
  return canvas.toString();
}

// The board, its legend line, each player's summary, who is to move (with the board's counts)
// and the last move (with who made it, `mover`, when known): the lines `arbiter show` prints.
export function textBoard(view: BoardView, legend: CatalogLegend | undefined, lastMove: LastMove | null, mover: string, flipped: boolean): string {
  const width = glyphWidth(legend);
  const look = lookOf(view, legend, width);
  const lit = new Set((lastMove?.cells ?? []).concat(lastMove?.path ?? []).filter((n) => !n.includes('|')));
  const fresh = new Set((lastMove?.cells ?? []).filter((n) => n.includes('|')).map((n) => n.split('|').sort().join('|')));
  const lines = [view.shape === 'hex' ? drawHex(view, look, lit, fresh, flipped) : drawSquare(view, look, width, lit, flipped)];
  let line = legend?.line ?? '';
  if (lit.size) line += t('a11y.text_last_cells');
  if (fresh.size) line += t('a11y.text_fresh_walls');
  if (line) lines.push(line);
  lines.push(view.players.map((p) => `${seatName(p.name)}: ${serverPhrase(p.summary)}`).join('   '));
  for (const p of view.players) {
    if (p.to_move) lines.push([t('a11y.text_to_move', { seat: seatName(p.name) }), ...view.counters.map((c) => serverPhrase(c.text))].join(', '));
  }
  if (lastMove) lines.push(t('a11y.text_last_move', { move: mover ? `${mover} ${lastMove.text}` : lastMove.text }));
  return lines.join('\n');
}
