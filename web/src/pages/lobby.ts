// The home page's Seeks card: the open seeks and challenges (GET /api/seeks, polled every 5 s
// while the card is on the page), Accept or Withdraw on each, and a form to post one. Seeks
// need an account; logged out, the card says so. When a seek of one's own is taken, the game
// made of it is opened.

import { api, ApiError, type Seek } from '../api';
import { catalogNow, gameTitle } from '../catalog';
import { clear, h } from '../dom';
import { t, tParts } from '../i18n';
import { addTokens, getPref, setPref } from '../storage';
import { currentUser, onUserChange } from '../session';

const kPollMs = 5000;

// The time controls a seek may ask for (docs/online.md); a rated seek needs a limited one.
function seekTimeControls(): [string, string][] {
  return [
    ['none', t('lobby.tc_none')], ['1+0', '1+0'], ['3+2', '3+2'], ['5+3', '5+3'], ['10+5', '10+5'],
    ['corr:1', t('tc.corr', { count: 1 })], ['corr:3', t('tc.corr', { count: 3 })],
  ];
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

export function lobbyCard(): HTMLElement {
  const card = h('div', { class: 'card', id: 'seeks' });
  const list = h('div', null, h('p', { class: 'muted' }, t('app.loading')));
  const listError = h('p', { class: 'error small', id: 'seek-list-error' });
  const formBox = h('div', null);
  card.append(h('h2', null, t('lobby.title')), list, listError, formBox);

  let seeks: Seek[] = [];
  // One's own seeks as last seen, and those withdrawn here: one that vanishes otherwise was taken.
  let mine = new Map<string, Seek>();
  const withdrawn = new Set<string>();

  async function poll(): Promise<void> {
    try {
      seeks = (await api.seeks()).seeks;
      listError.textContent = '';
    } catch (e) {
      listError.textContent = t('lobby.load_failed', { error: message(e) });
      return;
    }
    if (!card.isConnected) return;
    const user = currentUser()?.toLowerCase();
    const now = new Map(seeks.filter((s) => s.username.toLowerCase() === user).map((s) => [s.id, s]));
    const taken = [...mine.values()].filter((s) => !now.has(s.id) && !withdrawn.has(s.id));
    mine = now;
    drawList();
    if (taken.length) void openTaken(taken);
  }

  // The author of a taken seek holds a seat of the new game by account: find it among the
  // account's games and open it.
  async function openTaken(taken: Seek[]): Promise<void> {
    try {
      const games = (await api.list('mine=1&status=playing&limit=20')).games;
      const since = Math.min(...taken.map((s) => s.created_ms));
      const made = games
        .filter((g) => g.created_ms >= since && taken.some((s) => s.game === g.game && s.time_control === g.time_control))
        .sort((a, b) => b.created_ms - a.created_ms)[0];
      if (made && card.isConnected) location.hash = `#/game/${encodeURIComponent(made.id)}`;
    } catch (e) {
      listError.textContent = t('lobby.taken_lost', { error: message(e) });
    }
  }

  function drawList(): void {
    clear(list);
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
            withdrawn.add(s.id);
            await api.withdrawSeek(s.id);
            await poll();
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
          `${gameTitle(s.game)}${s.params ? ` (${s.params})` : ''} · ${s.time_control} · ${s.rated ? t('common.rated') : t('common.casual')} · ${rangeText(s)}`, h('br'),
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
        challenge.value = '';
        await poll();
      } catch (e) {
        error.textContent = message(e);
      } finally {
        post.disabled = false;
      }
    });
    formBox.append(
      h('details', { id: 'seek-form', open: true }, h('summary', null, t('lobby.post_title')),
        h('div', { class: 'form-row' }, h('label', { for: 'seek-game' }, t('common.game')), gamePick),
        h('div', { class: 'form-row' }, h('label', { for: 'seek-time-control' }, t('common.time_control')), tcPick),
        h('label', { class: 'form-row' }, rated, ' ', t('lobby.rated')),
        h('div', { class: 'form-row' }, h('label', { for: 'seek-min' }, t('lobby.opponent_rating')), min, '–', max),
        h('div', { class: 'form-row' }, h('label', { for: 'seek-challenge' }, t('lobby.challenge')), challenge),
        h('div', { class: 'form-row' }, post),
        error),
    );
  }

  // The card stops polling (and listening) once it is off the page: the home page's teardown
  // clears the page, and the next poll sees that.
  const stopListening = onUserChange(() => { drawForm(); void poll(); });
  const timer = window.setInterval(() => {
    if (!card.isConnected) {
      window.clearInterval(timer);
      stopListening();
      return;
    }
    void poll();
  }, kPollMs);
  drawForm();
  void poll();
  return card;
}
