// The boards of the rules pages' diagrams, drawn by the server from position texts
// (GET /api/board, docs/api.md): the browser reads no position text and decides no rule.

import { api, type BoardView } from '../api';

// The board of `position`, a position text of `game` ("" for the start), under `params`.
export async function diagram(game: string, position: string, params = ''): Promise<BoardView> {
  return (await api.board(game, params, position)).board;
}
