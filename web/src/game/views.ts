// The game page's parts drawn from the controller's state, each a function from the state (and
// the frame of the redraw) to elements, doing nothing else: what a button does goes back to the
// controller. screen.ts puts them in their places; controls.ts, panel.ts, player_bars.ts,
// result.ts and look.ts hold the smaller pieces.

import { h } from '../dom';
import { gameEntry } from '../catalog';
import { t } from '../i18n';
import { turnStep } from '../board/orientation';
import { confirmSetting, controlItems, copyPositionButton, rematchItem } from './controls';
import type { Frame, GameCtrl } from './ctrl';
import { lookSettings } from './look';
import { recordLink } from './panel';

const analysisHref = (id: string, query = '') => `#/analysis/${encodeURIComponent(id)}${query}`;

// The connection lost, and for a visitor holding no seat that they watch (with the analysis).
export function bannerView(ctrl: GameCtrl, f: Frame): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (!ctrl.connected) out.push(h('div', { class: 'banner off' }, t('game.connection_lost')));
  if (!f.mine.length) out.push(h('div', { class: 'banner' }, t('common.watching'), ' ', h('a', { id: 'watch-analyse', href: analysisHref(ctrl.id) }, t('analysis.analyse'))));
  return out;
}

// What next, once the game is over (the status line above says who won and how, once; the
// players' rating changes stand in their bars by the board): one Rematch for a player, Analyse
// and a new game. While replaying, how to get back to the live position.
export function noticeView(ctrl: GameCtrl, f: Frame): HTMLElement[] {
  const g = f.game;
  const out: HTMLElement[] = [];
  if (g.status === 'finished' && !ctrl.viewing) {
    const mine = f.mine;
    out.push(
      h('div', { class: 'game-over', id: 'game-over', role: 'group', 'aria-labelledby': 'status' },
        mine.length
          ? rematchItem({ game: g, mine, busy: ctrl.busy, rematch: () => void ctrl.requests.act('rematch'), followRematch: () => ctrl.followRematch(g) })
          : null,
        h('a', { class: 'button', id: 'over-analyse', href: analysisHref(ctrl.id) }, t('analysis.analyse')),
        h('a', { class: 'button', id: 'over-new', href: '#/' }, t('home.new_game'))));
  }
  if (ctrl.viewing) {
    const ply = f.shown.ply;
    const what = ply === 0 ? t('game.replay_start', { total: g.moves.length }) : t('game.replay_move', { n: ply, total: g.moves.length });
    out.push(
      h('div', { class: 'banner', id: 'replay-notice' },
        t('game.replaying', { what }), ' ',
        h('button', { id: 'back-live', class: 'primary', onclick: () => void ctrl.showPly(null) }, t('game.live'))),
    );
  }
  return out;
}

// For whoever may move now: a move awaiting confirm, complete moves that could go on, or a move
// that needs no click (pass); and a way to drop the clicks so far.
export function choicesView(ctrl: GameCtrl, f: Frame): HTMLElement[] {
  if (!f.live || !ctrl.canPlay() || f.settling) return [];
  const maker = ctrl.maker;
  const out: HTMLElement[] = [];
  const pending = maker.pending;
  if (pending) out.push(h('button', { id: 'confirm-move', class: 'primary', 'data-move': pending.text, onclick: () => maker.play(pending) }, t('game.play_move', { move: pending.text })));
  for (const m of maker.choices) out.push(h('button', { class: 'primary', 'data-move': m.text, onclick: () => maker.play(m) }, t('game.play_move', { move: m.text })));
  for (const m of maker.clicklessMoves) out.push(h('button', { class: 'primary', 'data-move': m.text, onclick: () => maker.play(m) }, m.text === 'pass' ? t('game.pass') : t('game.play_move', { move: m.text })));
  if (maker.clicks.length) out.push(h('button', { onclick: () => ctrl.cancelClicks() }, t('common.cancel')));
  return out;
}

// The actions on the game (controls.ts).
export function controlsView(ctrl: GameCtrl, f: Frame): HTMLElement[] {
  const g = f.game;
  return [
    ...controlItems({
      game: g,
      mine: f.mine,
      busy: ctrl.busy,
      confirmResign: ctrl.confirmResign,
      undo: () => void ctrl.requests.act('undo'),
      resign: () => ctrl.resign(),
      abort: () => void ctrl.requests.act('abort'),
      rematch: () => void ctrl.requests.act('rematch'),
      followRematch: () => ctrl.followRematch(g),
      draw: (action) => ctrl.requests.draw(action),
      takeback: (action) => ctrl.requests.takeback(action),
      claim: (result) => ctrl.requests.claim(result),
      hasDraws: gameEntry(g.game)?.draws ?? false,
      claimable: ctrl.claimable(),
      rotates: turnStep(g.board) === 1,
      flip: () => ctrl.flip(),
    }),
  ];
}

// The game menu's items: what is wanted now and then, beside the decision at hand: copy the
// position, download the record, the board as text (`textToggle`, a11y/game_access.ts), the
// settings, and once the game is over its replay from the start and the engine's review.
export function menuView(ctrl: GameCtrl, f: Frame, textToggle: HTMLElement): HTMLElement[] {
  const g = f.game;
  const over = g.status === 'finished';
  return [
    h('div', { class: 'menu-actions' },
      copyPositionButton(f.shown.position),
      recordLink(ctrl.id),
      textToggle,
      over && g.moves.length ? h('button', { id: 'over-review', type: 'button', onclick: () => void ctrl.showPly(0) }, t('game.review')) : null,
      over && g.moves.length ? h('a', { class: 'button', id: 'over-engine-review', href: analysisHref(ctrl.id, '?review=1') }, t('analysis.engine_review')) : null),
    h('div', { class: 'settings', id: 'settings' }, ...settingsView(ctrl, f)),
  ];
}

// The move confirm (for whoever plays here) and the look settings (look.ts).
export function settingsView(ctrl: GameCtrl, f: Frame): HTMLElement[] {
  const g = f.game;
  const playing = g.status === 'playing' && f.mine.length > 0;
  return [
    ...(playing ? [confirmSetting((on) => ctrl.confirmChanged(on))] : []),
    ...lookSettings({
      coords: ctrl.coords ?? true,
      setCoords: (on) => ctrl.setCoords(on),
      notifiable: playing && g.time_control.startsWith('corr'),
      hint: (text, error) => ctrl.setHint(text, error),
    }),
  ];
}

// The page in place of the game when the server says there is no such game.
export function noSuchGameView(message: string): HTMLElement[] {
  return [
    h('h1', null, t('game.no_such')),
    h('p', { class: 'error' }, message),
    h('p', null, h('a', { class: 'button primary', href: '#/' }, t('app.home'))),
  ];
}
