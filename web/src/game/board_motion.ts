// The move being played out on the game's board (board/motion.ts draws it): another seat's move
// played back (`clicks` 0), or the change of this browser's latest click. A redraw while it runs
// draws it on from where it is, so it is kept here rather than in the drawing.

import type { BoardView, ClickChange } from '../api';
import type { MoveRoute } from '../board/motion';
import { previewChanges } from '../board/preview';

export interface Motion {
  ply: number;
  clicks: number; // the clicks it followed; 0: a move played back
  before?: BoardView; // the board it starts from
  move: MoveRoute;
  at: number; // performance.now() when it began
}

export class BoardMotion {
  current: Motion | null = null;
  ms = 0; // how long the motion last drawn takes (the drawing says; playback waits that long)
  private lastClicks = { ply: -1, n: 0 }; // the clicks the board last showed

  // A move of the live game shown: played out when `animate` and its route is known; else shown
  // at once, leaving the motion of this browser's own last click alone.
  showPly(ply: number, animate: boolean, before: BoardView | undefined, move: MoveRoute | null | undefined): void {
    if (animate && move) this.current = { ply, clicks: 0, before, move, at: performance.now() };
    else if (!this.current?.clicks) this.current = null;
    this.ms = 0;
  }

  // The board is about to be drawn with `clicks` at `ply`. A click that moved a piece or placed
  // a wall plays its change out: along the route to it when the route (`path`) runs from the
  // piece's cell to where it lands.
  clicked(ply: number, clicks: string[], changes: (ClickChange | null)[], path: string[] | undefined, board: BoardView): void {
    const change = changes[clicks.length - 1];
    if (clicks.length === this.lastClicks.n + 1 && ply === this.lastClicks.ply && change) {
      const route = path && path[0] === change.from && path[path.length - 1] === change.to ? path : [change.from, change.to];
      const move = { path: change.from ? route : [], cells: change.from ? route : [change.to] };
      this.current = { ply, clicks: clicks.length, before: previewChanges(board, changes.slice(0, -1)), move, at: performance.now() };
    }
    this.lastClicks = { ply, n: clicks.length };
  }

  // The motion to draw with the board at `ply` after `clicks` clicks: it goes on while its
  // position is shown; a click's also once the server has taken the move it completed (the board
  // then shows the same position, one ply on). `settling`: moves are being played back.
  moving(ply: number, clicks: number, settling: boolean): Motion | null {
    const m = this.current;
    return m && ((m.ply === ply && m.clicks === clicks && (m.clicks > 0 || settling)) ||
      (m.clicks > 0 && m.ply + 1 === ply && !clicks)) ? m : null;
  }
}
