// The game page's words and controls for the decision at hand: the status line, why a click did
// nothing, undo, resign (asked twice), rematch (with the offer of another player who asked
// first), flip, copy position, and the move confirm setting. Views only: the page passes its
// state and what each button does.

import type { Game } from '../api';
import { gameEntry } from '../catalog';
import { copyText, h } from '../dom';
import { confirmMoves, setConfirmMoves } from '../storage';

export interface ControlsState {
  game: Game;
  position: string; // of the position on show
  mine: number[]; // the seats this browser holds
  busy: boolean; // a request that changes the game is in flight
  confirmResign: boolean; // Resign was pressed once
  undo(): void;
  resign(): void;
  rematch(): void;
  followRematch(): void;
  draw(action: 'offer' | 'accept' | 'decline'): void;
  takeback(action: 'request' | 'accept' | 'decline'): void;
  claim(result: 'win' | 'draw'): void;
  hasDraws: boolean; // the game's rules have draws (not Traverse)
  claimable: boolean; // the seat to move has been away past the grace (claim_at_ms passed)
  flip(): void;
}

export function controlItems(c: ControlsState): HTMLElement[] {
  const g = c.game;
  const out: HTMLElement[] = [];
  const othersAi = g.seats.every((s, i) => s.kind === 'ai' || c.mine.includes(i));
  if (g.status === 'playing' && c.mine.length && othersAi) {
    out.push(h('button', { id: 'undo', disabled: c.busy || g.ply === 0, onclick: c.undo }, 'Undo'));
  }
  if (g.status === 'playing' && c.mine.length) out.push(...offerItems(c, othersAi));
  if (g.status === 'playing' && c.mine.length) {
    out.push(h('button', { id: 'resign', class: c.confirmResign ? 'primary' : '', disabled: c.busy, onclick: c.resign }, c.confirmResign ? 'Really resign?' : 'Resign'));
  }
  if (g.status === 'finished' && c.mine.length) out.push(rematchItem(c));
  else if (g.rematch_id) {
    out.push(h('a', { class: 'button', href: `#/game/${encodeURIComponent(g.rematch_id)}` }, 'Watch the rematch'));
  }
  out.push(
    h('button', { id: 'flip', onclick: c.flip }, 'Flip board'),
    h('button', {
      id: 'copy-position',
      onclick: (ev: Event) => {
        const b = ev.currentTarget as HTMLButtonElement;
        void copyText(c.position).then((ok) => {
          b.textContent = ok ? 'Copied' : 'Copy failed';
          window.setTimeout(() => { b.textContent = 'Copy position'; }, 1500);
        });
      },
    }, 'Copy position'),
  );
  return out;
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
      out.push(h('div', { class: 'offer', id: 'draw-offer' }, `${g.seats[d!]?.player} offers a draw. `,
        h('button', { id: 'draw-accept', class: 'primary', disabled: c.busy, onclick: () => c.draw('accept') }, 'Accept'),
        h('button', { id: 'draw-decline', disabled: c.busy, onclick: () => c.draw('decline') }, 'Decline')));
    } else if (d !== null) {
      out.push(h('button', { id: 'draw', disabled: c.busy, onclick: () => c.draw('decline') }, 'Draw offered: withdraw'));
    } else {
      out.push(h('button', { id: 'draw', disabled: c.busy, onclick: () => c.draw('offer') }, 'Offer a draw'));
    }
  }
  if (people && !othersAi) {
    const t = g.offers?.takeback ?? null;
    if (theirs(t)) {
      out.push(h('div', { class: 'offer', id: 'takeback-offer' }, `${g.seats[t!]?.player} asks to take back a move. `,
        h('button', { id: 'takeback-accept', class: 'primary', disabled: c.busy, onclick: () => c.takeback('accept') }, 'Accept'),
        h('button', { id: 'takeback-decline', disabled: c.busy, onclick: () => c.takeback('decline') }, 'Decline')));
    } else if (t === null) {
      out.push(h('button', { id: 'takeback', disabled: c.busy || g.ply === 0, onclick: () => c.takeback('request') }, 'Ask to take back'));
    }
  }
  if (c.claimable && !c.mine.includes(g.to_move)) {
    out.push(h('div', { class: 'offer', id: 'claim-offer' }, `${g.seats[g.to_move]?.player} has left the game. `,
      h('button', { id: 'claim', class: 'primary', disabled: c.busy, onclick: () => c.claim('win') }, 'Claim the win'),
      c.hasDraws ? h('button', { id: 'claim-draw', disabled: c.busy, onclick: () => c.claim('draw') }, 'Claim a draw') : null));
  }
  return out;
}

// After the game: go to the rematch, accept another player's offer, or ask (then wait).
function rematchItem(c: ControlsState): HTMLElement {
  const g = c.game;
  if (g.rematch_id) return h('button', { id: 'rematch', class: 'primary', onclick: c.followRematch }, 'Go to the rematch');
  const asked = c.mine.some((i) => g.seats[i]?.rematch);
  // Other players' seats (not open ones) that asked: an offer to this browser.
  const offering = g.seats.filter((s, i) => !c.mine.includes(i) && s.kind === 'human' && s.rematch).map((s) => s.player);
  if (offering.length && !asked) {
    return h('div', { class: 'offer', id: 'rematch-offer' },
      `${offering.join(' and ')} ${offering.length > 1 ? 'offer' : 'offers'} a rematch. `,
      h('button', { id: 'rematch', class: 'primary', disabled: c.busy, onclick: c.rematch }, 'Accept'));
  }
  return h('button', { id: 'rematch', disabled: c.busy || asked, onclick: c.rematch }, asked ? 'Rematch asked: waiting' : 'Rematch');
}

// "Confirm each move before it is sent", remembered (storage.ts); `changed` hears the new value.
export function confirmSetting(changed: (on: boolean) => void): HTMLElement {
  const box = h('input', { type: 'checkbox', id: 'confirm-moves', checked: confirmMoves() });
  box.addEventListener('change', () => {
    setConfirmMoves(box.checked);
    changed(box.checked);
  });
  return h('label', { class: 'small muted' }, box, ' Confirm each move before it is sent');
}

// Whose turn it is, or how the game ended.
export function statusText(g: Game, mine: number[], myTurn: boolean): string {
  if (g.status === 'finished') return g.result || 'The game is over.';
  const seat = g.seats[g.to_move];
  const who = seat?.player ?? '?';
  if (myTurn) return mine.length > 1 ? `Your turn (${who})` : 'Your turn';
  if (seat?.kind === 'ai') return `${who} (AI level ${seat.level}) is thinking…`;
  if (seat?.kind === 'open') return `Waiting for someone to take the ${who} seat`;
  return `${who} to move`;
}

// Why a click on `name` (after `clicks`) is not one the server offers. The game's own words come
// from the catalog: its hints, and the legend's description of a piece that is stuck for a
// reason its tags give ("a trapped mover: it never moves again").
export function explainClick(g: Game, at: { viewing: boolean; mine: number[]; myTurn: boolean }, name: string, clicks: string[]): string {
  if (at.viewing) return 'You are looking at an earlier position: go back to the live game to move.';
  if (g.status !== 'playing') return 'The game is over.';
  if (!at.mine.length) return 'You are watching this game.';
  if (!at.myTurn) return `Not your turn: ${g.seats[g.to_move]?.player ?? 'the other player'} is to move.`;
  const entry = gameEntry(g.game);
  const board = g.board;
  const cell = board?.cells.find((c) => c.name === name);
  const slot = name.includes('|');
  if (!clicks.length) {
    if (slot) {
      // A board count run out (a pile of walls) says why.
      const spent = board?.counters.find((c) => c.value === 0);
      return spent ? `No wall can go there: ${spent.text}.` : 'No wall can go there.';
    }
    if (!cell?.glyph) return entry?.hints.empty_cell ?? 'Nothing to move there.';
    if (cell.owner !== g.to_move) return `That is ${board?.players[cell.owner]?.name ?? 'another player'}’s piece.`;
    const stuck = entry?.legend.glyphs.find((e) => e.key === cell.glyph && e.tag && cell.tags.includes(e.tag));
    if (stuck) return `That is ${stuck.description}.`;
    return 'That piece has no moves.';
  }
  if (slot) return 'No wall can go there now.';
  return entry?.hints.bad_target ?? 'That click makes no move here.';
}
