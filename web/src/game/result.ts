// Who the players are on the game page, and the one line that says how the game ended: who won
// (by the game's returns) and how (read from the server's result sentence: a resignation, a flag,
// a player who left, the rules' own reason), each player named as the page names them.

import type { Game } from '../api';
import { listText, t } from '../i18n';
import { seatName, serverPhrase } from '../i18n/server_text';

// What the server names a deleted account's seat (docs/api.md).
const kDeleted = 'deleted';

// The account holding seat `i`, '' for none (a guest, the AI, an open seat, a deleted account).
export function seatAccount(g: Game, i: number): string {
  const account = g.seats[i]?.account ?? '';
  return account === kDeleted ? '' : account;
}

export function accountDeleted(g: Game, i: number): boolean {
  return g.seats[i]?.account === kDeleted;
}

// A seat's player as the page names them: the account's name, else the seat's ("south").
export function playerName(g: Game, i: number): string {
  return seatAccount(g, i) || seatName(g.seats[i]?.player ?? '?');
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// "alice won: bob resigned", "south won on time", "Draw: threefold repetition".
export function resultLine(g: Game): string {
  if (g.aborted) return t('over.aborted');
  const result = g.result;
  const draw = /^draw: (.+)$/.exec(result);
  if (draw) return t('over.draw', { reason: serverPhrase(draw[1]) });
  const best = Math.max(...g.returns);
  const won = best > 0 ? g.returns.flatMap((r, i) => (r === best ? [playerName(g, i)] : [])) : [];
  if (!won.length) return capitalised(serverPhrase(result)) || t('common.game_over');
  // The seat a sentence names, as the page names its player.
  const who = (seat: string) => {
    const i = g.seats.findIndex((s) => s.player === seat);
    return i >= 0 ? playerName(g, i) : seatName(seat);
  };
  const vars = { winners: listText(won), count: won.length };
  let m: RegExpExecArray | null;
  if ((m = /^(.+) resigned$/.exec(result))) return t('over.won_resigned', { ...vars, loser: who(m[1]) });
  if (/^.+ wins on time$/.test(result)) return t('over.won_on_time', vars);
  if ((m = /^(.+) lost on time$/.exec(result))) return t('over.won_flagged', { ...vars, loser: who(m[1]) });
  if ((m = /^(.+) left the game and lost$/.exec(result) ?? /^.+ wins: (.+) left the game$/.exec(result))) {
    return t('over.won_left', { ...vars, loser: who(m[1]) });
  }
  const reason = /^.+? wins: (.+)$/.exec(result)?.[1] ?? result;
  return t('over.won_reason', { ...vars, reason: serverPhrase(reason) });
}
