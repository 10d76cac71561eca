// Words for a board's cells and slots, for screen readers: "e4, north's circle, target". Built
// from the board view and the game's catalog entry alone (its legend's names for pieces, tags and
// zones, the view's seat names), so it knows no game. A cell is named as in the move text (on a
// hex field its coordinates); a slot by the two cells it lies between.

import type { BoardView, CatalogLegend, LastMove, ViewCell } from '../api';
import { serverText, t } from '../i18n';
import { legendText, seatName as seatText, tagName } from '../i18n/server_text';

// What the page knows about the board beyond the view: the clicks so far, what may be clicked
// next, and the last move.
export interface BoardState {
  game: string; // the game's catalog name (a key for translations, never compared)
  legend: CatalogLegend | undefined;
  selected: string[];
  targets: string[];
  lastMove: LastMove | null;
}

// The part of a legend description before its colon, without a leading article: "square: the 4
// straight directions" → "square", "a trapped mover: …" → "trapped mover".
export function nameOf(description: string): string {
  const head = description.split(':')[0].trim();
  const articles = t('a11y.articles').split('|').filter(Boolean);
  for (const a of articles) {
    if (head.toLowerCase().startsWith(`${a.toLowerCase()} `)) return head.slice(a.length + 1).trim();
  }
  return head;
}

export function seatName(view: BoardView, owner: number): string {
  const name = view.players[owner]?.name ?? '';
  return name ? seatText(name) : t('a11y.nobody');
}

// The legend entry of a cell's piece: the one whose tag the cell carries, else the untagged one.
function glyphEntry(legend: CatalogLegend | undefined, cell: ViewCell): CatalogLegend['glyphs'][number] | undefined {
  const entries = legend?.glyphs.filter((e) => e.key === cell.glyph) ?? [];
  return entries.find((e) => e.tag && cell.tags.includes(e.tag)) ?? entries.find((e) => !e.tag);
}

// "north's circle", or "empty".
export function pieceText(view: BoardView, cell: ViewCell, state: BoardState): string {
  if (!cell.glyph) return t('a11y.empty');
  const entry = glyphEntry(state.legend, cell);
  const piece = entry ? nameOf(legendText(state.game, entry.key, entry.tag, entry.description)) : cell.glyph;
  return cell.owner >= 0 ? t('a11y.piece', { seat: seatName(view, cell.owner), piece }) : piece;
}

function sameSlot(a: string, b: string): boolean {
  return a.split('|').sort().join('|') === b.split('|').sort().join('|');
}

// Where the clicks stand with a cell or slot: chosen, clickable next (a piece that can move, when
// nothing is chosen yet), part of the last move.
function markWords(name: string, state: BoardState, piece = false): string[] {
  const slot = name.includes('|');
  const has = (list: string[]) => list.some((x) => x === name || (slot && x.includes('|') && sameSlot(x, name)));
  const out: string[] = [];
  if (has(state.selected)) out.push(t('a11y.selected'));
  if (has(state.targets)) out.push(piece && !state.selected.length ? t('a11y.can_move') : t('a11y.target'));
  if (has(state.lastMove?.cells ?? [])) out.push(t('a11y.last_move'));
  return out;
}

// "e4, north's circle, target, dark, north's destination row, a wall toward e5".
export function cellText(view: BoardView, cell: ViewCell, state: BoardState): string {
  const parts = [cell.name, pieceText(view, cell, state), ...markWords(cell.name, state, !!cell.glyph)];
  // Tags the piece's legend entry does not already say (a square's colour).
  const said = cell.glyph ? glyphEntry(state.legend, cell)?.tag : '';
  for (const tag of cell.tags) if (tag !== said) parts.push(tagName(tag));
  for (const zone of view.zones) {
    if (!zone.cells.includes(cell.name)) continue;
    const spec = state.legend?.zones.find((z) => z.kind === zone.kind);
    const what = spec ? nameOf(serverText('zone', `${state.game}.${zone.kind}`, spec.description)) : zone.kind;
    parts.push(t('a11y.zone', { seat: seatName(view, zone.owner), zone: what }));
  }
  const walls = view.walls
    .map((w) => w.split('|'))
    .filter((ends) => ends.includes(cell.name))
    .map((ends) => ends.find((e) => e !== cell.name) ?? '');
  if (walls.length) parts.push(t('a11y.walls', { count: walls.length, cells: walls.sort().join(', ') }));
  return parts.join(', ');
}

// "slot between c3 and c4, target".
export function slotText(name: string, state: BoardState): string {
  const [a, b] = name.split('|');
  return [t('a11y.slot', { a, b }), ...markWords(name, state)].join(', ');
}
