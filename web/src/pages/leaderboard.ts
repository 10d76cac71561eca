// The leaderboard (#/leaderboard[/POOL]): a pool to choose, and its best-rated players. Without a
// pool it opens on the most played one (the most rated games among its players); a name of no
// pool says so.

import { api, ApiError } from '../api';
import { h } from '../dom';
import { t } from '../i18n';

type Board = Awaited<ReturnType<typeof api.leaderboard>>;

// The board of the pool whose players have the most rated games (the first such pool listed);
// null when nobody is rated in any.
async function mostPlayed(pools: string[]): Promise<Board | null> {
  const boards = await Promise.all(pools.map((p) => api.leaderboard(p)));
  const played = (b: Board) => b.players.reduce((sum, p) => sum + p.games, 0);
  let best: Board | null = null;
  for (const b of boards) {
    if (b.players.length && (!best || played(b) > played(best))) best = b;
  }
  return best;
}

export function leaderboardPage(app: HTMLElement, pool: string): void {
  document.title = t('title.leaderboard');
  const picker = h('div', { class: 'form-row' });
  const table = h('div', null);
  app.append(h('h1', null, t('nav.leaderboard')), h('div', { class: 'card' }, picker, table));
  const fail = (e: unknown) => table.replaceChildren(h('p', { class: 'error' }, e instanceof ApiError ? e.message : String(e)));

  // The pool picker, `chosen` selected ("" for none: a placeholder asks for one).
  const pick = (pools: string[], chosen: string) => {
    const select = h('select', { name: 'pool', id: 'pool' },
      chosen ? null : h('option', { value: '', selected: true, disabled: true }, t('leaderboard.choose')),
      ...pools.map((p) => h('option', { value: p, selected: p === chosen }, p)));
    // The pool is in the address, so a table can be linked to.
    select.addEventListener('change', () => { location.hash = `#/leaderboard/${select.value}`; });
    picker.replaceChildren(h('label', { for: 'pool' }, t('table.pool')), select);
  };

  const show = (board: Board) => {
    if (!board.players.length) {
      table.replaceChildren(h('p', { class: 'muted' }, t('leaderboard.nobody')));
      return;
    }
    table.replaceChildren(h('table', { class: 'ratings', id: 'leaderboard', 'data-pool': board.pool },
      h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, t('table.player')), h('th', null, t('table.rating')), h('th', null, t('table.deviation')), h('th', null, t('table.games')))),
      h('tbody', null, ...board.players.map((p) =>
        h('tr', { 'data-player': p.username },
          h('td', null, String(p.rank)),
          h('td', null, h('a', { href: `#/players/${encodeURIComponent(p.username)}` }, p.username)),
          h('td', null, String(p.rating), p.provisional ? h('span', { class: 'tag', title: t('common.provisional_title') }, t('common.provisional')) : null),
          h('td', null, `± ${p.deviation}`),
          h('td', null, String(p.games)))))));
  };

  api.pools().then(async ({ pools }) => {
    if (!pools.length) {
      table.replaceChildren(h('p', { class: 'muted' }, t('leaderboard.none')));
      return;
    }
    if (pool && !pools.includes(pool)) {
      pick(pools, '');
      table.replaceChildren(h('p', { class: 'error', id: 'no-such-pool' }, t('leaderboard.no_such', { pool })));
      return;
    }
    if (pool) {
      pick(pools, pool);
      show(await api.leaderboard(pool));
      return;
    }
    const busiest = await mostPlayed(pools);
    pick(pools, busiest?.pool ?? pools[0]);
    if (busiest) show(busiest);
    else table.replaceChildren(h('p', { class: 'muted' }, t('leaderboard.none')));
  }).catch(fail);
}
