// A game: the board, moving by clicks, players and clocks, the AI's thinking, the move list with
// replay, and the actions (undo, resign, rematch, flip, copy, record, invite links). The parts
// are in game/: the controller (ctrl.ts: state and actions), the screen and its views
// (screen.ts, views.ts, board.ts), the live connection (socket.ts) and the clock (clock.ts);
// this joins them and takes them down when the page is left.

import { api, ApiError } from '../api';
import { clear } from '../dom';
import { t } from '../i18n';
import { startClock } from '../game/clock';
import { GameCtrl } from '../game/ctrl';
import { GameScreen } from '../game/screen';
import { GameSocket } from '../game/socket';
import { noSuchGameView } from '../game/views';

export function gamePage(app: HTMLElement, id: string): () => void {
  const ctrl = new GameCtrl(id, {
    redraw: () => screen.redraw(),
    hintChanged: () => screen.drawHint(),
    thinkingChanged: () => screen.drawThinking(),
  });
  const screen = new GameScreen(app, ctrl);
  let socket: GameSocket | null = null;

  // Shows "no such game" and stops when the server says the game does not exist.
  function gone(e: unknown): boolean {
    if (!(e instanceof ApiError) || e.status !== 404) return false;
    socket?.close();
    clear(app);
    app.append(...noSuchGameView(e.message));
    document.title = t('title.no_game');
    return true;
  }

  const onKey = (ev: KeyboardEvent) => ctrl.key(ev);
  document.addEventListener('keydown', onKey);
  const onVisible = () => {
    if (document.visibilityState === 'visible') socket?.nudge();
  };
  document.addEventListener('visibilitychange', onVisible);
  const stopClock = startClock(ctrl, screen);
  const unlisten = screen.listen();

  api.get(id).then(
    (g) => {
      if (!ctrl.alive) return;
      ctrl.accept(g);
      socket = new GameSocket(ctrl, gone);
    },
    (e) => {
      if (!ctrl.alive || gone(e)) return;
      ctrl.loadFailed = true;
      ctrl.setHint(t('game.load_failed', { error: e instanceof ApiError ? e.message : String(e) }), true);
      socket = new GameSocket(ctrl, gone); // the state arrives when the connection is up
    },
  );

  return () => {
    ctrl.stop();
    socket?.close();
    screen.access.stop();
    stopClock();
    unlisten();
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
