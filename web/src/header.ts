// The header: the account link ("Log in", or the logged-in username; both lead to the account
// page) and the language switch.

import { h } from './dom';
import { LANGUAGES, language, onLanguageChange, setLanguage, t, translateStatic, type Language } from './i18n';
import { currentUser, onUserChange } from './session';

export function mountAccountLink(): void {
  const nav = document.querySelector('header.top nav');
  if (!nav) return;
  const link = h('a', { id: 'account-link', href: '#/account' });
  const draw = () => {
    link.textContent = currentUser() ?? t('nav.log_in');
  };
  draw();
  onUserChange(draw);
  onLanguageChange(draw);
  nav.append(link);
}

// The language switch at the header's end; the static header's texts follow the language.
export function mountLanguageSwitch(): void {
  const header = document.querySelector('header.top');
  if (!header) return;
  translateStatic();
  const select = h('select', { id: 'language', name: 'language' },
    ...Object.entries(LANGUAGES).map(([code, name]) => h('option', { value: code, lang: code, selected: code === language() }, name)));
  select.addEventListener('change', () => setLanguage(select.value as Language));
  const label = () => select.setAttribute('aria-label', t('nav.language'));
  label();
  onLanguageChange(() => {
    translateStatic();
    label();
    select.value = language();
  });
  header.append(h('div', { class: 'language-switch' }, select));
}
