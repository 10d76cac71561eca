// A polite live region: what it is given is read out by screen readers once they are idle,
// without moving focus. Hidden from sight (the page shows the same things in its own way).

import { h } from '../dom';

export class Announcer {
  readonly element = h('div', { id: 'announce', class: 'visually-hidden', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  private timer = 0;

  // Replaces what the region says. The same words again are read again: the region is emptied
  // first and filled a moment later, which screen readers hear as a change.
  say(text: string): void {
    window.clearTimeout(this.timer);
    if (this.element.textContent === text) {
      this.element.textContent = '';
      this.timer = window.setTimeout(() => { this.element.textContent = text; }, 60);
    } else {
      this.element.textContent = text;
    }
  }

  get text(): string {
    return this.element.textContent ?? '';
  }

  stop(): void {
    window.clearTimeout(this.timer);
  }
}
