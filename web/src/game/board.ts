// The game's board in its wrap: drawn from the frame (the position on show, the clicks so far,
// what may be clicked next, the moves since one's own, the orientation and the motion under
// way), and drawn again only when one of those changed, so a redraw for the clock or the hint
// leaves a motion running. The keyboard and screen-reader face (a11y/game_access.ts) is told
// of every drawing.

import type { GameAccess } from '../a11y/game_access';
import { normTurns } from '../board/orientation';
import { previewChanges } from '../board/preview';
import { renderBoard } from '../board/render';
import { clear } from '../dom';
import { wallsOffered } from '../play/follow_up';
import { seatName } from '../i18n/server_text';
import type { Frame, GameCtrl } from './ctrl';

// The seat that made the move to `ply`, by name ('' when the position before it is not known).
export function moverName(ctrl: GameCtrl, ply: number): string {
  const seat = ctrl.history.moverOf(ply);
  const name = seat === undefined ? '' : ctrl.game?.seats[seat]?.player ?? '';
  return name ? seatName(name) : '';
}

export class GameBoard {
  private drawnFrom = ''; // what the board on show was drawn from

  constructor(
    private readonly wrap: HTMLElement,
    private readonly access: GameAccess,
  ) {}

  draw(ctrl: GameCtrl, f: Frame): void {
    const { game: g, shown, live, settling, mine } = f;
    const maker = ctrl.maker;
    const clicks = live && !settling ? maker.clicks : [];
    const targets = live && !settling && ctrl.canPlay() ? maker.next : [];
    const path = clicks.length ? maker.path : undefined;
    // Every move since this browser's own last one (at most a round), each in its seat's colour.
    const recent = live ? ctrl.history.recent(shown.ply, mine, Math.max(1, g.seats.length - 1)) : [];
    ctrl.motion.clicked(shown.ply, clicks, maker.changes, path, shown.board);
    const moving = ctrl.motion.moving(shown.ply, clicks.length, settling);
    const clickable = g.status === 'playing' || !!ctrl.viewing;
    const key = JSON.stringify([shown.ply, shown.position, shown.lastMove, clicks, targets, path, recent.map((m) => [m.ply, m.seat]), ctrl.turns, ctrl.coords, clickable, moving?.at ?? null]);
    let drawnSvg: SVGSVGElement | null = null;
    if (key !== this.drawnFrom) {
      this.drawnFrom = key;
      const drawn = clicks.length ? previewChanges(shown.board, maker.changes) : shown.board;
      const svg = renderBoard(drawn, g.game, {
        lastMove: shown.lastMove,
        turns: ctrl.turns,
        coords: ctrl.coords ?? true,
        selected: clicks,
        targets,
        path,
        recent,
        motion: moving ? { before: moving.before, move: moving.move, elapsed: performance.now() - moving.at } : undefined,
        onClick: clickable ? (name) => void ctrl.boardClick(name) : undefined,
      });
      // After an action that a wall may follow, every free slot is shown (a touch screen has
      // no hover to find them by).
      svg.classList.toggle('walls-offered', wallsOffered(clicks.length ? maker.changes : [], targets));
      if (moving) ctrl.motion.ms = Number(svg.getAttribute('data-motion-ms') ?? 0);
      if (moving && !moving.clicks) svg.setAttribute('data-slide', String(shown.ply));
      clear(this.wrap);
      this.wrap.append(svg);
      drawnSvg = svg;
    }
    // For tests and styling: the ply shown, the clicks so far, and whether anything is awaited
    // (an answer, or moves still being played back).
    this.wrap.setAttribute('data-ply', String(shown.ply));
    this.wrap.setAttribute('data-clicks', clicks.join(','));
    this.wrap.toggleAttribute('data-busy', ctrl.busy || maker.loading || settling || ctrl.history.loading);
    this.access.drawn(drawnSvg, {
      game: g, view: clicks.length ? previewChanges(shown.board, maker.changes) : shown.board, lastMove: shown.lastMove,
      selected: clicks, targets: targets.map((n) => n.click), flipped: normTurns(ctrl.turns) === 2, mover: moverName(ctrl, shown.ply),
      waiting: ctrl.busy || maker.loading || settling,
    });
  }
}
