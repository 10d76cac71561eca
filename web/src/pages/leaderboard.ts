// The leaderboard (#/leaderboard[/POOL]): a pool to choose, and its best-rated players.

import { api, ApiError } from '../api';
import { h } from '../dom';
import { t } from '../i18n';

export function leaderboardPage(app: HTMLElement, pool: string): void {
  document.title = t('title.leaderboard');
  const picker = h('div', { class: 'form-row' });
  const table = h('div', null);
  app.append(h('h1', null, t('nav.leaderboard')), h('div', { class: 'card' }, picker, table));
  const fail = (e: unknown) => table.replaceChildren(h('p', { class: 'error' }, e instanceof ApiError ? e.message : String(e)));

  api.pools().then((answer) => {
    const pools = answer.pools;
    if (!pools.length) {
      table.replaceChildren(h('p', { class: 'muted' }, t('leaderboard.none')));
      return;
    }
    const chosen = pools.includes(pool) ? pool : pools[0];
    const select = h('select', { name: 'pool', id: 'pool' }, ...pools.map((p) => h('option', { value: p, selected: p === chosen }, p)));
    // The pool is in the address, so a table can be linked to.
    select.addEventListener('change', () => { location.hash = `#/leaderboard/${select.value}`; });
    picker.replaceChildren(h('label', { for: 'pool' }, t('table.pool')), select);
    api.leaderboard(chosen).then((board) => {
      if (!board.players.length) {
        table.replaceChildren(h('p', { class: 'muted' }, t('leaderboard.nobody')));
        return;
      }
      table.replaceChildren(h('table', { class: 'ratings', id: 'leaderboard' },
        h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, t('table.player')), h('th', null, t('table.rating')), h('th', null, t('table.deviation')), h('th', null, t('table.games')))),
        h('tbody', null, ...board.players.map((p) =>
          h('tr', { 'data-player': p.username },
            h('td', null, String(p.rank)),
            h('td', null, h('a', { href: `#/players/${encodeURIComponent(p.username)}` }, p.username)),
            h('td', null, String(p.rating), p.provisional ? h('span', { class: 'tag', title: t('common.provisional_title') }, t('common.provisional')) : null),
            h('td', null, `± ${p.deviation}`),
            h('td', null, String(p.games)))))));
    }, fail);
  }, fail);
}
