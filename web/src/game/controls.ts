// The game page's words and controls for the decision at hand: the status line, why a click did
// nothing, undo, abort (before every seat has moved) or resign (asked twice), rematch (with the
// offer of another player who asked first; shown in the game-over panel), flip, copy position
// and the move confirm setting (in the game menu). Views only: the page passes its state and
// what each button does.

import type { Game } from '../api';
import { gameEntry } from '../catalog';
import { copyText, h } from '../dom';
import { listText, serverText, t } from '../i18n';
import { legendText, seatName, serverPhrase } from '../i18n/server_text';
import { confirmMoves, setConfirmMoves } from '../storage';
import { resultLine } from './result';

export interface ControlsState {
  game: Game;
  mine: number[]; // the seats this browser holds
  busy: boolean; // a request that changes the game is in flight
  confirmResign: boolean; // Resign was pressed once
  undo(): void;
  resign(): void;
  abort(): void;
  rematch(): void;
  followRematch(): void;
  draw(action: 'offer' | 'accept' | 'decline'): void;
  takeback(action: 'request' | 'accept' | 'decline'): void;
  claim(result: 'win' | 'draw'): void;
  hasDraws: boolean; // the game's rules have draws (not Traverse)
  claimable: boolean; // the seat to move has been away past the grace (claim_at_ms passed)
  rotates?: boolean; // the board turns by quarters (a side seat can sit at the bottom)
  flip(): void;
}

export function controlItems(c: ControlsState): HTMLElement[] {
  const g = c.game;
  const out: HTMLElement[] = [];
  const othersAi = g.seats.every((s, i) => s.kind === 'ai' || c.mine.includes(i));
  if (g.status === 'playing' && c.mine.length && othersAi) {
    out.push(h('button', { id: 'undo', disabled: c.busy || g.ply === 0, onclick: c.undo }, t('controls.undo')));
  }
  if (g.status === 'playing' && c.mine.length) out.push(...offerItems(c, othersAi));
  if (g.status === 'playing' && c.mine.length && g.abortable) {
    // Before every seat has moved a game is aborted, not resigned (no result, never rated).
    out.push(h('button', { id: 'abort', disabled: c.busy, onclick: c.abort }, t('controls.abort')));
  } else if (g.status === 'playing' && c.mine.length) {
    out.push(h('button', { id: 'resign', class: c.confirmResign ? 'primary' : '', disabled: c.busy, onclick: c.resign }, c.confirmResign ? t('controls.really_resign') : t('controls.resign')));
  }
  // A player's Rematch is in the game-over panel (rematchItem); a visitor may watch it.
  if (g.rematch_id && !c.mine.length) {
    out.push(h('a', { class: 'button', href: `#/game/${encodeURIComponent(g.rematch_id)}` }, t('controls.watch_rematch')));
  }
  out.push(h('button', { id: 'flip', onclick: c.flip }, c.rotates ? t('look.rotate') : t('controls.flip')));
  return out;
}

// Copies the position shown (the game menu), saying for a moment whether it worked.
export function copyPositionButton(position: string): HTMLElement {
  return h('button', {
    id: 'copy-position',
    type: 'button',
    onclick: (ev: Event) => {
      const b = ev.currentTarget as HTMLButtonElement;
      void copyText(position).then((ok) => {
        b.textContent = ok ? t('common.copied') : t('common.copy_failed');
        window.setTimeout(() => { b.textContent = t('controls.copy_position'); }, 1500);
      });
    },
  }, t('controls.copy_position'));
}

// Draw and takeback offers between people: the button to offer, or the other side's prompt;
// a claim once the player to move has been away past the grace.
function offerItems(c: ControlsState, othersAi: boolean): HTMLElement[] {
  const g = c.game;
  const out: HTMLElement[] = [];
  const people = !g.seats.some((s) => s.kind === 'ai');
  const theirs = (seat: number | null) => seat !== null && !c.mine.includes(seat);
  if (people && c.hasDraws) {
    const d = g.offers?.draw ?? null;
    if (theirs(d) || (d !== null && othersAi)) {
      out.push(h('div', { class: 'offer', id: 'draw-offer' }, t('controls.offers_draw', { seat: seatName(g.seats[d!]?.player ?? '?') }), ' ',
        h('button', { id: 'draw-accept', class: 'primary', disabled: c.busy, onclick: () => c.draw('accept') }, t('common.accept')),
        h('button', { id: 'draw-decline', disabled: c.busy, onclick: () => c.draw('decline') }, t('common.decline'))));
    } else if (d !== null) {
      out.push(h('button', { id: 'draw', disabled: c.busy, onclick: () => c.draw('decline') }, t('controls.draw_withdraw')));
    } else {
      out.push(h('button', { id: 'draw', disabled: c.busy, onclick: () => c.draw('offer') }, t('controls.offer_draw')));
    }
  }
  if (people && !othersAi) {
    const tb = g.offers?.takeback ?? null;
    if (theirs(tb)) {
      out.push(h('div', { class: 'offer', id: 'takeback-offer' }, t('controls.asks_takeback', { seat: seatName(g.seats[tb!]?.player ?? '?') }), ' ',
        h('button', { id: 'takeback-accept', class: 'primary', disabled: c.busy, onclick: () => c.takeback('accept') }, t('common.accept')),
        h('button', { id: 'takeback-decline', disabled: c.busy, onclick: () => c.takeback('decline') }, t('common.decline'))));
    } else if (tb === null) {
      out.push(h('button', { id: 'takeback', disabled: c.busy || g.ply === 0, onclick: () => c.takeback('request') }, t('controls.ask_takeback')));
    }
  }
  if (c.claimable && !c.mine.includes(g.to_move)) {
    out.push(h('div', { class: 'offer', id: 'claim-offer' }, t('controls.left', { seat: seatName(g.seats[g.to_move]?.player ?? '?') }), ' ',
      h('button', { id: 'claim', class: 'primary', disabled: c.busy, onclick: () => c.claim('win') }, t('controls.claim_win')),
      c.hasDraws ? h('button', { id: 'claim-draw', disabled: c.busy, onclick: () => c.claim('draw') }, t('controls.claim_draw')) : null));
  }
  return out;
}

// After the game, for a player: go to the rematch, accept another player's offer, or ask (then
// wait). The one Rematch of the page, in the game-over panel.
export function rematchItem(c: Pick<ControlsState, 'game' | 'mine' | 'busy' | 'rematch' | 'followRematch'>): HTMLElement {
  const g = c.game;
  if (g.rematch_id) return h('button', { id: 'rematch', class: 'primary', onclick: c.followRematch }, t('game.go_rematch'));
  const asked = c.mine.some((i) => g.seats[i]?.rematch);
  // Other players' seats (not open ones) that asked: an offer to this browser.
  const offering = g.seats.filter((s, i) => !c.mine.includes(i) && s.kind === 'human' && s.rematch).map((s) => seatName(s.player));
  if (offering.length && !asked) {
    return h('div', { class: 'offer', id: 'rematch-offer' },
      t('controls.offer_rematch', { names: listText(offering), count: offering.length }), ' ',
      h('button', { id: 'rematch', class: 'primary', disabled: c.busy, onclick: c.rematch }, t('common.accept')));
  }
  return h('button', { id: 'rematch', class: asked ? '' : 'primary', disabled: c.busy || asked, onclick: c.rematch }, asked ? t('controls.rematch_waiting') : t('game.rematch'));
}

// "Confirm each move before it is sent", remembered (storage.ts); `changed` hears the new value.
export function confirmSetting(changed: (on: boolean) => void): HTMLElement {
  const box = h('input', { type: 'checkbox', id: 'confirm-moves', checked: confirmMoves() });
  box.addEventListener('change', () => {
    setConfirmMoves(box.checked);
    changed(box.checked);
  });
  return h('label', { class: 'small muted' }, box, ' ', t('controls.confirm_setting'));
}

// Whose turn it is, or once the game is over the one line of who won and how (result.ts).
export function statusText(g: Game, mine: number[], myTurn: boolean): string {
  if (g.status === 'finished') return resultLine(g);
  const seat = g.seats[g.to_move];
  const who = seatName(seat?.player ?? '?');
  if (myTurn) return mine.length > 1 ? t('status.your_turn_seat', { seat: who }) : t('status.your_turn');
  if (seat?.kind === 'ai') return t('status.ai_thinking', { seat: who, level: seat.level });
  if (seat?.kind === 'open') return t('status.waiting_seat', { seat: who });
  return t('status.to_move', { seat: who });
}

// Why a click on `name` (after `clicks`) is not one the server offers. The game's own words come
// from the catalog: its hints, and the legend's description of a piece that is stuck for a
// reason its tags give ("a trapped mover: it never moves again").
export function explainClick(g: Game, at: { viewing: boolean; mine: number[]; myTurn: boolean }, name: string, clicks: string[]): string {
  if (at.viewing) return t('explain.viewing');
  if (g.status !== 'playing') return t('common.game_over');
  if (!at.mine.length) return t('common.watching');
  if (!at.myTurn) {
    const player = g.seats[g.to_move]?.player;
    return t('explain.not_your_turn', { seat: player ? seatName(player) : t('explain.other_player') });
  }
  const entry = gameEntry(g.game);
  const board = g.board;
  const cell = board?.cells.find((c) => c.name === name);
  const slot = name.includes('|');
  if (!clicks.length) {
    if (slot) {
      // A board count run out (a pile of walls) says why.
      const spent = board?.counters.find((c) => c.value === 0);
      return spent ? t('explain.no_wall_spent', { why: serverPhrase(spent.text) }) : t('explain.no_wall');
    }
    if (!cell?.glyph) return entry ? serverText('hint', `${g.game}.empty_cell`, entry.hints.empty_cell) : t('explain.nothing');
    if (cell.owner !== g.to_move) {
      const owner = board?.players[cell.owner]?.name;
      return t('explain.their_piece', { seat: owner ? seatName(owner) : t('explain.another_player') });
    }
    const stuck = entry?.legend.glyphs.find((e) => e.key === cell.glyph && e.tag && cell.tags.includes(e.tag));
    if (stuck) return t('explain.stuck', { what: legendText(g.game, stuck.key, stuck.tag, stuck.description) });
    return t('explain.no_moves');
  }
  if (slot) return t('explain.no_wall_now');
  return entry ? serverText('hint', `${g.game}.bad_target`, entry.hints.bad_target) : t('explain.bad_click');
}
