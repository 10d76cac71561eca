// Making a move by pointing. The server's `legal` endpoint says, after the clicks so far, what
// may be clicked next and which moves are already complete; this keeps the clicks and decides
// when a move is made: exactly one complete move with nothing more to click is sent at once;
// a complete move that could still go on is offered as a "play" choice (a Traverse chain's
// landing, clicked hop by hop: play here, or go on). Clicks that make no move yet may be followed
// by a hint of what may come next (follow_up.ts: Trap's second action). When the host asks for
// it (a touch screen, where a stray tap is easy), a move completed by clicks waits as `pending`
// until it is confirmed. A request that fails drops the clicks: the selection and what may be
// clicked always belong together.

import { api, ApiError, type ClickChange, type Legal, type LegalComplete, type LegalNext } from '../api';
import { slotKey } from '../board/layout';
import { t } from '../i18n';

export interface ClickHost {
  changed(): void; // redraw
  send(move: string): void; // play this move
  confirming(): boolean; // whether a move completed by clicks waits for confirm()
  hint(text: string, error?: boolean): void;
  // Why a click that is not in `next` does nothing (the caller knows the board).
  explain(name: string, clicks: string[]): string;
  // What may follow the clicks so far when they make no move yet ('' when nothing is worth
  // saying): follow_up.ts.
  followUp?(next: LegalNext[], changes: (ClickChange | null)[]): string;
}

function sameClick(a: string, b: string): boolean {
  return a === b || (a.includes('|') && b.includes('|') && slotKey(a) === slotKey(b));
}

// Where the legal clicks come from: a stored game's id (the legal endpoint), or any function
// answering as it does (the analysis board's lines).
export type LegalSource = string | ((clicks: string[]) => Promise<Legal>);

export class MoveMaker {
  clicks: string[] = [];
  changes: (ClickChange | null)[] = []; // what each click does to the board drawn
  path: string[] = [];
  legal: Legal | null = null; // after `clicks`
  pending: LegalComplete | null = null; // a complete move awaiting confirm()
  private first: Legal | null = null; // after no click
  private generation = 0;
  private busy = false;

  constructor(
    private readonly source: LegalSource,
    private readonly host: ClickHost,
  ) {}

  get next(): LegalNext[] {
    return this.legal?.next ?? [];
  }

  // The moves the clicks complete while more clicks are possible (or several at once).
  get choices(): LegalComplete[] {
    const l = this.legal;
    if (!l || !l.complete.length || this.pending) return [];
    if (l.complete.length === 1 && !l.next.length) return [];
    return l.complete;
  }

  // Starts over; `active` when this browser is to move in the live position.
  reset(active: boolean): void {
    this.generation++;
    this.clicks = [];
    this.changes = [];
    this.path = [];
    this.legal = null;
    this.pending = null;
    this.first = null;
    this.busy = false;
    this.loading = false;
    if (active) void this.load([]);
  }

  // Drops the clicks but keeps what may be clicked first.
  cancel(): void {
    this.clicks = [];
    this.changes = [];
    this.path = [];
    this.pending = null;
    this.legal = this.first;
    this.host.changed();
  }

  // True while an answer of `legal` is awaited.
  loading = false;

  private async load(clicks: string[]): Promise<Legal | null> {
    const gen = this.generation;
    let legal: Legal;
    this.loading = true;
    try {
      legal = typeof this.source === 'string' ? await api.legal(this.source, clicks) : await this.source(clicks);
    } catch (e) {
      if (gen === this.generation) {
        this.loading = false;
        // Back to no clicks, with the first clicks when they are known (else the next click
        // asks for them again).
        this.clicks = [];
        this.changes = [];
        this.path = [];
        this.pending = null;
        this.legal = this.first;
        this.host.changed();
        this.host.hint(e instanceof ApiError ? e.message : String(e), true);
      }
      return null;
    }
    if (gen !== this.generation) return null;
    this.loading = false;
    if (!clicks.length) this.first = legal;
    this.legal = legal;
    this.host.changed();
    return legal;
  }

  async click(name: string): Promise<void> {
    if (this.busy) return;
    this.pending = null;
    if (!this.first && !this.clicks.length) {
      // What may be clicked first is not known (its request failed): ask again.
      this.busy = true;
      const first = await this.load([]);
      this.busy = false;
      if (!first) return;
    }
    let target = this.next.find((n) => sameClick(n.click, name));
    if (!target && this.clicks.length && sameClick(this.clicks[0], name)) {
      // Clicking the first cell again cancels (unless it is where the move goes on).
      this.cancel();
      this.host.hint('');
      return;
    }
    let base = this.clicks;
    if (!target && this.clicks.length) {
      // Another first click (say another piece of one's own) starts a new move.
      const again = this.first?.next.find((n) => sameClick(n.click, name));
      if (again) {
        target = again;
        base = [];
      }
    }
    if (!target) {
      this.host.hint(this.host.explain(name, this.clicks), true);
      return;
    }
    const clicks = [...base, target.click];
    this.changes = [...(base.length ? this.changes : []), target.change ?? null];
    this.clicks = clicks;
    this.path = target.path;
    this.host.hint('');
    this.busy = true;
    this.loading = true;
    this.host.changed();
    const legal = await this.load(clicks);
    this.busy = false;
    if (!legal) return;
    if (legal.complete.length === 1 && !legal.next.length) {
      const move = legal.complete[0];
      this.path = move.path.length ? move.path : this.path;
      if (this.host.confirming()) {
        this.pending = move;
        this.host.changed();
        this.host.hint(t('clicks.confirm', { move: move.text }));
      } else {
        this.host.changed();
        this.host.send(move.text);
      }
    } else if (!legal.complete.length && !legal.next.length) {
      this.host.hint(t('clicks.no_move'), true);
      this.cancel();
    } else if (legal.complete.length) {
      this.host.hint(legal.next.length ? this.playOrContinue(legal) : t('clicks.choose'));
    } else {
      const follow = this.host.followUp?.(legal.next, this.changes) ?? '';
      if (follow) this.host.hint(follow);
    }
  }

  // A move complete on a square it may also go on from (a landing of a jump chain clicked hop by
  // hop): play it here, or continue from there; else the general words.
  private playOrContinue(legal: Legal): string {
    const at = this.changes[this.changes.length - 1]?.to;
    const move = legal.complete.length === 1 ? legal.complete[0] : null;
    const onward = !!at && legal.next.every((n) => n.change?.from === at);
    return move && onward ? t('clicks.here_or_on', { move: move.text, cell: at }) : t('clicks.play_or_continue');
  }

  // Plays a complete move offered as a choice, or the pending one.
  play(move: LegalComplete): void {
    this.pending = null;
    this.path = move.path;
    this.host.changed();
    this.host.send(move.text);
  }

  // The moves that need no click at all (a pass).
  get clicklessMoves(): LegalComplete[] {
    return !this.clicks.length && this.first ? this.first.complete : [];
  }
}
