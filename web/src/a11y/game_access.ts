// The game page's keyboard and screen-reader face, beside the board the pointer uses: the board's
// cursor (board/keyboard.ts) with every cell and slot named (describe.ts), the polite live region
// saying each move and whose turn it is (announcer.ts), the move typed with completion
// (move_entry.ts), and the board as text on request (text_board.ts). The page tells it when the
// board is drawn and when the game changes; what a key or a typed move does goes back through
// the page's own paths (a click, a move sent).

import type { BoardView, Game, LastMove, LegalPrefix } from '../api';
import { BoardKeyboard } from '../board/keyboard';
import { gameEntry, gameTitle } from '../catalog';
import { h } from '../dom';
import { listText, t } from '../i18n';
import { getPref, setPref } from '../storage';
import { Announcer } from './announcer';
import { type BoardState, cellText, slotText } from './describe';
import { MoveEntry, type Suggestions } from './move_entry';
import { textBoard } from './text_board';

// How long after a key clicked the board its outcome is still said.
const kSayClicksMs = 4000;
const kNoMoves: Suggestions = { moves: [], count: 0 };

export interface AccessHost {
  click(name: string): void; // as a click on the board
  cancel(): void; // drop the clicks so far
  send(move: string): void; // play a typed move
  canPlay(): boolean; // this browser may move now in the live position
  refuse(): void; // say why no move can be played now
  movesBeginning(prefix: string): Promise<LegalPrefix>; // the legal endpoint by prefix
}

// What the board on show was drawn from.
export interface Drawn {
  game: Game;
  view: BoardView; // as drawn (the clicks so far applied)
  lastMove: LastMove | null;
  selected: string[];
  targets: string[];
  flipped: boolean;
  mover: string; // who made the last move shown ('' when not known)
  waiting: boolean; // an answer or a playback is awaited: the targets are not final
}

// What has happened in the game, for the announcements.
export interface Followed {
  game: Game;
  shownPly: number;
  live: boolean;
  status: string; // whose turn it is, or the result (the status line)
  mover(ply: number): string; // who made the move to `ply` ('' when not known)
}

export class GameAccess {
  readonly announcer = new Announcer();
  readonly keyboard: BoardKeyboard;
  private readonly entry: MoveEntry;
  private readonly help = h('p', { id: 'board-keys', class: 'visually-hidden' });
  private readonly text = h('pre', { id: 'text-board', class: 'text-board', tabindex: 0, hidden: true });
  // Shows and hides the text board: the page puts it in its menu.
  readonly toggle = h('button', { id: 'text-board-toggle', type: 'button', 'aria-controls': 'text-board' });
  // Under the board: the key help its label points to and the text board.
  readonly under = h('div', { class: 'board-access' }, this.help, this.text);
  // In the decision column: the move field, for whoever may play here.
  readonly act = h('div', { class: 'access-act' });
  private last: Drawn | null = null;
  private followed: { ply: number; shown: number; live: boolean; status: string } | null = null;
  private keyedAt = 0; // when a key last clicked the board: what it selected is said once known
  private said = ''; // the selection (and its targets) as it stood before, or as last said

  constructor(
    private readonly wrap: HTMLElement,
    private readonly host: AccessHost,
  ) {
    this.keyboard = new BoardKeyboard(wrap, {
      click: (name) => {
        this.keyed();
        host.click(name);
      },
      cancel: () => {
        this.keyed();
        host.cancel();
      },
    });
    wrap.setAttribute('aria-describedby', 'board-keys');
    this.entry = new MoveEntry({
      // The server completes the text (the legal endpoint's prefix), exactly; nothing when this
      // browser may not move, or the answer fails.
      suggest: (text) => (host.canPlay() ? host.movesBeginning(text).catch(() => kNoMoves) : Promise.resolve(kNoMoves)),
      play: (move) => (host.canPlay() ? host.send(move) : host.refuse()),
    });
    this.toggle.addEventListener('click', () => {
      this.text.hidden = !this.text.hidden;
      setPref('textBoard', this.text.hidden ? '0' : '1');
      this.showText();
    });
    this.text.hidden = getPref('textBoard', '0') !== '1';
  }

  // After the board was drawn (`svg` when drawn anew, else null) or its state changed.
  drawn(svg: SVGSVGElement | null, d: Drawn): void {
    const positionChanged = !this.last || this.last.game.ply !== d.game.ply || this.last.game.updated_ms !== d.game.updated_ms;
    this.last = d;
    const state: BoardState = { game: d.game.game, legend: gameEntry(d.game.game)?.legend, selected: d.selected, targets: d.targets, lastMove: d.lastMove };
    this.wrap.setAttribute('aria-roledescription', t('a11y.board_role'));
    this.wrap.setAttribute('aria-label', t('game.board', { game: gameTitle(d.game.game) }));
    this.help.textContent = t('a11y.board_keys') + (d.view.shape === 'hex' || d.view.walls.length ? ` ${t('a11y.board_keys_slots')}` : '');
    if (svg) this.label(svg, d.view, state);
    this.keyboard.show();
    if (positionChanged) this.entry.refresh();
    this.renderAct(d.game);
    this.showText();
    this.sayClicks(d);
  }

  // The SVG as an application's content: each cell and slot named, with an id for the active
  // descendant; the rest (coordinates, pieces, routes) hidden, as the names say it all.
  private label(svg: SVGSVGElement, view: BoardView, state: BoardState): void {
    svg.setAttribute('role', 'none');
    svg.removeAttribute('aria-label');
    const cells = new Map(view.cells.map((c) => [c.name, c]));
    for (const child of svg.children) {
      if (!child.querySelector('[data-click]') && !child.hasAttribute('data-click')) child.setAttribute('aria-hidden', 'true');
    }
    for (const el of svg.querySelectorAll('[data-click]')) {
      const name = el.getAttribute('data-click') ?? '';
      const slot = el.getAttribute('data-slot');
      const cell = cells.get(name);
      el.id = slot ? `slot-${slot}` : `cell-${name}`;
      el.setAttribute('role', 'img');
      el.setAttribute('aria-label', slot ? slotText(name, state) : cell ? cellText(view, cell, state) : name);
    }
  }

  private renderAct(g: Game): void {
    this.toggle.textContent = this.text.hidden ? t('a11y.text_show') : t('a11y.text_hide');
    this.toggle.setAttribute('aria-expanded', String(!this.text.hidden));
    this.entry.translate();
    const typing = g.status === 'playing' && this.host.canPlay();
    const want: Node[] = typing || this.entry.element.contains(document.activeElement) ? [this.entry.element] : [];
    if (want.length !== this.act.childNodes.length || want.some((n, i) => this.act.childNodes[i] !== n)) this.act.replaceChildren(...want);
  }

  private showText(): void {
    const d = this.last;
    this.text.setAttribute('aria-label', t('a11y.text_label'));
    this.toggle.textContent = this.text.hidden ? t('a11y.text_show') : t('a11y.text_hide');
    this.toggle.setAttribute('aria-expanded', String(!this.text.hidden));
    if (this.text.hidden || !d) return;
    this.text.textContent = textBoard(d.view, gameEntry(d.game.game)?.legend, d.lastMove, d.mover, d.flipped);
  }

  private keyed(): void {
    this.keyedAt = Date.now();
    this.said = this.last ? JSON.stringify([this.last.selected, this.last.targets]) : '';
  }

  // After a key clicked the board: what is selected now and where it may go (a click that selects
  // nothing is explained by the page's hint).
  private sayClicks(d: Drawn): void {
    if (Date.now() - this.keyedAt > kSayClicksMs || d.waiting) return;
    const key = JSON.stringify([d.selected, d.targets]);
    if (key === this.said) return;
    this.keyedAt = 0;
    this.said = key;
    if (!d.selected.length) {
      this.announcer.say(t('a11y.cleared'));
      return;
    }
    // Every target counted is named: a count with fewer names leaves the rest unknown.
    this.announcer.say(
      `${t('a11y.selection', { cells: d.selected.join(', ') })} ${d.targets.length ? t('a11y.targets', { count: d.targets.length, list: listText(d.targets) }) : ''}`.trim(),
    );
  }

  // After the game changed or another position was put on show: the moves made since, whose turn
  // it is now, the position shown in a replay.
  follow(f: Followed): void {
    const g = f.game;
    const before = this.followed;
    this.followed = { ply: g.ply, shown: f.shownPly, live: f.live, status: f.status };
    if (!before) return;
    if (!f.live) {
      if (before.live || before.shown !== f.shownPly) {
        const move = g.moves[f.shownPly - 1];
        this.announcer.say(f.shownPly === 0 || !move ? t('a11y.showing_start') : t('a11y.showing', { n: f.shownPly, move }));
      }
      return;
    }
    const parts: string[] = [];
    if (g.ply > before.ply) {
      const from = Math.max(before.ply, g.ply - 3);
      for (let p = from + 1; p <= g.ply; p++) {
        const move = g.moves[p - 1];
        const who = f.mover(p);
        parts.push(who ? t('a11y.played', { seat: who, move }) : t('a11y.move_n', { n: p, move }));
      }
    } else if (g.ply < before.ply) parts.push(t('a11y.taken_back'));
    else if (before.live && f.status === before.status) return;
    this.keyedAt = 0;
    parts.push(f.status);
    this.announcer.say(parts.join(' '));
  }

  stop(): void {
    this.announcer.stop();
  }
}
