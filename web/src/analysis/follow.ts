// A stored game being played, followed over its live socket (play/live.ts Live) while its
// analysis board is open: each state goes to the controller, which adds its new moves to the
// main line. Its thinking and errors are the game page's business, not the board's.

import { Live } from '../play/live';
import type { AnalysisCtrl } from './ctrl';

export function followStored(ctrl: AnalysisCtrl, id: string): Live {
  return new Live(id, {
    state: (g) => ctrl.storedChanged(g),
    thinking: () => {},
    error: () => {},
    connection: () => {},
  });
}
