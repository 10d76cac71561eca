// A stored game's review on its analysis board: the state the server last told (over the
// analysis socket or in an answer), the report once it is done, asking for it, and why it
// cannot be had (no stored game, a game still being played, no moves).

import { ApiError, type Game } from '../api';
import { t } from '../i18n';
import { analysisApi, type ReviewMove, type ReviewState } from './analysis_api';

export interface ReviewHost {
  stored(): Game | null;
  watch(id: string): void; // hear the review's news over the analysis socket
  redraw(): void;
}

const message = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

export class Review {
  state: ReviewState | null = null; // null: not asked about yet
  error = ''; // the last request's
  busy = false; // a request is in flight

  constructor(private readonly host: ReviewHost) {}

  // The review as it stands when a finished game is opened: watched while it runs, and asked
  // for at once when `asked` and there is none yet (or it failed).
  async open(id: string, asked: boolean): Promise<void> {
    try {
      await this.news(await analysisApi.review(id));
      const status = this.state?.status;
      if (status === 'queued' || status === 'running') this.host.watch(id);
      if (asked && (status === 'none' || status === 'failed')) void this.request();
    } catch (e) {
      this.error = message(e);
    }
  }

  // News (the socket, or an answer): its state; once done, its report.
  async news(state: ReviewState): Promise<void> {
    this.state = { ...state, report: state.report ?? this.state?.report ?? null };
    const stored = this.host.stored();
    if (state.status === 'done' && !this.state.report && stored) {
      try {
        this.state = await analysisApi.review(stored.id);
      } catch (e) {
        this.error = message(e);
      }
    }
    this.host.redraw();
  }

  async request(): Promise<void> {
    const stored = this.host.stored();
    if (!stored || this.busy) return;
    this.busy = true;
    this.error = '';
    this.host.redraw();
    try {
      this.host.watch(stored.id);
      await this.news(await analysisApi.requestReview(stored.id));
    } catch (e) {
      this.error = message(e);
    }
    this.busy = false;
    this.host.redraw();
  }

  // Why no review can be had here ('' when one may be asked for).
  unavailable(): string {
    const stored = this.host.stored();
    if (!stored) return t('analysis.review_stored_only');
    if (stored.status === 'playing') return t('analysis.review_after_end');
    if (!stored.moves.length) return t('analysis.no_moves');
    return '';
  }

  // The report's verdicts on the moves, by ply.
  moves(): Map<number, ReviewMove> {
    const reviewed = new Map<number, ReviewMove>();
    for (const m of this.state?.report?.moves ?? []) reviewed.set(m.ply, m);
    return reviewed;
  }

  // The expected results of the main line's position after `ply` moves, once reported.
  expectedAt(ply: number): number[] | null {
    return this.state?.report?.positions[ply]?.expected ?? null;
  }
}
