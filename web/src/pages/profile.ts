// A player's profile (#/players/NAME): ratings per pool and the latest games.

import { api, ApiError, type Game, type Profile, type Rating } from '../api';
import { gameTitle } from '../catalog';
import { h } from '../dom';

// Who sat where: accounts by name, else the seat's kind.
function seatsText(g: Game): string {
  return g.seats.map((s) => `${s.player}: ${s.account ?? (s.kind === 'ai' ? `AI ${s.level}` : s.kind)}`).join(', ');
}

function gameRow(g: Game): HTMLElement {
  const when = new Date(g.created_ms).toLocaleDateString();
  const state = g.status === 'finished' ? g.result || 'finished' : `playing, move ${g.ply + 1}`;
  return h('li', { 'data-id': g.id },
    h('span', { class: 'what' },
      h('a', { href: `#/game/${encodeURIComponent(g.id)}` }, `${gameTitle(g.game)} — ${seatsText(g)}`), h('br'),
      h('span', { class: 'muted small' }, `${when} · ${g.time_control || 'none'} · ${g.rated ? 'rated' : 'casual'} · ${state}`)));
}

function ratingsTable(ratings: Rating[]): HTMLElement {
  if (!ratings.length) return h('p', { class: 'muted' }, 'No rated games yet.');
  return h('table', { class: 'ratings', id: 'ratings' },
    h('thead', null, h('tr', null, h('th', null, 'Pool'), h('th', null, 'Rating'), h('th', null, 'Deviation'), h('th', null, 'Games'))),
    h('tbody', null, ...ratings.map((r) =>
      h('tr', { 'data-pool': r.pool },
        h('td', null, h('a', { href: `#/leaderboard/${r.pool}` }, r.pool)),
        h('td', null, String(r.rating), r.provisional ? h('span', { class: 'tag', title: 'Provisional: too few rated games to be sure' }, 'provisional') : null),
        h('td', null, `± ${r.deviation}`),
        h('td', null, String(r.games))))));
}

export function profilePage(app: HTMLElement, name: string): void {
  document.title = `arbiter: ${name}`;
  const body = h('div', null, h('p', { class: 'muted' }, 'Loading…'));
  app.append(h('h1', null, name), body);
  api.player(name).then(
    (p: Profile) => {
      body.replaceChildren(
        h('p', { class: 'muted small' }, `Playing since ${new Date(p.created_ms).toLocaleDateString()}`),
        h('div', { class: 'card' }, h('h2', null, 'Ratings'), ratingsTable(p.ratings)),
        h('div', { class: 'card' }, h('h2', null, 'Recent games'),
          p.games.length ? h('ul', { class: 'game-list', id: 'profile-games' }, ...p.games.map(gameRow)) : h('p', { class: 'muted' }, 'No games yet.')),
      );
    },
    (e) => body.replaceChildren(h('p', { class: 'error' }, e instanceof ApiError ? e.message : String(e))),
  );
}
