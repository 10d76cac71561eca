// The game page's side panel, drawn from the game object: players and clocks, the AI's thinking,
// invite links for open seats, and the move list with its replay bar. Pure views: the page owns
// the state and passes what a click should do.

import { api, type BoardView, type Game, type Thinking } from '../api';
import { pieceFill } from '../board/colours';
import { copyText, h } from '../dom';

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
    return score > 0 ? `wins in ${plies} plies` : `loses in ${plies} plies`;
  }
  const v = score / 100;
  return `${v > 0 ? '+' : ''}${v.toFixed(2)}`;
}

function nodesText(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(0)}k` : String(n);
}

// The AI's latest progress: depth, evaluation, nodes and best line ('' when none is searching).
export function thinkingText(g: Game | null, t: Thinking | null): string {
  if (!g || !t || g.status !== 'playing' || t.seat !== g.to_move) return '';
  return `${g.seats[t.seat]?.player ?? 'AI'}: depth ${t.depth} · eval ${scoreText(t.score)} · ${nodesText(t.nodes)} nodes · ${(t.pv ?? []).join(' ')}`;
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

function clockSpan(g: Game, i: number, running: number): HTMLElement {
  const c = seatClockMs(g, i, running);
  return h('span', { class: c.low ? 'clock low' : 'clock', 'data-clock': i }, clock(c.ms));
}

// One line per seat: colour, name, who holds it, the summary of the position shown, the clock.
export function playerRows(g: Game, board: BoardView, mine: number[], live: boolean, runningMs: number): HTMLElement[] {
  const rows = g.seats.map((seat, i) => {
    const vp = board.players[i];
    const toMove = g.status === 'playing' && g.to_move === i && live;
    const running = g.status === 'playing' && g.to_move === i && seat.kind !== 'open' ? runningMs : 0;
    const kind = mine.includes(i) ? 'you' : seat.kind === 'ai' ? `AI level ${seat.level}` : seat.kind === 'open' ? 'open seat' : 'player';
    const ret = g.status === 'finished' ? g.returns[i] : undefined;
    return h('li', { class: toMove ? 'to-move' : '', 'data-seat': i },
      h('span', { class: 'swatch', style: `background:${pieceFill(vp?.colour ?? '')}` }),
      h('span', { class: 'who' }, seat.player),
      h('span', { class: mine.includes(i) ? 'tag you' : 'tag' }, kind),
      h('span', { class: 'summary' }, vp?.summary ?? ''),
      ret !== undefined ? h('span', { class: 'tag' }, ret > 0 ? 'won' : ret < 0 ? 'lost' : 'draw') : null,
      clockSpan(g, i, running));
  });
  // The board's own counts (a pile of walls).
  for (const c of board.counters ?? []) rows.push(h('li', { class: 'muted small', 'data-counter': c.label }, c.text.charAt(0).toUpperCase() + c.text.slice(1)));
  return rows;
}

// Invite links for the open seats; "Join as …" for a visitor who holds no seat.
export function inviteRows(g: Game, id: string, mine: number[]): HTMLElement[] {
  const out: HTMLElement[] = [];
  g.seats.forEach((seat, i) => {
    if (seat.kind !== 'open' || g.status !== 'playing') return;
    const link = `${location.origin}/#/join/${encodeURIComponent(id)}/${i}`;
    const input = h('input', { type: 'text', readonly: true, value: link, 'data-invite': i });
    input.addEventListener('focus', () => input.select());
    out.push(
      h('div', { class: 'invite' },
        h('span', null, `Invite for ${seat.player}:`), input,
        h('button', { onclick: (ev: Event) => { const b = ev.currentTarget as HTMLButtonElement; void copyText(link).then((ok) => { b.textContent = ok ? 'Copied' : 'Copy failed'; }); } }, 'Copy link'),
        mine.length ? null : h('a', { class: 'button primary', href: `#/join/${encodeURIComponent(id)}/${i}` }, `Join as ${seat.player}`)),
    );
  });
  return out;
}

// The moves, each a link to the position after it; `at` is the ply on show.
export function moveItems(g: Game, at: number, showPly: (ply: number) => void): HTMLElement[] {
  return [
    h('span', { class: `mv${at === 0 ? ' on' : ''}`, 'data-ply': 0, onclick: () => showPly(0) }, 'start'),
    ...g.moves.map((m, i) =>
      h('span', { class: `mv${at === i + 1 ? ' on' : ''}`, 'data-ply': i + 1, title: `after move ${i + 1}`, onclick: () => showPly(i + 1) },
        h('span', { class: 'num' }, `${i + 1}.`), ' ', m)),
  ];
}

// Start, back, a slider, forward and live (null: the live position).
export function replayBar(g: Game, at: number, live: boolean, showPly: (ply: number | null) => void): HTMLElement[] {
  const range = h('input', { type: 'range', min: 0, max: g.moves.length, value: at, 'aria-label': 'position in the game' });
  range.addEventListener('input', () => showPly(Number(range.value)));
  return [
    h('button', { title: 'start', disabled: at === 0, onclick: () => showPly(0) }, '«'),
    h('button', { title: 'back', disabled: at === 0, onclick: () => showPly(at - 1) }, '‹'),
    range,
    h('button', { title: 'forward', disabled: live, onclick: () => showPly(at + 1) }, '›'),
    h('button', { title: 'live', disabled: live, onclick: () => showPly(null) }, '»'),
    h('span', { class: 'muted small' }, live ? (g.moves.length === 1 ? '1 move' : `${g.moves.length} moves`) : `move ${at} of ${g.moves.length}`),
  ];
}

// The record download: the name is the one the server's Content-Disposition gives
// (`arbiter-ID.txt`, docs/api.md), so the browser saves what the page says it will.
export function recordLink(id: string): HTMLAnchorElement {
  const name = `arbiter-${id}.txt`;
  return h('a', { class: 'button', id: 'record', href: api.recordUrl(id), download: name, title: `Saves ${name}` }, 'Download record');
}
