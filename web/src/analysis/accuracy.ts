// What a review's numbers say about the players, worked out in the browser from the server's
// per-move values (docs/analysis.md "Accuracy and the review line"): each move's accuracy from
// the drop in its mover's expected result, each player's accuracy as the mean over their moves,
// the move that turned the game, and how moves are numbered by rounds. Pure: no page, no
// language; review_panel.ts puts it into words.

import type { ReviewMove, Verdict } from './analysis_api';

// lichess's fit of a move's accuracy (0–100) to the fall of its mover's winning chances in
// percentage points (here the review's drop, 0–1, times 100): 100 for the best move, for a
// drop of 5 points 80, of 10 points 64, of 20 points 40.
export function moveAccuracy(drop: number): number {
  const points = Math.max(0, drop) * 100;
  const a = 103.1668 * Math.exp(-0.04354 * points) - 3.1669;
  return Math.min(100, Math.max(0, a));
}

// Each player's accuracy: the mean of their moves' accuracies (null for a player who made no
// move in the review).
export function playerAccuracies(moves: ReviewMove[], players: number): (number | null)[] {
  const sum = new Array<number>(players).fill(0);
  const count = new Array<number>(players).fill(0);
  for (const m of moves) {
    if (m.mover < 0 || m.mover >= players) continue;
    sum[m.mover] += moveAccuracy(m.drop);
    count[m.mover]++;
  }
  return sum.map((s, i) => (count[i] ? s / count[i] : null));
}

// Words for an accuracy: at least 90 accurate, at least 70 fair, below that poor.
export type AccuracyBand = 'accurate' | 'fair' | 'poor';
export function accuracyBand(a: number): AccuracyBand {
  return a >= 90 ? 'accurate' : a >= 70 ? 'fair' : 'poor';
}

const isError = (v: Verdict) => v === 'mistake' || v === 'blunder';

// The most any other player expects in `expected` than `mover`, the lead (negative: behind).
function lead(expected: number[], mover: number): number {
  const others = expected.filter((_, i) => i !== mover);
  return others.length ? expected[mover] - Math.max(...others) : 0;
}

// The move that turned the game: the mistake or blunder with the largest drop among those whose
// mover was not behind before it (within 0.02) and behind after it. Else, as `turned` false, the
// largest blunder of all, the costliest move; null when there is neither.
export function decisiveMove(moves: ReviewMove[]): { move: ReviewMove; turned: boolean } | null {
  let turning: ReviewMove | null = null;
  let costliest: ReviewMove | null = null;
  for (const m of moves) {
    if (!isError(m.verdict)) continue;
    const before = m.expected_before.length ? lead(m.expected_before, m.mover) : 0;
    const after = m.expected_after.length ? lead(m.expected_after, m.mover) : 0;
    if (before >= -0.02 && after < 0 && (!turning || m.drop > turning.drop)) turning = m;
    if (m.verdict === 'blunder' && (!costliest || m.drop > costliest.drop)) costliest = m;
  }
  if (turning) return { move: turning, turned: true };
  return costliest ? { move: costliest, turned: false } : null;
}

// A move's number by rounds, as the game page numbers its rows: the round, with "." for the
// first seat's move of the round and "…" for the others' (ply 1 is round 1's first move).
export function roundLabel(ply: number, seats: number): string {
  const per = Math.max(1, seats);
  const round = Math.floor((ply - 1) / per) + 1;
  return (ply - 1) % per === 0 ? `${round}.` : `${round}…`;
}
