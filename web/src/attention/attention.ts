// Calling a player back to a tab left in the background: while the page is hidden and it is the
// player's turn, the tab's title starts with "Your turn" and its icon carries a badge in the
// player's colour; both go when the page is seen again or the turn has passed. For
// correspondence games a desktop notification may say so too (notify.ts).

import { t } from '../i18n';
import { badgeIcon, setIcon } from './favicon';

export class Attention {
  private title = document.title; // the page's own title
  private turn: { colour: string } | null = null; // whose turn calls, when it is ours
  private shown = false;

  constructor() {
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  private readonly onVisibility = () => this.draw();

  // The page's own title (what it shows when nothing calls).
  setTitle(title: string): void {
    this.title = title;
    this.draw();
  }

  // Whether it is this browser's turn, and the colour of the seat to move (for the badge).
  setTurn(turn: { colour: string } | null): void {
    this.turn = turn;
    this.draw();
  }

  // Whether the title and icon call for attention now.
  get calling(): boolean {
    return this.shown;
  }

  private draw(): void {
    const call = !!this.turn && document.visibilityState === 'hidden';
    if (call) {
      document.title = `${t('attention.your_turn')} · ${this.title}`;
      setIcon(badgeIcon(this.turn!.colour));
    } else if (this.shown || document.title !== this.title) {
      document.title = this.title;
      setIcon(null);
    }
    this.shown = call;
  }

  // Stops and puts the page's title and icon back.
  close(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    if (this.shown) {
      setIcon(null);
      document.title = this.title;
    }
    this.shown = false;
  }
}
