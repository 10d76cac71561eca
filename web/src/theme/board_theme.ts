// The board theme: the look of the boards and their pieces, chosen in the header's second switch
// and remembered (storage.ts), independent of the colour theme (theme.ts): each board theme has
// a light and a dark face. The theme in force is set as `data-board` on the root element, which
// static/pieces.css follows; pieces are drawn once (board/token.ts) and restyled by it, so a
// change shows at once on every board.

import { h } from '../dom';
import { onLanguageChange, t } from '../i18n';
import { boardThemeChoice, setBoardThemeChoice } from '../storage';

// The board themes, the first the default: wood (warm squares, matte turned pieces) and slate
// (cool grey squares, glossy enamelled pieces).
export const BOARD_THEMES = ['wood', 'slate'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];

export function currentBoardTheme(): BoardTheme {
  const chosen = boardThemeChoice();
  return (BOARD_THEMES as readonly string[]).includes(chosen) ? (chosen as BoardTheme) : BOARD_THEMES[0];
}

export function applyBoardTheme(): void {
  document.documentElement.dataset.board = currentBoardTheme();
}

// The switch at the header's end, beside the colour theme's.
export function mountBoardThemeSwitch(): void {
  applyBoardTheme();
  const header = document.querySelector('header.top');
  if (!header) return;
  const select = h('select', { id: 'board-theme', name: 'board-theme' });
  const draw = () => {
    select.replaceChildren(...BOARD_THEMES.map((name) => h('option', { value: name }, t(`board_theme.${name}`))));
    select.value = currentBoardTheme();
    select.setAttribute('aria-label', t('board_theme.label'));
  };
  draw();
  onLanguageChange(draw);
  select.addEventListener('change', () => {
    setBoardThemeChoice(select.value);
    applyBoardTheme();
  });
  header.append(h('div', { class: 'theme-switch board-theme-switch' }, select));
}
