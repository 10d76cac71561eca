// What a game page asks of the server with the seats it holds: a move, undo, resign, abort,
// rematch, draw and takeback offers and their answers, claims. One at a time: while one is in
// flight the controller is `busy` (the buttons are off, no click is taken); the answer is the
// new game object, shown unless a newer push came first; a refusal's reason goes to the hint.

import { api, ApiError, type Game } from '../api';
import { t } from '../i18n';
import type { GameCtrl } from './ctrl';

export type SeatAction = 'undo' | 'resign' | 'abort' | 'rematch';

const reason = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

export class SeatRequests {
  constructor(private readonly ctrl: GameCtrl) {}

  async move(move: string): Promise<void> {
    const ctrl = this.ctrl;
    const g = ctrl.game;
    if (!g) return;
    const token = ctrl.tokenFor(g.to_move);
    if (token === undefined) return;
    ctrl.busy = true;
    ctrl.setHint(t('game.playing_move', { move }));
    ctrl.redraw();
    try {
      const answer = await api.move(ctrl.id, move, g.ply, token);
      ctrl.setHint('');
      this.settle(answer);
    } catch (e) {
      ctrl.busy = false;
      ctrl.setHint(t('game.move_refused', { error: reason(e) }), true);
      ctrl.maker.reset(ctrl.canPlay());
      ctrl.redraw();
    }
  }

  async act(what: SeatAction): Promise<void> {
    const ctrl = this.ctrl;
    const g = ctrl.game;
    if (!g) return;
    const any = ctrl.anyToken();
    const token = what === 'resign' ? ctrl.tokenFor(g.to_move) ?? any : any;
    if (token === undefined) return;
    ctrl.busy = true;
    ctrl.redraw();
    try {
      let answer: Game;
      if (what === 'undo') answer = await api.undo(ctrl.id, token);
      else if (what === 'abort') answer = await api.abort(ctrl.id, token);
      else if (what === 'resign') {
        // The seat to move when it is this browser's, else its first.
        const seat = ctrl.tokenFor(g.to_move) !== undefined ? g.to_move : ctrl.held()[0];
        answer = await api.resign(ctrl.id, token, seat);
      } else answer = await api.rematch(ctrl.id, token);
      ctrl.setHint('');
      this.settle(answer);
      if (what === 'rematch') ctrl.followRematch(answer);
    } catch (e) {
      this.refused(e);
    }
  }

  // Offers, their answers and claims (docs/online.md).
  draw(action: 'offer' | 'accept' | 'decline'): void {
    void this.offer((token) => api.draw(this.ctrl.id, token, action));
  }

  takeback(action: 'request' | 'accept' | 'decline'): void {
    void this.offer((token) => api.takeback(this.ctrl.id, token, action));
  }

  claim(result: 'win' | 'draw'): void {
    void this.offer((token) => api.claim(this.ctrl.id, token, result));
  }

  private async offer(call: (token: string) => Promise<Game>): Promise<void> {
    const ctrl = this.ctrl;
    const token = ctrl.anyToken();
    if (!ctrl.game || token === undefined) return;
    ctrl.busy = true;
    ctrl.redraw();
    try {
      const g = await call(token);
      ctrl.setHint('');
      this.settle(g);
    } catch (e) {
      this.refused(e);
    }
  }

  // After a request that changed the game: show what the server said, or (when a newer push
  // came first, while the request was in flight) start over from what is shown.
  private settle(g: Game): void {
    const ctrl = this.ctrl;
    ctrl.busy = false;
    if (!ctrl.accept(g)) {
      ctrl.maker.reset(ctrl.canPlay());
      ctrl.redraw();
    }
  }

  private refused(e: unknown): void {
    this.ctrl.busy = false;
    this.ctrl.setHint(reason(e), true);
    this.ctrl.redraw();
  }
}
