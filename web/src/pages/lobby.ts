// The lobby on the home page, live over its WebSocket (docs/api.md "Lobby WebSocket"): a
// LobbyFeed holds the seeks and the listed games being played as the server pushes them (the
// whole lobby when the socket opens, then each change; the socket reconnects after a drop and
// gets the whole lobby again). The Seeks card shows the open seeks and challenges, Accept or
// Withdraw on each, and a folded form to post one with a rating range or as a challenge (the
// home page's time-control presets post the plain ones; seeks need an account: logged out, the
// card says so); when a seek of one's own is taken, the server names its game and the page
// opens it. The games cards show the games waiting for a player and those being played now.

import { api, ApiError, type LobbyGame, type Seek } from '../api';
import { catalogNow, gameTitle } from '../catalog';
import { clear, h } from '../dom';
import { t, tParts } from '../i18n';
import { addTokens, getPref, setPref } from '../storage';
import { currentUser, onUserChange } from '../session';
import { lobbyUrl, Socket } from '../play/live';
import { ignoreUnknown, type ServerMessage } from '../server_messages';
import { seatName } from '../i18n/server_text';
import { kTimePresets, optionsText, timeControlText } from './game_options';

// The time controls a seek may ask for (docs/online.md); a rated seek needs a limited one.
function seekTimeControls(): [string, string][] {
  return [['none', t('lobby.tc_none')], ...kTimePresets.map((p): [string, string] => [p.tc, timeControlText(p.tc)])];
}

function message(e: unknown): string {
  return e instanceof ApiError ? e.message : String(e);
}

function rangeText(s: Seek): string {
  if (!s.min_rating && !s.max_rating) return t('lobby.any_rating');
  if (!s.max_rating) return t('lobby.rating_min', { min: s.min_rating });
  if (!s.min_rating) return t('lobby.rating_max', { max: s.max_rating });
  return t('lobby.rating_range', { min: s.min_rating, max: s.max_rating });
}

// The lobby as the server pushes it. Listeners are told after every change; `taken` is told
// when a seek of the logged-in player's has become a game (its id and the player's seat).
export class LobbyFeed {
  seeks: Seek[] = [];
  games: LobbyGame[] = []; // newest first
  up = false;
  loaded = false;
  private readonly listeners = new Set<() => void>();
  private readonly takenListeners = new Set<(game: string, seat: number) => void>();
  private readonly socket: Socket;
  private readonly cleanups: (() => void)[] = [];

  constructor() {
    this.socket = new Socket(lobbyUrl, {
      message: (msg) => this.receive(msg),
      connection: (up) => { this.up = up; this.changed(); },
    });
    // The server reads who is watching when the socket opens: a new session, a new socket.
    this.cleanups.push(onUserChange(() => this.socket.reopen()));
  }

  // Calls `f` when the feed closes (a card's own listeners).
  whenClosed(f: () => void): void {
    this.cleanups.push(f);
  }

  onChange(f: () => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  onTaken(f: (game: string, seat: number) => void): () => void {
    this.takenListeners.add(f);
    return () => this.takenListeners.delete(f);
  }

  nudge(): void {
    this.socket.nudge();
  }

  close(): void {
    for (const f of this.cleanups.splice(0)) f();
    this.socket.close();
    this.listeners.clear();
    this.takenListeners.clear();
  }

  private receive(m: ServerMessage): void {
    switch (m.type) {
      case 'lobby':
        this.seeks = m.seeks;
        this.games = m.games;
        this.loaded = true;
        break;
      case 'seek_added': {
        const seek = m.seek;
        this.seeks = [...this.seeks.filter((s) => s.id !== seek.id), seek];
        break;
      }
      case 'seek_removed':
        this.seeks = this.seeks.filter((s) => s.id !== m.id);
        break;
      case 'game_added':
      case 'game_changed': {
        const game = m.game;
        this.games = [...this.games.filter((g) => g.id !== game.id), game].sort((a, b) => b.created_ms - a.created_ms);
        break;
      }
      case 'game_removed':
        this.games = this.games.filter((g) => g.id !== m.id);
        break;
      case 'seek_taken':
        for (const f of [...this.takenListeners]) f(m.game, m.seat);
        return;
      case 'pong':
      case 'error':
        return;
      case 'state':
      case 'thinking':
        return; // a game's socket's, never the lobby's
      default:
        ignoreUnknown(m);
        return;
    }
    this.changed();
  }

  private changed(): void {
    for (const f of [...this.listeners]) f();
  }
}

// Who plays a seat, as a list shows it: the account and its rating, the AI, or open.
function seatText(s: LobbyGame['seats'][number]): string {
  if (s.kind === 'ai') return t('common.ai_short', { level: s.level });
  if (s.kind === 'open') return t('home.seat_open');
  if (!s.account) return t('lobby.guest');
  if (s.rating === null) return s.account;
  return t(s.provisional ? 'lobby.player_rating_provisional' : 'lobby.player_rating', { name: s.account, rating: s.rating });
}

function gameLine(g: LobbyGame): string {
  const seats = g.seats.map((s) => `${seatName(s.player)}: ${seatText(s)}`).join(', ');
  return `${gameTitle(g.game)} · ${timeControlText(g.time_control)} · ${g.rated ? t('common.rated') : t('common.casual')} — ${seats}`;
}

// The games waiting for a player (`waiting`) or being played now, live from the feed.
export function lobbyGamesCard(feed: LobbyFeed, waiting: boolean): HTMLElement {
  const card = h('div', { class: 'card', id: waiting ? 'open-card' : 'live-card' });
  const draw = (): void => {
    clear(card);
    card.append(h('h2', null, waiting ? t('home.open_games') : t('lobby.live_title')));
    if (!feed.loaded) {
      card.append(h('p', { class: 'muted' }, feed.up ? t('app.loading') : t('lobby.reconnecting')));
      return;
    }
    if (!feed.up) card.append(h('p', { class: 'muted small' }, t('lobby.reconnecting')));
    const games = feed.games.filter((g) => g.waiting === waiting);
    if (!games.length) {
      card.append(h('p', { class: 'muted' }, waiting ? t('home.no_open') : t('lobby.no_live')));
      return;
    }
    card.append(h('ul', { class: 'game-list', id: waiting ? 'open-games' : 'live-games' },
      ...games.map((g) => h('li', { 'data-id': g.id },
        h('span', { class: 'what' }, gameLine(g), ...(g.params ? [h('br'), h('span', { class: 'muted small' }, optionsText(g.game, g.params))] : [])),
        ...g.seats.map((s, i) => (s.kind === 'open' ? h('a', { class: 'button', href: `#/join/${encodeURIComponent(g.id)}/${i}` }, t('common.join_as', { seat: seatName(s.player) })) : null)),
        h('a', { class: 'button', href: `#/game/${encodeURIComponent(g.id)}` }, t('common.watch'))))));
  };
  feed.onChange(draw);
  draw();
  return card;
}

export function lobbyCard(feed: LobbyFeed): HTMLElement {
  const card = h('div', { class: 'card', id: 'seeks' });
  const list = h('div', null, h('p', { class: 'muted' }, t('app.loading')));
  const listError = h('p', { class: 'error small', id: 'seek-list-error' });
  const formBox = h('div', null);
  card.append(h('h2', null, t('lobby.title')), list, listError, formBox);

  function drawList(): void {
    clear(list);
    listError.textContent = feed.loaded && !feed.up ? t('lobby.reconnecting') : '';
    if (!feed.loaded) {
      list.append(h('p', { class: 'muted' }, feed.up ? t('app.loading') : t('lobby.reconnecting')));
      return;
    }
    const seeks = feed.seeks;
    const user = currentUser()?.toLowerCase();
    if (!seeks.length) {
      list.append(h('p', { class: 'muted' }, t('lobby.nobody')));
      return;
    }
    list.append(h('ul', { class: 'game-list', id: 'seek-list' }, ...seeks.map((s) => {
      const own = s.username.toLowerCase() === user;
      const error = h('span', { class: 'error small' });
      const button = own
        ? h('button', { class: 'small', 'data-withdraw': s.id }, t('lobby.withdraw'))
        : h('button', { class: 'primary small', 'data-accept': s.id, disabled: !user }, t('common.accept'));
      button.addEventListener('click', async () => {
        button.disabled = true;
        try {
          if (own) {
            await api.withdrawSeek(s.id); // the lobby's socket takes it off the list
          } else {
            const seated = await api.acceptSeek(s.id);
            addTokens(seated.game.id, seated.game.game, seated.tokens);
            location.hash = `#/game/${encodeURIComponent(seated.game.id)}`;
          }
        } catch (e) {
          error.textContent = message(e);
          button.disabled = false;
        }
      });
      return h('li', { 'data-seek': s.id },
        h('span', { class: 'what' },
          `${gameTitle(s.game)}${s.params ? ` (${optionsText(s.game, s.params)})` : ''} · ${timeControlText(s.time_control)} · ${s.rated ? t('common.rated') : t('common.casual')} · ${rangeText(s)}`, h('br'),
          h('span', { class: 'muted small' }, ...tParts('lobby.by', { name: h('a', { href: `#/players/${encodeURIComponent(s.username)}` }, s.username) }),
            s.challenge ? t('lobby.challenge_to', { name: s.challenge }) : '')),
        button, error);
    })));
  }

  function drawForm(): void {
    clear(formBox);
    if (!currentUser()) {
      formBox.append(h('p', { class: 'muted small', id: 'seek-login' }, ...tParts('lobby.need_account', { link: h('a', { href: '#/account' }, t('lobby.log_in_link')) })));
      return;
    }
    const games = catalogNow()?.games ?? [];
    if (!games.length) return;
    const gamePick = h('select', { name: 'seek_game', id: 'seek-game' }, ...games.map((g) => h('option', { value: g.name, selected: g.name === getPref('seek.game', '') }, gameTitle(g.name))));
    const tcPick = h('select', { name: 'seek_time_control', id: 'seek-time-control' }, ...seekTimeControls().map(([v, label]) => h('option', { value: v, selected: v === getPref('seek.time_control', '5+3') }, label)));
    const rated = h('input', { type: 'checkbox', name: 'seek_rated', checked: getPref('seek.rated', '1') === '1' });
    const min = h('input', { type: 'number', name: 'seek_min', id: 'seek-min', min: 0, max: 4000, placeholder: t('common.any'), 'aria-label': t('lobby.min_rating'), style: 'width:6rem' });
    const max = h('input', { type: 'number', name: 'seek_max', min: 0, max: 4000, placeholder: t('common.any'), 'aria-label': t('lobby.max_rating'), style: 'width:6rem' });
    const challenge = h('input', { type: 'text', name: 'seek_challenge', id: 'seek-challenge', placeholder: t('lobby.anyone'), autocomplete: 'off' });
    const error = h('p', { class: 'error small', id: 'seek-error' });
    const post = h('button', { class: 'primary', id: 'post-seek' }, t('lobby.post'));
    post.addEventListener('click', async () => {
      post.disabled = true;
      error.textContent = '';
      setPref('seek.game', gamePick.value);
      setPref('seek.time_control', tcPick.value);
      setPref('seek.rated', rated.checked ? '1' : '0');
      try {
        await api.postSeek({
          game: gamePick.value,
          time_control: tcPick.value,
          rated: rated.checked,
          ...(min.value ? { min_rating: Number(min.value) } : {}),
          ...(max.value ? { max_rating: Number(max.value) } : {}),
          ...(challenge.value.trim() ? { challenge: challenge.value.trim() } : {}),
        });
        challenge.value = '';  // the lobby's socket brings it
      } catch (e) {
        error.textContent = message(e);
      } finally {
        post.disabled = false;
      }
    });
    formBox.append(
      h('details', { id: 'seek-form' }, h('summary', null, t('lobby.post_title')),
        h('div', { class: 'form-row' }, h('label', { for: 'seek-game' }, t('common.game')), gamePick),
        h('div', { class: 'form-row' }, h('label', { for: 'seek-time-control' }, t('common.time_control')), tcPick),
        h('label', { class: 'form-row' }, rated, ' ', t('lobby.rated')),
        h('div', { class: 'form-row' }, h('label', { for: 'seek-min' }, t('lobby.opponent_rating')), min, '–', max),
        h('div', { class: 'form-row' }, h('label', { for: 'seek-challenge' }, t('lobby.challenge')), challenge),
        h('div', { class: 'form-row' }, post),
        error),
    );
  }

  // The author of a taken seek holds its seat by account: the server names the game, and the
  // page opens it.
  feed.onTaken((game) => {
    if (card.isConnected) location.hash = `#/game/${encodeURIComponent(game)}`;
  });
  feed.onChange(drawList);
  feed.whenClosed(onUserChange(() => { drawForm(); drawList(); }));
  drawForm();
  drawList();
  return card;
}
