// The board as the clicks so far would leave it, for drawing while a move is being made: each
// click's change, as the server gave it (`legal`'s `change`), applied in order: a piece moved
// (whatever stood where it lands is gone) or a wall placed. Nothing here knows a rule or a game.

import type { BoardView, ClickChange, ViewCell } from '../api';

export function previewChanges(view: BoardView, changes: (ClickChange | null | undefined)[]): BoardView {
  const cells = view.cells.map((c) => ({ ...c }));
  const byName = new Map<string, ViewCell>(cells.map((c) => [c.name, c]));
  const walls = [...view.walls];
  for (const change of changes) {
    if (!change) continue;
    if (!change.from) {
      walls.push(change.to);
      continue;
    }
    const from = byName.get(change.from);
    const to = byName.get(change.to);
    if (!from || !to || from === to) continue;
    // The piece moves; the cells keep their tags (they describe the cell as it stands).
    Object.assign(to, { glyph: from.glyph, owner: from.owner });
    Object.assign(from, { glyph: '', owner: -1 });
  }
  return { ...view, cells, walls };
}
