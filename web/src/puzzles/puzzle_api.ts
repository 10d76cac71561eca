// The puzzle endpoints (docs/api.md "Puzzles"): their JSON shapes and calls. The solver is the
// session's account, else this browser (an HttpOnly cookie the server sets by itself).

import { call, type BoardView, type LastMove, type Legal } from '../api';

export interface Puzzle {
  id: number;
  game: string;
  params: string;
  position: string;
  solver: number; // the seat the solver plays
  player: string; // its name
  players: string[];
  rating: number;
  plays: number;
  moves: number; // how many moves the solver makes
  board: BoardView;
}

export interface SolverRating {
  solver: 'account' | 'browser';
  rating: number;
  deviation: number;
  provisional: boolean;
  solved: number;
  failed: number;
}

export interface AttemptAnswer {
  result: 'continue' | 'solved' | 'failed';
  played: string[]; // the line so far: the solver's moves and the replies
  replies: LastMove[]; // continue: the other seats' replies to the last move
  position: string;
  to_move: number;
  board: BoardView; // after `played`
  // At the end:
  solution?: string[];
  expected?: string; // failed: the move the solution has there
  expected_move?: LastMove; // failed: its route, drawn on `solution_board`
  solution_board?: BoardView; // failed: the board after the expected move
  rated?: boolean;
  rating?: SolverRating;
  rating_change?: number;
  puzzle_rating?: number;
}

const enc = encodeURIComponent;

export const puzzleApi = {
  next: (game: string) => call<{ puzzle: Puzzle; rating: SolverRating }>('GET', `/api/puzzles/next?game=${enc(game)}`),
  get: (id: number | string) => call<{ puzzle: Puzzle }>('GET', `/api/puzzles/${enc(String(id))}`),
  rating: () => call<{ rating: SolverRating }>('GET', '/api/puzzles/rating'),
  // The clicks of the position after `played` (the line so far, ending before a move of the solver's).
  legal: (id: number, played: string[], clicks: string[]) =>
    call<Legal>('GET', `/api/puzzles/${id}/legal?moves=${played.map(enc).join(',')}&clicks=${clicks.map(enc).join(',')}`),
  // Every move the solver has made so far, the latest last.
  attempt: (id: number, moves: string[]) => call<AttemptAnswer>('POST', `/api/puzzles/${id}/attempt`, { moves }),
};
