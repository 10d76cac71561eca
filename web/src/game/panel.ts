// The game page's side panel, drawn from the game object: the players, the AI's thinking,
// invite links for open seats, and the move list with its replay bar. Pure views: the page owns
// the state and passes what a click should do.

import { pressable } from '../a11y/pressable';
import { api, type BoardView, type Game, type Thinking } from '../api';
import { pieceFill } from '../board/colours';
import { copyText, h } from '../dom';
import { t } from '../i18n';
import { seatName, serverPhrase } from '../i18n/server_text';

// The text with its first letter a capital ("60 walls left" as a line of its own).
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(s / 60);
  const h = Math.floor(m / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m % 60).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// Scores are from the searching side, in hundredths of a unit of the game's evaluation; a proven
// result is 1,000,000 less the plies to it.
function scoreText(score: number): string {
  const kWin = 1_000_000;
  if (Math.abs(score) > kWin - 10_000) {
    const plies = kWin - Math.abs(score);
    return t(score > 0 ? 'panel.wins_in' : 'panel.loses_in', { count: plies });
  }
  const v = score / 100;
  return `${v > 0 ? '+' : ''}${v.toFixed(2)}`;
}

function nodesText(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(0)}k` : String(n);
}

// The AI's latest progress: depth, evaluation, nodes and best line ('' when none is searching).
export function thinkingText(g: Game | null, th: Thinking | null): string {
  if (!g || !th || g.status !== 'playing' || th.seat !== g.to_move) return '';
  const player = g.seats[th.seat]?.player;
  return t('panel.thinking', {
    seat: player ? seatName(player) : t('common.ai'),
    depth: th.depth,
    score: scoreText(th.score),
    nodes: nodesText(th.nodes),
    line: (th.pv ?? []).join(' '),
  });
}

// A seat's clock: under a time control the time left, counting down for the seat to move
// (`running`: ms since the game object arrived) and marked low under 10 s or a tenth of its
// start; otherwise the time used, counting up.
export function seatClockMs(g: Game, i: number, running: number): { ms: number; low: boolean } {
  const seat = g.seats[i];
  if (seat.clock_ms === null || seat.clock_ms === undefined) return { ms: seat.time_used_ms + running, low: false };
  const left = Math.max(0, seat.clock_ms - running);
  const m = /^([0-9.]+)\+/.exec(g.time_control);
  const start = m ? Number(m[1]) * 60_000 : 0;
  return { ms: left, low: g.status === 'playing' && (left < 10_000 || (start > 0 && left < start / 10)) };
}

// One line per seat: colour, name, who holds it, the summary of the position shown, the result
// (the clocks are in the bars by the board, player_bars.ts).
export function playerRows(g: Game, board: BoardView, mine: number[], live: boolean): HTMLElement[] {
  const rows = g.seats.map((seat, i) => {
    const vp = board.players[i];
    const toMove = g.status === 'playing' && g.to_move === i && live;
    const kind = mine.includes(i) ? t('common.you') : seat.kind === 'ai' ? t('common.ai_level', { level: seat.level }) : seat.kind === 'open' ? t('panel.open_seat') : t('panel.player');
    const ret = g.status === 'finished' ? g.returns[i] : undefined;
    return h('li', { class: toMove ? 'to-move' : '', 'data-seat': i },
      h('span', { class: 'swatch', style: `background:${pieceFill(vp?.colour ?? '')}` }),
      h('span', { class: 'who' }, seatName(seat.player)),
      h('span', { class: mine.includes(i) ? 'tag you' : 'tag' }, kind),
      h('span', { class: 'summary' }, serverPhrase(vp?.summary ?? '')),
      ret !== undefined ? h('span', { class: 'tag' }, ret > 0 ? t('panel.won') : ret < 0 ? t('panel.lost') : t('panel.draw')) : null);
  });
  // The board's own counts (a pile of walls).
  for (const c of board.counters ?? []) rows.push(h('li', { class: 'muted small', 'data-counter': c.label }, capitalised(serverPhrase(c.text))));
  return rows;
}

// Invite links for the open seats; "Join as …" for a visitor who holds no seat.
export function inviteRows(g: Game, id: string, mine: number[]): HTMLElement[] {
  const out: HTMLElement[] = [];
  g.seats.forEach((seat, i) => {
    if (seat.kind !== 'open' || g.status !== 'playing') return;
    const link = `${location.origin}/#/join/${encodeURIComponent(id)}/${i}`;
    const input = h('input', { type: 'text', readonly: true, value: link, 'data-invite': i, id: `invite-${i}` });
    input.addEventListener('focus', () => input.select());
    out.push(
      h('div', { class: 'invite' },
        h('label', { for: `invite-${i}` }, t('panel.invite_for', { seat: seatName(seat.player) })), input,
        h('button', { onclick: (ev: Event) => { const b = ev.currentTarget as HTMLButtonElement; void copyText(link).then((ok) => { b.textContent = ok ? t('common.copied') : t('common.copy_failed'); }); } }, t('panel.copy_link')),
        mine.length ? null : h('a', { class: 'button primary', href: `#/join/${encodeURIComponent(id)}/${i}` }, t('common.join_as', { seat: seatName(seat.player) }))),
    );
  });
  return out;
}

// The moves, a round of turns to a row (as many moves as there are seats, so a row reads across
// the seats in turn order), each a link to the position after it; `at` is the ply on show.
export function moveItems(g: Game, at: number, showPly: (ply: number) => void): HTMLElement[] {
  const per = Math.max(1, g.seats.length);
  const item = (ply: number, text: string, title?: string) =>
    h('span', { class: `mv${at === ply ? ' on' : ''}`, 'data-ply': ply, title, 'aria-current': at === ply ? 'step' : null, ...pressable(() => showPly(ply)) }, text);
  const rows = [h('div', { class: 'mv-row mv-start' }, item(0, t('panel.start')))];
  for (let first = 0; first < g.moves.length; first += per) {
    const round = first / per + 1;
    rows.push(h('div', { class: 'mv-row', 'data-round': round, style: `--seats:${per}` },
      h('span', { class: 'num', title: t('look.round', { n: round }) }, `${round}.`),
      ...g.moves.slice(first, first + per).map((m, j) => item(first + j + 1, m, t('panel.after_move', { n: first + j + 1 })))));
  }
  return rows;
}

// Start, back, a slider, forward and live (null: the live position).
export function replayBar(g: Game, at: number, live: boolean, showPly: (ply: number | null) => void): HTMLElement[] {
  const range = h('input', { type: 'range', min: 0, max: g.moves.length, value: at, 'aria-label': t('panel.position') });
  range.addEventListener('input', () => showPly(Number(range.value)));
  return [
    h('button', { title: t('panel.to_start'), 'aria-label': t('panel.to_start'), disabled: at === 0, onclick: () => showPly(0) }, '«'),
    h('button', { title: t('panel.back'), 'aria-label': t('panel.back'), disabled: at === 0, onclick: () => showPly(at - 1) }, '‹'),
    range,
    h('button', { title: t('panel.forward'), 'aria-label': t('panel.forward'), disabled: live, onclick: () => showPly(at + 1) }, '›'),
    h('button', { title: t('panel.to_live'), 'aria-label': t('panel.to_live'), disabled: live, onclick: () => showPly(null) }, '»'),
    h('span', { class: 'muted small' }, live ? t('panel.moves_count', { count: g.moves.length }) : t('panel.move_of', { n: at, total: g.moves.length })),
  ];
}

// The record download: the name is the one the server's Content-Disposition gives
// (`arbiter-ID.txt`, docs/api.md), so the browser saves what the page says it will.
export function recordLink(id: string): HTMLAnchorElement {
  const name = `arbiter-${id}.txt`;
  return h('a', { class: 'button', id: 'record', href: api.recordUrl(id), download: name, title: t('panel.saves', { name }) }, t('panel.download'));
}
