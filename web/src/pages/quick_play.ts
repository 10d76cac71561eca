// Quick play on the home page: a tile per game with a picture of its start (drawn by the board
// renderer from the server's board of the start position), then three ways to a game in one more
// click: a level button against the computer, a time-control preset that accepts the oldest
// matching seek in the lobby or else posts one (seeks need an account; docs/online.md "Lobby"),
// and a game with an invite link for a friend. Each takes the options chosen under "More options".

import { api, ApiError, type BoardView, type CatalogGame, type Seek } from '../api';
import { diagram } from '../board/diagram';
import { renderBoard } from '../board/render';
import { gameTitle } from '../catalog';
import { clear, h } from '../dom';
import { serverText, t, tParts } from '../i18n';
import { levelName } from '../i18n/server_text';
import { currentUser, onUserChange } from '../session';
import { addTokens } from '../storage';
import { kTimePresets, optionsText, sameOptions, timeControlText } from './game_options';
import type { HomeChoices } from './home_choices';
import type { LobbyFeed } from './lobby';
import { errorText, type MoreOptions, startGame } from './more_options';

// The start boards drawn, by game, for the page's later visits.
const starts = new Map<string, Promise<BoardView>>();

function startBoard(game: string): Promise<BoardView> {
  let board = starts.get(game);
  if (!board) {
    board = diagram(game, '');
    board.catch(() => starts.delete(game)); // a later visit tries again
    starts.set(game, board);
  }
  return board;
}

// A preset's face: "3+2", or "1 day" for correspondence.
function presetText(tc: string): string {
  const corr = /^corr:(\d+)$/.exec(tc);
  return corr ? t('quick.days', { count: Number(corr[1]) }) : tc;
}

export class QuickPlay {
  readonly el = h('div', { class: 'card quick-play', id: 'quick-play' });
  private readonly tiles = h('div', { class: 'game-tiles', role: 'group', 'aria-labelledby': 'quick-games-title' });
  private readonly summary = h('p', { class: 'muted small', id: 'game-summary' });
  private readonly presets = h('div', { class: 'tc-grid', id: 'tc-grid' });
  private readonly seekStatus = h('div', { id: 'quick-seek-status', 'aria-live': 'polite' });
  private readonly error = h('p', { class: 'error small', id: 'quick-error', role: 'alert' });
  private readonly rated: HTMLElement; // the Rated switch, shown to a logged-in player
  private busy = false;

  constructor(private readonly choices: HomeChoices, private readonly feed: LobbyFeed, private readonly more: MoreOptions) {
    const c = choices;
    const levels = h('div', { class: 'level-grid', id: 'level-grid' },
      ...c.catalog.levels.map((l) => h('button', { class: 'level', 'data-level': l.level, onclick: () => this.playComputer(l.level) },
        h('span', { class: 'big' }, String(l.level)), ' ', h('span', { class: 'small' }, l.name ? levelName(l.name) : t('common.ai_level', { level: l.level })))));
    for (const p of kTimePresets) {
      this.presets.append(h('button', { class: 'preset', 'data-tc': p.tc, onclick: () => this.playOnline(p.tc) },
        h('span', { class: 'big' }, presetText(p.tc)), ' ', h('span', { class: 'small' }, t(`quick.speed.${p.speed}`)), ' ',
        h('span', { class: 'small waiting' })));
    }
    const rated = h('input', { type: 'checkbox', name: 'quick_rated', id: 'quick-rated', checked: c.rated });
    rated.addEventListener('change', () => { c.setRated(rated.checked); this.refreshOnline(); });
    this.rated = h('label', { class: 'form-row small quick-rated' }, rated, ' ', t('quick.rated'));
    const friend = h('button', { class: 'primary', id: 'play-friend', onclick: () => this.playFriend() }, t('quick.friend_button'));

    for (const g of c.catalog.games) {
      const tile = h('button', { class: 'game-tile', 'data-game': g.name, onclick: () => this.pick(g.name) },
        h('span', { class: 'tile-board' }), h('span', { class: 'tile-title' }, gameTitle(g.name)));
      this.tiles.append(tile);
      startBoard(g.name).then((view) => {
        const svg = renderBoard(view, g.name, { coords: false });
        svg.setAttribute('aria-hidden', 'true');
        svg.removeAttribute('role');
        svg.removeAttribute('aria-label');
        tile.querySelector('.tile-board')?.append(svg);
      }, () => {}); // no picture: the tile keeps its title
    }
    const section = (id: string, title: string, hint: string, ...body: HTMLElement[]) =>
      h('section', { class: 'quick-section', 'aria-labelledby': id }, h('h3', { id }, title), h('p', { class: 'muted small' }, hint), ...body);
    this.el.append(
      h('h2', { id: 'quick-games-title' }, t('quick.pick_game')), this.tiles, this.summary,
      section('quick-computer', t('quick.computer'), t('quick.computer_hint'), levels),
      section('quick-online', t('quick.online'), t('quick.online_hint'), this.presets,
        this.rated, this.seekStatus),
      section('quick-friend', t('quick.friend'), t('quick.friend_hint'), h('div', { class: 'form-row' }, friend)),
      this.error, more.el,
    );
    feed.onChange(() => this.refreshOnline());
    feed.whenClosed(onUserChange(() => this.refreshOnline()));
    this.draw();
  }

  private pick(game: string): void {
    this.choices.pick(game);
    this.draw();
  }

  // Options changed under More options.
  optionsChanged(): void {
    this.refreshOnline();
  }

  private draw(): void {
    const info = this.choices.info();
    for (const tile of this.tiles.querySelectorAll<HTMLElement>('[data-game]')) {
      tile.setAttribute('aria-pressed', String(tile.dataset.game === info?.name));
    }
    clear(this.summary);
    if (info) this.summary.append(serverText('summary', info.name, info.summary), ' ', h('a', { href: `#/rules/${info.name}` }, t('nav.rules')));
    this.error.textContent = '';
    this.refreshOnline();
    this.more.draw();
  }

  // The seeks of the game and options chosen at `tc` that the player may accept, oldest first.
  private matching(info: CatalogGame, tc: string, own: boolean): Seek[] {
    const user = currentUser()?.toLowerCase();
    const params = this.choices.params(info);
    return this.feed.seeks.filter((s) => s.game === info.name && s.time_control === tc && !s.challenge && s.rated === this.choices.rated &&
      (s.username.toLowerCase() === user) === own && sameOptions(info, s.params, params));
  }

  private refreshOnline(): void {
    const info = this.choices.info();
    const user = currentUser();
    if (!info) return;
    for (const button of this.presets.querySelectorAll<HTMLButtonElement>('[data-tc]')) {
      const tc = button.dataset.tc ?? '';
      const waiting = this.matching(info, tc, false).length;
      const mine = user ? this.matching(info, tc, true).length > 0 : false;
      button.disabled = !user || this.busy;
      button.setAttribute('aria-pressed', String(mine));
      button.classList.toggle('waiting-here', waiting > 0);
      const count = button.querySelector('.waiting');
      if (count) count.textContent = mine ? t('quick.seeking_here') : waiting ? t('quick.waiting', { count: waiting }) : '';
    }
    clear(this.seekStatus);
    this.rated.hidden = !user;
    if (!user) {
      this.seekStatus.append(h('p', { class: 'muted small', id: 'quick-login' }, ...tParts('quick.need_account', { link: h('a', { href: '#/account' }, t('lobby.log_in_link')) })));
      return;
    }
    const lower = user.toLowerCase();
    for (const s of this.feed.seeks.filter((x) => x.username.toLowerCase() === lower && !x.challenge)) {
      const options = optionsText(s.game, s.params);
      const what = [gameTitle(s.game), timeControlText(s.time_control), s.rated ? t('common.rated') : t('common.casual'), ...(options ? [options] : [])].join(' · ');
      const cancel = h('button', { class: 'small', 'data-cancel-seek': s.id, onclick: () => this.withdraw(s.id, cancel) }, t('common.cancel'));
      this.seekStatus.append(h('p', { class: 'form-row small seeking', 'data-seek': s.id }, h('span', null, t('quick.seeking', { what })), cancel));
    }
  }

  private async withdraw(id: number, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    try {
      await api.withdrawSeek(id); // the lobby's socket takes it off
    } catch (e) {
      this.error.textContent = errorText(e);
      button.disabled = false;
    }
  }

  // Runs `f` with the quick buttons held, its failure shown.
  private async run(f: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error.textContent = '';
    const buttons = [...this.el.querySelectorAll<HTMLButtonElement>('.level-grid button, #play-friend')];
    for (const b of buttons) b.disabled = true;
    this.refreshOnline();
    try {
      await f();
    } catch (e) {
      this.error.textContent = errorText(e);
    } finally {
      this.busy = false;
      for (const b of buttons) b.disabled = false;
      this.refreshOnline();
    }
  }

  private playComputer(level: number): void {
    const info = this.choices.info();
    if (!info) return;
    const seats = this.choices.seatingOf(info).seats.map((_, i) => (i === 0 ? 'human' : `ai:${level}`));
    void this.run(() => startGame({ game: info.name, params: this.choices.params(info), seats, time_control: this.choices.timeControl }));
  }

  private playFriend(): void {
    const info = this.choices.info();
    if (!info) return;
    const seats = this.choices.seatingOf(info).seats.map((_, i) => (i === 0 ? 'human' : 'open'));
    void this.run(() => startGame({ game: info.name, params: this.choices.params(info), seats, time_control: this.choices.timeControl }));
  }

  // A preset pressed: withdraws one's own seek there, else takes the oldest seek that matches
  // (one taken meanwhile, or refused, gives way to the next), else posts one and waits.
  private playOnline(tc: string): void {
    const info = this.choices.info();
    if (!info || !currentUser()) return;
    void this.run(async () => {
      const mine = this.matching(info, tc, true)[0];
      if (mine) {
        await api.withdrawSeek(mine.id);
        return;
      }
      for (const s of this.matching(info, tc, false)) {
        try {
          const seated = await api.acceptSeek(s.id);
          addTokens(seated.game.id, seated.game.game, seated.tokens);
          location.hash = `#/game/${encodeURIComponent(seated.game.id)}`;
          return;
        } catch (e) {
          if (!(e instanceof ApiError) || e.status >= 500 || e.status === 429) throw e;
        }
      }
      await api.postSeek({ game: info.name, params: this.choices.params(info), time_control: tc, rated: this.choices.rated });
    });
  }
}
