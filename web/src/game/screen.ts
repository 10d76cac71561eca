// The game page on screen: its places, laid out once (the board between its players' bars, then
// the decision: head and actions with the game menu, then the side cards; on a phone the
// decision stands below the board, so none of it falls below the fold), and filled from the
// views at every redraw. Element ids and classes are the page's contract with the style sheet
// and the browser tests.

import { GameAccess } from '../a11y/game_access';
import { api } from '../api';
import { gameTitle } from '../catalog';
import { clear, h } from '../dom';
import { t } from '../i18n';
import { GameBoard, moverName } from './board';
import { statusText } from './controls';
import type { GameCtrl } from './ctrl';
import { inviteRows, moveItems, playerRows, replayBar, thinkingText } from './panel';
import { playerBars } from './player_bars';
import { bannerView, choicesView, controlsView, menuView, noticeView } from './views';

export class GameScreen {
  readonly title = h('h1', { id: 'title' }, t('common.game'));
  private readonly banner = h('div', { id: 'banner' });
  private readonly status = h('div', { class: 'status-line', id: 'status' });
  private readonly boardWrap = h('div', { class: 'board-wrap', id: 'board' });
  private readonly notice = h('div', { id: 'notice' });
  private readonly hint = h('div', { class: 'hint', id: 'hint', 'aria-live': 'polite' });
  private readonly choices = h('div', { class: 'choices', id: 'choices' });
  readonly controls = h('div', { class: 'controls', id: 'controls' });
  // The secondary actions and the settings, behind one button; it stays open across redraws.
  private readonly menuItems = h('div', { class: 'menu-items', id: 'game-menu-items' });
  private readonly menu = h('details', { class: 'game-menu', id: 'game-menu' },
    h('summary', { class: 'button' }, t('game.menu')), this.menuItems);
  // The players by the board: the seat drawn at the bottom below it, the others above.
  private readonly barsTop = h('div', { class: 'player-bars top', id: 'bars-top' });
  private readonly barsBottom = h('div', { class: 'player-bars bottom', id: 'bars-bottom' });
  // Holds every seat's clock (clock.ts writes the running one).
  readonly clocks: HTMLElement;
  readonly players = h('ul', { class: 'players', id: 'players' });
  private readonly thinkingLine = h('div', { class: 'thinking', id: 'thinking' });
  private readonly invites = h('div', { id: 'invites' });
  private readonly movesBox = h('div', { class: 'moves', id: 'moves' });
  private readonly replay = h('div', { class: 'replay', id: 'replay' });
  private readonly position = h('div', { class: 'position-text', id: 'position' });
  // Keyboard play and screen readers: the board's cursor, the typed move, the live region, the
  // board as text (a11y/game_access.ts).
  readonly access: GameAccess;
  private readonly board: GameBoard;

  constructor(
    app: HTMLElement,
    private readonly ctrl: GameCtrl,
  ) {
    this.access = new GameAccess(this.boardWrap, {
      click: (name) => void ctrl.boardClick(name),
      cancel: () => ctrl.cancelClicks(),
      send: (move) => void ctrl.requests.move(move),
      canPlay: () => ctrl.canPlay(),
      refuse: () => ctrl.refuse(),
      movesBeginning: (prefix) => api.legalPrefix(ctrl.id, prefix),
    });
    this.board = new GameBoard(this.boardWrap, this.access);
    app.append(this.access.announcer.element);
    this.clocks = h('div', { class: 'game-board' }, this.barsTop, this.boardWrap, this.barsBottom, this.access.under);
    app.append(
      h('div', { class: 'game' },
        h('div', { class: 'game-head' }, this.title, this.banner, this.status),
        this.clocks,
        h('div', { class: 'game-act' }, this.notice, this.hint, this.choices,
          h('div', { class: 'action-row' }, this.controls, this.menu), this.access.act),
        h('div', { class: 'game-side' },
          h('div', { class: 'card' }, h('h2', { class: 'card-title' }, t('game.players')), this.players, this.thinkingLine, this.invites),
          h('div', { class: 'card' }, h('h2', { class: 'card-title' }, t('game.moves')), this.movesBox, this.replay,
            h('details', { class: 'position-box', id: 'position-box' }, h('summary', { class: 'small muted' }, t('look.position_text')), this.position)))),
    );
  }

  redraw(): void {
    const ctrl = this.ctrl;
    const f = ctrl.frame();
    if (!f) return;
    const g = f.game;
    const name = gameTitle(g.game);
    if (this.title.textContent !== name) this.title.textContent = name;
    fill(this.banner, bannerView(ctrl, f));

    const status = this.status;
    status.className = g.status === 'finished' ? 'status-line finished' : 'status-line';
    status.textContent = statusText(g, f.mine, ctrl.myTurn());
    status.setAttribute('data-ply', String(g.ply));
    status.setAttribute('data-status', g.status);

    this.access.follow({ game: g, shownPly: f.shown.ply, live: f.live, status: status.textContent ?? '', mover: (p) => moverName(ctrl, p) });
    this.board.draw(ctrl, f);
    ctrl.signals.update({ game: g, title: name, shown: f.shown, before: ctrl.history.get(f.shown.ply - 1), live: f.live, settled: !f.settling, myTurn: ctrl.myTurn(), mine: f.mine });

    fill(this.notice, noticeView(ctrl, f));
    fill(this.choices, choicesView(ctrl, f));
    this.drawHint();
    fill(this.controls, controlsView(ctrl, f));
    fill(this.menuItems, menuView(ctrl, f, this.access.toggle));

    const bars = playerBars({
      game: g, board: f.shown.board, mine: f.mine, live: f.live, runningMs: Date.now() - ctrl.receivedAt,
      ratings: ctrl.ratings.seats, turns: ctrl.turns,
    });
    fill(this.barsTop, bars.top);
    fill(this.barsBottom, bars.bottom);
    this.barsTop.classList.toggle('many', bars.top.length > 1);
    fill(this.players, playerRows(g, f.shown.board, f.mine, f.live));
    this.drawThinking();
    fill(this.invites, inviteRows(g, ctrl.id, f.mine));

    fill(this.movesBox, moveItems(g, f.shown.ply, (p) => void ctrl.showPly(p)));
    if (f.live) this.movesBox.scrollTop = this.movesBox.scrollHeight;
    fill(this.replay, replayBar(g, f.shown.ply, f.live, (p) => void ctrl.showPly(p)));
    this.position.textContent = f.shown.position;
  }

  // The game menu closes on Escape and on a press outside it.
  private readonly closeMenu = (ev: Event) => {
    if (!this.menu.open) return;
    if (ev instanceof KeyboardEvent ? ev.key === 'Escape' : !this.menu.contains(ev.target as Node)) {
      this.menu.open = false;
      if (ev instanceof KeyboardEvent && this.menu.contains(document.activeElement)) this.menu.querySelector('summary')?.focus();
    }
  };

  listen(): () => void {
    document.addEventListener('pointerdown', this.closeMenu);
    document.addEventListener('keydown', this.closeMenu);
    return () => {
      document.removeEventListener('pointerdown', this.closeMenu);
      document.removeEventListener('keydown', this.closeMenu);
    };
  }

  drawHint(): void {
    this.hint.textContent = this.ctrl.hintText;
    this.hint.className = this.ctrl.hintError ? 'hint error' : 'hint';
  }

  drawThinking(): void {
    this.thinkingLine.textContent = thinkingText(this.ctrl.game, this.ctrl.thinking);
  }
}

function fill(place: HTMLElement, content: Node[]): void {
  clear(place);
  place.append(...content);
}
