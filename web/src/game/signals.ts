// What the game page tells the player besides the board: a sound for each move it shows (a
// capture, displacement or trapped piece sounds apart), for the turn coming round, for the clock
// running low and for the end; and, while the tab is hidden and it is the player's turn, "Your
// turn" in the tab's title and icon, with a desktop notification for correspondence games when
// turned on (attention/). Fed by the page at each redraw; knows no rule.

import type { Game } from '../api';
import { Attention } from '../attention/attention';
import { announceTurn } from '../attention/notify';
import { pieceFill } from '../board/colours';
import { t } from '../i18n';
import type { Shown } from '../play/history';
import { type Cue, endCue, moveCue, sound } from '../sound/cues';

// A cue that follows a move's sound in the same redraw waits this long, so both are heard.
const kAfterMoveMs = 180;

export interface SignalState {
  game: Game;
  title: string; // the game's title (for the notification)
  shown: Shown; // what the board shows
  before: Shown | undefined; // the position before it, when known
  live: boolean; // not replaying an earlier position
  settled: boolean; // no moves still being played back
  myTurn: boolean; // this browser holds the seat to move
  mine: number[]; // the seats this browser holds
}

export class GameSignals {
  private readonly attention = new Attention();
  private ply = -1; // the live ply last heard (−1: nothing yet)
  private status = '';
  private turn = false;
  private readonly lowHeard = new Set<string>();

  constructor(private readonly id: string) {}

  // The page's title, shown again when nothing calls.
  setTitle(title: string): void {
    this.attention.setTitle(title);
  }

  update(s: SignalState): void {
    const g = s.game;
    const first = this.ply < 0;
    let moved = false;
    if (s.live && !first && s.shown.ply > this.ply) {
      moved = true;
      sound(moveCue(s.before?.board, s.shown.board, s.shown.lastMove ?? { path: [], cells: [] }));
    }
    if (s.live) this.ply = s.shown.ply;
    const later = (cue: Cue) => (moved ? window.setTimeout(() => sound(cue), kAfterMoveMs) : sound(cue));
    if (this.status === 'playing' && g.status === 'finished') later(endCue(g, s.mine));
    this.status = g.status;

    const turn = s.myTurn && s.settled && s.live && g.status === 'playing';
    if (turn && !this.turn && !first) {
      later('turn');
      if (g.time_control.startsWith('corr')) {
        announceTurn(`${this.id}:${g.ply}`, t('attention.notify_title', { title: s.title }), t('attention.notify_body', { move: g.last_move?.text ?? '' }));
      }
    }
    // Turning from hidden to visible or back is the attention's own business; it hears the turn.
    if (turn !== this.turn || first) {
      const colour = g.board?.players[g.to_move]?.colour ?? '';
      this.attention.setTurn(turn ? { colour: pieceFill(colour) } : null);
    }
    this.turn = turn;
  }

  // The clock of `seat` (to move at `ply`) shown as running low or not: heard once per turn
  // for a seat of this browser.
  clock(seat: number, ply: number, low: boolean, mine: number[]): void {
    const key = `${seat}:${ply}`;
    if (!low || !mine.includes(seat) || this.lowHeard.has(key)) return;
    this.lowHeard.add(key);
    sound('low-time');
  }

  close(): void {
    this.attention.close();
  }
}
