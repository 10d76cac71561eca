// The header's account link: "Log in", or the logged-in username; both lead to the account page.

import { h } from './dom';
import { currentUser, onUserChange } from './session';

export function mountAccountLink(): void {
  const nav = document.querySelector('header.top nav');
  if (!nav) return;
  const link = h('a', { id: 'account-link', href: '#/account' });
  const draw = () => {
    link.textContent = currentUser() ?? 'Log in';
  };
  draw();
  onUserChange(draw);
  nav.append(link);
}
