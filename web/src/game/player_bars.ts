// The players by the board, as a player looks for them: the seat drawn at the bottom of the board
// in the bar below it, every other seat in the bar above (one for two players, a row of them for
// three or four). Each shows the player's name (the account's, linked to its profile, else the
// seat's with "Anonymous" for a guest), the rating with its provisional mark and, once a rated
// game is over, its change; the position's summary for the seat; a large clock; and the seat to
// move marked. Views only.

import type { BoardView, Game } from '../api';
import { pieceFill } from '../board/colours';
import { turnsFor } from '../board/orientation';
import { h } from '../dom';
import { t } from '../i18n';
import { seatName, serverPhrase } from '../i18n/server_text';
import { clock, seatClockMs } from './panel';
import type { SeatRating } from './ratings';
import { accountDeleted, seatAccount } from './result';

export interface BarsState {
  game: Game;
  board: BoardView; // the position shown
  mine: number[];
  live: boolean;
  runningMs: number; // since the game object came: the running clock's time
  ratings: (SeatRating | null)[];
  turns: number; // quarter turns the board is drawn with
}

// The seat whose start is drawn at the bottom: the one the board's turn puts moving up, else (a
// board whose seats say no direction) the first seat, or the last one on a flipped board.
export function bottomSeat(g: Game, board: BoardView, turns: number): number {
  const n = g.seats.length;
  const i = board.players.findIndex((p) => p.forward && turnsFor(p.forward) === turns);
  if (i >= 0 && i < n) return i;
  return turns === 2 ? n - 1 : 0;
}

// "+12", "−12" (a minus sign, not a hyphen), "±0".
export function changeText(change: number): string {
  return change > 0 ? `+${change}` : change < 0 ? `\u2212${-change}` : '\u00b10';
}

function bar(s: BarsState, i: number): HTMLElement {
  const g = s.game;
  const seat = g.seats[i];
  const vp = s.board.players[i];
  const account = seatAccount(g, i);
  const toMove = g.status === 'playing' && g.to_move === i && s.live;
  const mine = s.mine.includes(i);
  const rating = account ? s.ratings[i] ?? null : null;
  // Who holds the seat, when it is not an account: a guest, the AI, nobody yet.
  const holder = account
    ? seatName(seat.player)
    : seat.kind === 'ai'
      ? t('common.ai_level', { level: seat.level })
      : seat.kind === 'open'
        ? t('panel.open_seat')
        : accountDeleted(g, i)
          ? t('bars.deleted')
          : t('bars.anonymous');
  const summary = serverPhrase(vp?.summary ?? '');
  const c = seatClockMs(g, i, g.status === 'playing' && g.to_move === i && seat.kind !== 'open' ? s.runningMs : 0);
  const timed = seat.clock_ms !== null && seat.clock_ms !== undefined;
  const clockClass = ['clock', 'pb-clock', timed ? '' : 'elapsed', c.low ? 'low' : '', toMove && seat.kind !== 'open' ? 'running' : ''].filter(Boolean).join(' ');
  return h('div', { class: `player-bar${toMove ? ' to-move' : ''}${mine ? ' you' : ''}`, 'data-seat': i },
    h('span', { class: 'swatch', style: `background:${pieceFill(vp?.colour ?? '')}` }),
    h('div', { class: 'pb-id' },
      h('div', { class: 'pb-line' },
        account
          ? h('a', { class: 'pb-name', href: `#/players/${encodeURIComponent(account)}` }, account)
          : h('span', { class: 'pb-name' }, seatName(seat.player)),
        rating
          ? h('span', { class: 'pb-rating', 'data-rating': rating.rating, title: rating.provisional ? t('common.provisional_title') : null },
            rating.provisional ? t('bars.rating_provisional', { rating: rating.rating }) : String(rating.rating))
          : null,
        rating && rating.change !== null
          ? h('span', { class: `rating-change ${rating.change > 0 ? 'up' : rating.change < 0 ? 'down' : 'even'}`, 'data-rating-change': rating.change }, changeText(rating.change))
          : null,
        // "you" says which seat is this browser's; not when it holds them all (one screen, every player).
        mine && s.mine.length < g.seats.length ? h('span', { class: 'tag you' }, t('common.you')) : null),
      h('div', { class: 'pb-meta' }, summary ? t('bars.meta', { holder, summary }) : holder)),
    toMove ? h('span', { class: 'pb-turn' }, t('bars.to_move')) : null,
    h('span', { class: clockClass, 'data-clock': i, role: 'timer', 'aria-label': t('bars.clock', { player: account || seatName(seat.player) }) }, clock(c.ms)),
  );
}

export function playerBars(s: BarsState): { top: HTMLElement[]; bottom: HTMLElement[] } {
  const n = s.game.seats.length;
  const low = bottomSeat(s.game, s.board, s.turns);
  const top: HTMLElement[] = [];
  for (let k = 1; k < n; k++) top.push(bar(s, (low + k) % n));
  return { top, bottom: [bar(s, low)] };
}
