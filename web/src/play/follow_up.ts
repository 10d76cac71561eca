// What may follow an action of a turn made of several (Trap's steps and walls), read from the
// server's `legal` answer alone: once a click has done something (a piece moved, a wall put in)
// and no move is complete yet, each next click is the piece just moved going on, another piece
// of the mover's picked up, or a wall slot. The hint line says which of these the position
// allows, and the board shows the free slots while a wall may follow. A next click of any other
// kind (a Traverse circle's placement, a piece to displace) is no such turn: nothing is said.

import type { BoardView, ClickChange, Game, LegalNext } from '../api';
import { previewChanges } from '../board/preview';
import { t } from '../i18n';
import { pieceName } from '../i18n/server_text';

export type FollowKind = 'again' | 'other' | 'wall';

export interface FollowUp {
  kinds: FollowKind[]; // in this order: again, other, wall; each once
  pieces: string[]; // the glyph keys of the other pieces that may move
}

// `view` is the board as the clicks so far leave it, `mover` the player making the move.
export function followUp(view: BoardView, mover: number, changes: (ClickChange | null)[], next: LegalNext[]): FollowUp | null {
  const last = changes[changes.length - 1];
  if (!last || !next.length) return null;
  const kinds = new Set<FollowKind>();
  const pieces = new Set<string>();
  for (const n of next) {
    if (n.click.includes('|')) {
      kinds.add('wall');
      continue;
    }
    if (n.change?.from && last.from && n.change.from === last.to) {
      kinds.add('again');
      continue;
    }
    const cell = view.cells.find((c) => c.name === n.click);
    if (n.change || !cell?.glyph || cell.owner !== mover) return null;
    kinds.add('other');
    pieces.add(cell.glyph);
  }
  return { kinds: (['again', 'other', 'wall'] as FollowKind[]).filter((k) => kinds.has(k)), pieces: [...pieces] };
}

// The hint: "Then step again, move another mover, or place a wall."
export function followUpText(game: string, f: FollowUp): string {
  const piece = f.pieces.length === 1 ? pieceName(game, f.pieces[0]) : t('follow.piece');
  const parts = f.kinds.map((k) => (k === 'again' ? t('follow.again') : k === 'other' ? t('follow.other', { piece }) : t('follow.wall')));
  const [a, b, c] = parts;
  return parts.length === 1 ? t('follow.one', { a }) : parts.length === 2 ? t('follow.two', { a, b }) : t('follow.three', { a, b, c });
}

// A wall may follow the action just made: the board shows every free slot.
export function wallsOffered(changes: (ClickChange | null)[], next: LegalNext[]): boolean {
  return !!changes[changes.length - 1] && next.some((n) => n.click.includes('|'));
}

// The hint for a game (or an analysis line) in position `g` after clicks with these changes:
// '' when nothing is worth saying.
export function followUpHint(g: Game | null, next: LegalNext[], changes: (ClickChange | null)[]): string {
  const f = g?.board ? followUp(previewChanges(g.board, changes), g.to_move, changes, next) : null;
  return g && f ? followUpText(g.game, f) : '';
}
