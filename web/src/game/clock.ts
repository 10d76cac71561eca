// The clock of the seat to move, counting four times a second from the game object's time
// (panel.ts seatClockMs): only its span is written, so the page is not redrawn for it. Its low
// time is heard (signals.ts), and a claim that becomes possible while nothing else changes
// brings its button with a redraw.

import type { GameCtrl } from './ctrl';
import { clock, seatClockMs } from './panel';

const kTickMs = 250;

// Returns the function that stops it.
// `clocks` holds the seats' clocks (the bars by the board), `controls` the claim button.
export function startClock(ctrl: GameCtrl, places: { clocks: HTMLElement; controls: HTMLElement }): () => void {
  const tick = window.setInterval(() => {
    const game = ctrl.game;
    if (!game || game.status !== 'playing') return;
    const el = places.clocks.querySelector(`[data-clock="${game.to_move}"]`);
    const seat = game.seats[game.to_move];
    if (el && seat && seat.kind !== 'open') {
      const c = seatClockMs(game, game.to_move, Date.now() - ctrl.receivedAt);
      el.textContent = clock(c.ms);
      el.classList.toggle('low', c.low);
      ctrl.signals.clock(game.to_move, game.ply, c.low, ctrl.held());
    }
    if (ctrl.claimable() && !places.controls.querySelector('#claim')) ctrl.redraw();
  }, kTickMs);
  return () => window.clearInterval(tick);
}
