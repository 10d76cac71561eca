// A player's profile (#/players/NAME): ratings per pool and the latest games.

import { api, ApiError, type Game, type Profile, type Rating } from '../api';
import { gameTitle } from '../catalog';
import { h } from '../dom';
import { language, t } from '../i18n';
import { seatName, serverPhrase } from '../i18n/server_text';

// Who sat where: accounts by name, else the seat's kind.
function seatsText(g: Game): string {
  const kind = (s: Game['seats'][number]) =>
    s.kind === 'ai' ? t('common.ai_short', { level: s.level }) : s.kind === 'open' ? t('home.seat_open') : t('home.seat_human');
  return g.seats.map((s) => `${seatName(s.player)}: ${s.account ?? kind(s)}`).join(', ');
}

function gameRow(g: Game): HTMLElement {
  const when = new Date(g.created_ms).toLocaleDateString(language());
  const state = g.status === 'finished' ? serverPhrase(g.result) || t('common.finished') : t('profile.playing', { n: g.ply + 1 });
  return h('li', { 'data-id': g.id },
    h('span', { class: 'what' },
      h('a', { href: `#/game/${encodeURIComponent(g.id)}` }, `${gameTitle(g.game)} — ${seatsText(g)}`), h('br'),
      h('span', { class: 'muted small' }, `${when} · ${g.time_control || t('common.none')} · ${g.rated ? t('common.rated') : t('common.casual')} · ${state}`)));
}

function ratingsTable(ratings: Rating[]): HTMLElement {
  if (!ratings.length) return h('p', { class: 'muted' }, t('profile.no_rated'));
  return h('table', { class: 'ratings', id: 'ratings' },
    h('thead', null, h('tr', null, h('th', null, t('table.pool')), h('th', null, t('table.rating')), h('th', null, t('table.deviation')), h('th', null, t('table.games')))),
    h('tbody', null, ...ratings.map((r) =>
      h('tr', { 'data-pool': r.pool },
        h('td', null, h('a', { href: `#/leaderboard/${r.pool}` }, r.pool)),
        h('td', null, String(r.rating), r.provisional ? h('span', { class: 'tag', title: t('common.provisional_title') }, t('common.provisional')) : null),
        h('td', null, `± ${r.deviation}`),
        h('td', null, String(r.games))))));
}

export function profilePage(app: HTMLElement, name: string): void {
  document.title = t('title.named', { name });
  const body = h('div', null, h('p', { class: 'muted' }, t('app.loading')));
  app.append(h('h1', null, name), body);
  api.player(name).then(
    (p: Profile) => {
      body.replaceChildren(
        h('p', { class: 'muted small' }, t('profile.since', { date: new Date(p.created_ms).toLocaleDateString(language()) })),
        h('div', { class: 'card' }, h('h2', null, t('profile.ratings')), ratingsTable(p.ratings)),
        h('div', { class: 'card' }, h('h2', null, t('profile.recent')),
          p.games.length ? h('ul', { class: 'game-list', id: 'profile-games' }, ...p.games.map(gameRow)) : h('p', { class: 'muted' }, t('profile.no_games'))),
      );
    },
    (e) => body.replaceChildren(h('p', { class: 'error' }, e instanceof ApiError ? e.message : String(e))),
  );
}
