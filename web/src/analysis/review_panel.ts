// The review of a finished game: a button that asks the server for it (a job it runs once and
// stores), its progress while it runs, and once done each player's count of inaccuracies,
// mistakes and blunders. Why a review cannot be had is said instead of the button.

import { h } from '../dom';
import { t } from '../i18n';
import { seatName } from '../i18n/server_text';
import { type ReviewState, type Verdict, verdictMark } from './analysis_api';
import { verdictName } from './move_list';

export interface ReviewView {
  state: ReviewState | null; // null: not asked about yet
  unavailable: string; // why there is no review here ("" when one may be asked for)
  error: string; // the last request's error
  busy: boolean; // a request is in flight
}

export function reviewPanel(v: ReviewView, request: () => void): HTMLElement {
  const status = v.state?.status ?? 'none';
  const box = h('div', { class: 'review-panel', id: 'review-panel' });
  const line = h('div', { class: 'review-status', id: 'review-status', 'data-status': v.unavailable ? 'unavailable' : status, 'aria-live': 'polite' });
  box.append(line);
  if (v.unavailable) {
    line.append(v.unavailable);
    return box;
  }
  if (status === 'none' || status === 'failed') {
    box.append(h('button', { class: 'primary', id: 'review-button', disabled: v.busy, onclick: request }, t('analysis.review_button')));
    line.append(status === 'failed' ? t('analysis.review_failed', { error: v.state?.error ?? '' }) : t('analysis.review_none'));
  } else if (status === 'queued') {
    line.append(t('analysis.review_queued'));
  } else if (status === 'running') {
    const p = v.state?.progress;
    line.append(p ? t('analysis.review_running_of', { done: p.done, total: p.total }) : t('analysis.review_running'));
    if (p) box.append(h('progress', { max: p.total, value: p.done }));
  } else if (v.state?.report) {
    const report = v.state.report;
    line.append(t('analysis.review_done', { settings: report.settings }));
    // The marks head the columns (named for the pointer); the players' column is named for
    // screen readers alone.
    const head = (verdict: Verdict) => h('th', { scope: 'col', title: verdictName(verdict) }, verdictMark(verdict));
    const table = h('table', { class: 'review-summary' },
      h('tr', null, h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('table.player'))),
        head('inaccuracy'), head('mistake'), head('blunder')));
    report.players.forEach((name, i) => {
      const count = (verdict: string) => report.moves.filter((m) => m.mover === i && m.verdict === verdict).length;
      table.append(h('tr', { 'data-player': i },
        h('th', { scope: 'row' }, seatName(name)),
        h('td', null, count('inaccuracy')), h('td', null, count('mistake')), h('td', null, count('blunder'))));
    });
    box.append(table);
  }
  if (v.error) box.append(h('p', { class: 'error' }, v.error));
  return box;
}
