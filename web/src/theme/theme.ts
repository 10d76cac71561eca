// The colour theme: the one chosen in the header's switch (remembered: storage.ts), else the one
// the system prefers (prefers-color-scheme), followed as it changes. The theme in force is set
// as `data-theme` on the root element ('light' or 'dark'), which the style sheets follow
// (static/theme.css holds the dark values).

import { h } from '../dom';
import { onLanguageChange, t } from '../i18n';
import { setThemeChoice, themeChoice } from '../storage';

const systemDark = window.matchMedia?.('(prefers-color-scheme: dark)');

// The theme in force now.
export function currentTheme(): 'light' | 'dark' {
  return themeChoice() || (systemDark?.matches ? 'dark' : 'light');
}

export function applyTheme(): void {
  document.documentElement.dataset.theme = currentTheme();
}

let following = false;

// The switch at the header's end: System, Light, Dark.
export function mountThemeSwitch(): void {
  applyTheme();
  if (!following) {
    following = true;
    systemDark?.addEventListener?.('change', applyTheme);
  }
  const header = document.querySelector('header.top');
  if (!header) return;
  const select = h('select', { id: 'theme', name: 'theme' });
  const draw = () => {
    select.replaceChildren(
      h('option', { value: '' }, t('theme.system')),
      h('option', { value: 'light' }, t('theme.light')),
      h('option', { value: 'dark' }, t('theme.dark')),
    );
    select.value = themeChoice();
    select.setAttribute('aria-label', t('theme.label'));
  };
  draw();
  onLanguageChange(draw);
  select.addEventListener('change', () => {
    setThemeChoice(select.value === 'light' || select.value === 'dark' ? select.value : '');
    applyTheme();
  });
  header.append(h('div', { class: 'theme-switch' }, select));
}
