// The game's live connection (play/live.ts Live): pushed states and the AI's thinking go to the
// controller; on connect it says which seats this browser holds, so they count as present
// (claims, docs/online.md); back after a drop, it fetches the state too, in case the pushed one
// is late. It is opened only once the game is known to exist: an unknown game (404) ends the
// page instead of reconnecting for ever.

import { api } from '../api';
import { Live } from '../play/live';
import type { GameCtrl } from './ctrl';

export class GameSocket {
  private readonly live: Live;
  private dropped = false; // the connection was up once and lost since

  // `gone` is told of a failed fetch and answers whether it ended the page.
  constructor(
    private readonly ctrl: GameCtrl,
    gone: (e: unknown) => boolean,
  ) {
    this.live = new Live(ctrl.id, {
      state: (g) => ctrl.stateCame(g),
      thinking: (thinking) => ctrl.thinkingCame(thinking),
      error: (message) => ctrl.setHint(message, true),
      connection: (up) => {
        ctrl.connected = up;
        if (up) this.hello();
        if (up && this.dropped) {
          ctrl.reconnected();
          api.get(ctrl.id).then((g) => ctrl.accept(g), (e) => gone(e));
        }
        this.dropped = this.dropped || !up;
        ctrl.redraw();
      },
    });
  }

  // One hello per token held (an account's seats need none: the session says it on connect).
  private hello(): void {
    const ctrl = this.ctrl;
    const tokens = new Set(ctrl.held().map((i) => ctrl.tokenFor(i)).filter((t): t is string => !!t));
    for (const token of tokens) this.live.send({ type: 'hello', token });
  }

  // Reconnects now if the connection is down (the page became visible again).
  nudge(): void {
    this.live.nudge();
  }

  close(): void {
    this.live.close();
  }
}
