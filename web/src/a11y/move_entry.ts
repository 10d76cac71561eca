// Typing a move, as in the terminal: a text field (an ARIA combobox) listing the legal moves that
// begin with what is typed (the host asks the server: the legal endpoint by prefix, docs/api.md),
// with how many there are; the arrow keys go through the list, Enter plays the move chosen there,
// else the text as typed (the server says why when it is not legal), Escape closes the list,
// then clears the text.

import { h } from '../dom';
import { t } from '../i18n';
// The legal moves whose text begins with what is typed (case aside): the first of them, sorted,
// and how many there are in all.
export interface Suggestions {
  moves: string[];
  count: number;
}

export interface MoveEntryHost {
  // `text` is trimmed and not empty.
  suggest(text: string): Promise<Suggestions>;
  play(move: string): void;
}

const kShown = 12; // moves listed at most
const kQuietMs = 120; // typing pauses this long before the list is asked for

export class MoveEntry {
  readonly input = h('input', {
    id: 'move-text', type: 'text', role: 'combobox', autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off',
    'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': 'move-options',
  });
  private readonly list = h('ul', { id: 'move-options', role: 'listbox', class: 'move-options', hidden: true });
  private readonly status = h('div', { id: 'move-matches', class: 'small muted', 'aria-live': 'polite' });
  private readonly label = h('label', { for: 'move-text' });
  readonly element = h('div', { class: 'move-entry' }, this.label, h('div', { class: 'move-combo' }, this.input, this.list), this.status);
  private moves: string[] = [];
  private active = -1;
  private generation = 0;
  private timer = 0;

  constructor(private readonly host: MoveEntryHost) {
    this.input.addEventListener('input', () => this.ask());
    this.input.addEventListener('keydown', (ev) => this.onKey(ev));
    this.input.addEventListener('blur', () => window.setTimeout(() => this.close(), 150));
    this.translate();
  }

  // Texts in the language chosen.
  translate(): void {
    this.label.textContent = t('a11y.move_label');
    this.input.placeholder = t('a11y.move_placeholder');
  }

  // The position changed: the list is asked for again.
  refresh(): void {
    if (this.input.value.trim()) this.ask();
    else this.close();
  }

  private ask(): void {
    window.clearTimeout(this.timer);
    const gen = ++this.generation;
    const text = this.input.value;
    if (!text.trim()) {
      this.close();
      this.status.textContent = '';
      return;
    }
    this.timer = window.setTimeout(() => {
      void this.host.suggest(text.trim()).then((s) => {
        if (gen === this.generation && document.activeElement === this.input) this.show(s);
      });
    }, kQuietMs);
  }

  private show(s: Suggestions): void {
    this.moves = s.moves.slice(0, kShown);
    this.active = -1;
    this.list.replaceChildren(
      ...this.moves.map((m, i) => {
        const li = h('li', { id: `move-option-${i}`, role: 'option', 'aria-selected': 'false', 'data-move': m }, m);
        li.addEventListener('mousedown', (ev) => ev.preventDefault()); // the field keeps the focus
        li.addEventListener('click', () => this.play(m));
        return li;
      }),
    );
    const open = this.moves.length > 0;
    this.list.hidden = !open;
    this.input.setAttribute('aria-expanded', String(open));
    this.input.removeAttribute('aria-activedescendant');
    // How many match, and whether more match than are listed.
    const more = s.count > this.moves.length;
    this.status.textContent = !s.count
      ? t('a11y.moves_none')
      : `${t('a11y.moves_match', { count: s.count })}${more ? ` ${t('a11y.moves_more')}` : ''}`;
  }

  private close(): void {
    this.moves = [];
    this.active = -1;
    this.list.replaceChildren();
    this.list.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  private choose(i: number): void {
    this.active = i;
    this.list.querySelectorAll('[role="option"]').forEach((li, k) => {
      li.setAttribute('aria-selected', String(k === i));
      li.classList.toggle('active', k === i);
    });
    if (i >= 0) {
      this.input.setAttribute('aria-activedescendant', `move-option-${i}`);
      this.list.children[i]?.scrollIntoView({ block: 'nearest' });
    } else this.input.removeAttribute('aria-activedescendant');
  }

  private play(move: string): void {
    this.generation++;
    this.input.value = '';
    this.status.textContent = '';
    this.close();
    this.host.play(move);
  }

  private onKey(ev: KeyboardEvent): void {
    const n = this.moves.length;
    if (ev.key === 'ArrowDown' && n) this.choose((this.active + 1) % n);
    else if (ev.key === 'ArrowUp' && n) this.choose(this.active <= 0 ? n - 1 : this.active - 1);
    else if (ev.key === 'Enter') {
      const move = this.active >= 0 ? this.moves[this.active] : this.input.value.trim();
      if (move) this.play(move);
    } else if (ev.key === 'Escape') {
      if (n) this.close();
      else {
        this.input.value = '';
        this.status.textContent = '';
      }
    } else return;
    ev.preventDefault();
    ev.stopPropagation();
  }
}
