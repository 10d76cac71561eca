// The board as the clicks so far would leave it, for drawing while a move is being made: the
// piece clicked first goes to the next (empty or enemy-held) cell clicked, and so on; a clicked
// slot gets a wall. Nothing here checks a rule: only clicks the server offered are ever made.

import type { BoardView, ViewCell } from '../api';

export function previewClicks(view: BoardView, clicks: string[], game: string): BoardView {
  const cells = view.cells.map((c) => ({ ...c }));
  const byName = new Map<string, ViewCell>(cells.map((c) => [c.name, c]));
  const walls = [...view.walls];
  // Traverse: the clicks after the destination place lifted circles, which only the server
  // knows; show the piece's own move only.
  const upTo = game === 'traverse' ? Math.min(clicks.length, 2) : clicks.length;
  let holding: ViewCell | undefined;
  for (let i = 0; i < upTo; i++) {
    const name = clicks[i];
    if (name.includes('|')) {
      walls.push(name);
      holding = undefined;
      continue;
    }
    const cell = byName.get(name);
    if (!cell) continue;
    // A click on a piece picks it up, except where the held piece lands on it: a capture, made
    // only by the second click of a Travelers move.
    const lands = holding && (!cell.piece || (game === 'travelers' && i === 1 && cell.owner !== holding.owner));
    if (holding && lands) {
      Object.assign(cell, { piece: holding.piece, owner: holding.owner, trapped: false });
      Object.assign(holding, { piece: '', owner: -1, trapped: false });
      holding = cell;
    } else if (cell.piece) holding = cell;
  }
  return { ...view, cells, walls };
}
