// The seats of a game this browser holds: by a seat token kept for the game (storage.ts), or by
// the logged-in account (session.ts). An account's seat acts with the token "": the request goes
// with no Bearer header and the session cookie speaks for it.

import type { Game } from '../api';
import { accountSeats } from '../session';

// Seat tokens by seat number, as storage.ts keeps them.
export type SeatTokens = Record<string, string>;

function byAccount(game: Game | null): number[] {
  return game ? accountSeats(game) : [];
}

// Sorted, each seat once.
export function heldSeats(tokens: SeatTokens, game: Game | null): number[] {
  const byToken = Object.keys(tokens).map(Number).filter((n) => !Number.isNaN(n));
  return [...new Set([...byToken, ...byAccount(game)])].sort((a, b) => a - b);
}

// The token to act with for `seat`; undefined: not this browser's seat.
export function tokenFor(tokens: SeatTokens, game: Game | null, seat: number): string | undefined {
  return tokens[String(seat)] ?? (byAccount(game).includes(seat) ? '' : undefined);
}

// A token of any seat held, for what any seat may do (offers, undo, rematch).
export function anyToken(tokens: SeatTokens, game: Game | null): string | undefined {
  return Object.values(tokens)[0] ?? (byAccount(game).length ? '' : undefined);
}
