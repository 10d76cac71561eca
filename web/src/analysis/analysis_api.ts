// The analysis board's side of the API (docs/api.md "Analysis"): lines (a game object for the
// position at the end of a start and moves), their legal clicks, reviews, and the messages of
// the analysis WebSocket.

import { call, type Game, type Legal } from '../api';

// Where a line starts: a stored game (its start), or a game by name with its parameters and a
// start position ("" for the game's start).
export type LineSource = { id: string } | { game: string; params: string; position: string };

// The body naming the line from `source` through `moves`.
export function lineBody(source: LineSource, moves: string[]): Record<string, unknown> {
  return 'id' in source ? { id: source.id, ply: 0, moves } : { ...source, moves };
}

// One engine line of a live analysis.
export interface LiveLine {
  move: string;
  path: string[]; // the cells it passes through, for its arrow
  score: number;
  mate_in: number | null; // moves of the player to move to a proven win (+) or loss (−)
  expected: number[]; // each player's expected result after it, 0..1
  pv: string[];
}

export interface LiveInfo {
  type: 'info';
  request: number;
  depth: number;
  nodes: number;
  seconds: number;
  to_move: number; // −1: finished
  expected: number[];
  lines: LiveLine[];
  final: boolean;
}

export type Verdict = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

export interface ReviewMove {
  ply: number;
  player: string;
  mover: number;
  move: string;
  verdict: Verdict;
  expected_before: number[];
  expected_after: number[];
  expected_best: number;
  expected_played: number;
  drop: number;
  best: string;
  pv: string[];
}

export interface ReviewReport {
  settings: string;
  players: string[];
  moves: ReviewMove[];
  positions: { ply: number; to_move: number; expected: number[] }[];
  result: string;
}

export interface ReviewState {
  game: string;
  status: 'none' | 'queued' | 'running' | 'done' | 'failed';
  progress: { done: number; total: number } | null;
  error: string;
  report?: ReviewReport | null;
}

export const analysisApi = {
  line: (body: Record<string, unknown>) => call<Game>('POST', '/api/analysis/line', body),
  legal: (body: Record<string, unknown>, clicks: string[]) => call<Legal>('POST', '/api/analysis/legal', { ...body, clicks }),
  review: (id: string) => call<ReviewState>('GET', `/api/games/${encodeURIComponent(id)}/review`),
  requestReview: (id: string) => call<ReviewState>('POST', `/api/games/${encodeURIComponent(id)}/review`, {}),
  wsUrl: () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/analysis/ws`,
};

// The mark a verdict puts after a move: ?! an inaccuracy, ? a mistake, ?? a blunder.
export function verdictMark(v: Verdict): string {
  return v === 'blunder' ? '??' : v === 'mistake' ? '?' : v === 'inaccuracy' ? '?!' : '';
}
