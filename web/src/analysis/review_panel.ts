// The review of a finished game: a button that asks the server for it (a job it runs once and
// stores), its progress while it runs, and once done a line that says in words how the game
// went (each player's accuracy, the move that turned it), each player's accuracy and count of
// inaccuracies, mistakes and blunders, and what the marks mean. Why a review cannot be had is
// said instead of the button. The numbers come from accuracy.ts.

import { h } from '../dom';
import { type MessageKey, t } from '../i18n';
import { seatName } from '../i18n/server_text';
import { accuracyBand, decisiveMove, playerAccuracies, roundLabel } from './accuracy';
import { type ReviewReport, type ReviewState, type Verdict, verdictMark } from './analysis_api';
import { percent } from './eval_bar';
import { verdictGlyph, verdictName } from './move_list';

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
    const accuracy = playerAccuracies(report.moves, report.players.length);
    const table = h('table', { class: 'review-summary' },
      h('tr', null, h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('table.player'))),
        h('th', { scope: 'col' }, t('analysis.accuracy')),
        head('inaccuracy'), head('mistake'), head('blunder')));
    report.players.forEach((name, i) => {
      const count = (verdict: string) => report.moves.filter((m) => m.mover === i && m.verdict === verdict).length;
      const a = accuracy[i];
      table.append(h('tr', { 'data-player': i },
        h('th', { scope: 'row' }, seatName(name)),
        h('td', { class: 'accuracy', 'data-accuracy': a === null ? '' : a.toFixed(1) }, a === null ? '–' : percent(a / 100)),
        h('td', null, count('inaccuracy')), h('td', null, count('mistake')), h('td', null, count('blunder'))));
    });
    box.append(h('p', { class: 'review-line', id: 'review-line' }, reviewLine(report, accuracy)), table,
      h('p', { class: 'muted small', id: 'accuracy-note' }, t('analysis.accuracy_note')), marksLegend());
  }
  if (v.error) box.append(h('p', { class: 'error' }, v.error));
  return box;
}


// The first letter a capital (a seat's name starts the sentence).
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// The game in words: "South played accurately (92%). North made costly errors (61%). North's
// blunder at 14… e10-e8 turned the game."
export function reviewLine(report: ReviewReport, accuracy: (number | null)[]): string {
  const out: string[] = [];
  report.players.forEach((name, i) => {
    const a = accuracy[i];
    if (a === null) return;
    out.push(capital(t(`analysis.line.${accuracyBand(a)}` as MessageKey, { player: seatName(name), accuracy: Math.round(a) })));
  });
  const decisive = decisiveMove(report.moves);
  if (decisive) {
    const m = decisive.move;
    const vars = { player: seatName(report.players[m.mover] ?? m.player), move: `${roundLabel(m.ply, report.players.length)} ${m.move}` };
    const verdict = m.verdict === 'blunder' ? 'blunder' : 'mistake';
    out.push(capital(decisive.turned ? t(`analysis.line.turned_${verdict}` as MessageKey, vars) : t('analysis.line.costliest', vars)));
  } else if (report.moves.length && !report.moves.some((m) => m.verdict === 'mistake' || m.verdict === 'blunder')) {
    out.push(t('analysis.line.clean'));
  }
  return out.join(' ');
}

// What each mark means, with the drops the server judges by (docs/analysis.md).
function marksLegend(): HTMLElement {
  const verdicts: Verdict[] = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];
  return h('ul', { class: 'marks-legend', id: 'marks-legend' },
    ...verdicts.map((v) => h('li', { 'data-verdict': v },
      h('span', { class: verdictMark(v) ? `mark mark-${v}` : `grade grade-${v}`, 'aria-hidden': 'true' }, verdictGlyph(v)), ' ',
      t(`analysis.legend.${v}` as MessageKey))));
}
