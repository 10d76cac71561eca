// The players' ratings on the game page: each seat's rating in the game's pool (the server's
// `GET /api/games/{id}/ratings`) and, once a rated game is over, what it changed. The server
// keeps only the ratings as they stand, so the change is the rating after the game less the one
// this browser saw while it was being played (remembered per game, so a reload after the end
// still shows it); it is shown only when the seat's count of rated games went up by exactly this
// one. A page opened only after the end shows the ratings without their change.

import { api, type Game, type GameRatings } from '../api';
import { getPref, setPref } from '../storage';

export interface SeatRating {
  rating: number;
  provisional: boolean;
  change: number | null; // null: not known (yet), or the game changed nothing
}

interface Seen {
  rating: number;
  games: number;
}

// After a rated game ends the server applies the ratings on a thread of its own: asked again
// until they have changed, this many times at most.
const kAfterTries = 10;
const kAfterGapMs = 500;

export class RatingsView {
  seats: (SeatRating | null)[] = [];
  private asked = ''; // what the last request was for: the seats' accounts and the status
  private alive = true;
  private timer = 0;

  constructor(
    private readonly id: string,
    private readonly changed: () => void,
  ) {}

  // A new state of the game: asks for the ratings when the seats' accounts or the game's status
  // changed since they were last asked for.
  follow(g: Game): void {
    if (g.time_control === 'none' || !g.seats.some((s) => s.account && s.account !== 'deleted')) return;
    const key = `${g.seats.map((s) => s.account ?? '').join(',')}|${g.status}`;
    if (key === this.asked) return;
    this.asked = key;
    window.clearTimeout(this.timer);
    void this.ask(g.status === 'finished' && g.rated && !g.aborted ? kAfterTries : 1, g.status === 'playing');
  }

  stop(): void {
    this.alive = false;
    window.clearTimeout(this.timer);
  }

  private async ask(tries: number, playing: boolean): Promise<void> {
    let answer: GameRatings;
    try {
      answer = await api.gameRatings(this.id);
    } catch {
      return; // the bars show no rating: nothing else depends on it
    }
    if (!this.alive) return;
    const before = this.before();
    if (playing) this.remember(answer);
    let waiting = false;
    this.seats = answer.seats.map((s, i) => {
      if (s.rating === null) return null;
      const was = before?.[i];
      const moved = !!was && s.games === was.games + 1;
      if (was && s.games === was.games) waiting = true;
      return { rating: s.rating, provisional: s.provisional, change: moved ? s.rating - was.rating : null };
    });
    this.changed();
    if (waiting && tries > 1) this.timer = window.setTimeout(() => void this.ask(tries - 1, false), kAfterGapMs);
  }

  // The ratings seen while the game was played.
  private before(): (Seen | null)[] | null {
    try {
      const data = JSON.parse(getPref(`ratings.${this.id}`, 'null'));
      return Array.isArray(data) ? data : null;
    } catch {
      return null;
    }
  }

  private remember(answer: GameRatings): void {
    setPref(`ratings.${this.id}`, JSON.stringify(answer.seats.map((s) => (s.rating === null ? null : { rating: s.rating, games: s.games }))));
  }
}
