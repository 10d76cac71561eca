// An invite link: takes the open seat, keeps its token, then shows the game.

import { api, ApiError } from '../api';
import { h } from '../dom';
import { t } from '../i18n';
import { addTokens, tokensFor } from '../storage';

export function joinPage(app: HTMLElement, id: string, seat: number): void {
  const show = () => location.replace(`#/game/${encodeURIComponent(id)}`);
  if (tokensFor(id)[String(seat)]) {
    show(); // this browser already holds the seat
    return;
  }
  const msg = h('p', { class: 'muted' }, t('join.taking'));
  app.append(h('h1', null, t('join.title')), msg);
  api.join(id, seat, Object.values(tokensFor(id))[0]).then(
    (seated) => {
      addTokens(id, seated.game.game, seated.tokens);
      show();
    },
    (e: unknown) => {
      const text = e instanceof ApiError ? e.message : String(e);
      msg.className = 'error';
      msg.textContent = t('join.failed', { error: text });
      app.append(h('p', null, h('a', { class: 'button', href: `#/game/${encodeURIComponent(id)}` }, t('join.watch')), ' ', h('a', { class: 'button', href: '#/' }, t('app.home'))));
    },
  );
}
