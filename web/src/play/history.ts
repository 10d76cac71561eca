// The positions a game page has met, by ply, and what they tell about the moves between them:
// who made each move (the seat to move in the position before it), the moves other seats made
// since this browser's own last one, and a playback that shows such moves one after another
// when several arrive at once (the replies of three AIs land within a fraction of a second).

import { api, type BoardView, type Game, type LastMove } from '../api';
import { motionAllowed } from '../board/motion';
import type { RecentMove } from '../board/recent';

export interface Shown {
  ply: number;
  board: BoardView;
  lastMove: LastMove | null;
  position: string;
  toMove: number; // the seat to move in this position, −1 once the game is over
}

export function shownOf(g: Game): Shown | null {
  return g.board ? { ply: g.ply, board: g.board, lastMove: g.last_move, position: g.position, toMove: g.to_move } : null;
}

export class History {
  private readonly seen = new Map<number, Shown>();
  private readonly asked = new Set<number>(); // plies asked of the server (once each)
  private inFlight = 0;

  constructor(
    private readonly id: string,
    private readonly arrived: () => void, // a position asked for has come (or cannot)
  ) {}

  get(ply: number): Shown | undefined {
    return this.seen.get(ply);
  }

  put(shown: Shown): void {
    this.seen.set(shown.ply, shown);
  }

  // After an undo: the positions past `ply` are no longer the game's.
  forgetAfter(ply: number): void {
    for (const p of [...this.seen.keys()]) if (p > ply) this.seen.delete(p);
  }

  // Lets positions that could not be fetched be asked for again (after a reconnect).
  retry(): void {
    this.asked.clear();
  }

  // True while positions asked for are awaited.
  get loading(): boolean {
    return this.inFlight > 0;
  }

  // The position after `ply` moves: seen, or asked of the server (undefined when it cannot be
  // had). A position asked for once is not asked again unless `again` (a replay the user asked).
  async fetch(ply: number, again = false): Promise<Shown | undefined> {
    const have = this.seen.get(ply);
    if (have || (this.asked.has(ply) && !again)) return have;
    this.asked.add(ply);
    this.inFlight++;
    try {
      const g = await api.at(this.id, ply);
      const shown = g.ply === ply ? shownOf(g) : null;
      if (shown && !this.seen.has(ply)) this.seen.set(ply, shown);
    } catch {
      // Not to be had: the page shows what it knows.
    } finally {
      this.inFlight--;
    }
    return this.seen.get(ply);
  }

  // The seat that made the move to `ply`, when the position before it is known.
  moverOf(ply: number): number | undefined {
    const before = this.seen.get(ply - 1);
    return before && before.toMove >= 0 ? before.toMove : undefined;
  }

  // The moves up to `ply` made since the last move of a seat in `mine`, oldest first, at most
  // `limit` of them. Positions not yet met are asked for, and `arrived` is called when they come.
  recent(ply: number, mine: number[], limit: number): RecentMove[] {
    const out: RecentMove[] = [];
    for (let p = ply; p >= 1 && out.length < limit; p--) {
      const after = this.seen.get(p);
      const seat = this.moverOf(p);
      if (!after || seat === undefined) {
        const missing = after ? p - 1 : p;
        if (!this.asked.has(missing)) void this.fetch(missing).then(() => this.arrived());
        break;
      }
      if (mine.includes(seat) || !after.lastMove) break;
      const colour = after.board.players[seat]?.colour ?? '';
      out.unshift({ ply: p, seat, colour, cells: after.lastMove.cells, path: after.lastMove.path });
    }
    return out;
  }
}

// Steps the board shown toward the live position one move at a time, for the moves `animated`
// picks; the others (one's own moves, positions not met) are shown at once. Each step lasts as
// long as its move's motion (what `show` answers) and `gapMs` more, or `stepMs` when `show` says
// nothing. Without motion (prefers-reduced-motion) every move is shown at once.
export class Playback {
  shown = -1; // the ply the live board shows; behind the game while moves are played back
  private timer = 0;

  constructor(
    private readonly stepMs: number,
    private readonly gapMs: number,
    private readonly live: () => number, // the game's ply
    private readonly animated: (ply: number) => boolean,
    // Shows a ply; when animated, answers how long its motion takes (ms).
    private readonly show: (ply: number, animate: boolean) => number | void,
  ) {}

  get running(): boolean {
    return this.timer !== 0;
  }

  static motion(): boolean {
    return motionAllowed();
  }

  // The game changed: catch up with it (at once when it went back, or at the first position).
  follow(): void {
    if (this.shown < 0 || this.live() <= this.shown || !Playback.motion()) this.finish();
    else if (!this.timer) this.advance();
  }

  private advance(): void {
    this.timer = 0;
    const target = this.live();
    while (this.shown < target) {
      this.shown++;
      if (this.animated(this.shown)) {
        // Running (the timer set) before the step is shown: the page draws it as a motion.
        this.timer = window.setTimeout(() => this.advance(), this.stepMs);
        const ms = this.show(this.shown, true);
        if (typeof ms === 'number' && this.timer) {
          window.clearTimeout(this.timer);
          this.timer = window.setTimeout(() => this.advance(), ms + this.gapMs);
        }
        return;
      }
    }
    this.shown = target;
    this.show(target, false);
  }

  // Shows the live position at once.
  finish(): void {
    this.stop();
    this.shown = this.live();
    this.show(this.shown, false);
  }

  stop(): void {
    window.clearTimeout(this.timer);
    this.timer = 0;
  }
}
