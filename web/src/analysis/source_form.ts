// What to analyse when no game is named: a position pasted as text (a game, its parameters and
// the position text the game pages show), or a record (docs/records.md) pasted or uploaded.
// Either becomes an address of the analysis board (#/analysis?game=…), so it can be shared.

import { ApiError } from '../api';
import { catalogNow, gameTitle } from '../catalog';
import { h } from '../dom';
import { t } from '../i18n';
import { analysisApi } from './analysis_api';

// The board's address for a start and moves.
export function analysisHash(game: string, params: string, position: string, moves: string[] = []): string {
  const q = new URLSearchParams({ game, params, position });
  if (moves.length) q.set('moves', JSON.stringify(moves));
  return `#/analysis?${q.toString()}`;
}

export function sourceForm(): HTMLElement {
  const games = catalogNow()?.games ?? [];
  const error = h('p', { class: 'error', id: 'source-error', 'aria-live': 'polite' });
  const game = h('select', { id: 'source-game' }, games.map((g) => h('option', { value: g.name }, gameTitle(g.name))));
  const params = h('input', { id: 'source-params', type: 'text', placeholder: t('analysis.params_placeholder') });
  const position = h('textarea', { id: 'source-position', rows: 2, placeholder: t('analysis.position_placeholder') });
  const record = h('textarea', { id: 'source-record', rows: 6, placeholder: t('analysis.record_placeholder') });
  const file = h('input', { id: 'source-file', type: 'file', accept: '.txt,text/plain' });
  file.addEventListener('change', () => {
    const f = file.files?.[0];
    if (f) void f.text().then((text) => (record.value = text));
  });
  const fromPosition = (ev: Event) => {
    ev.preventDefault();
    location.hash = analysisHash(game.value, params.value.trim(), position.value.trim());
  };
  const fromRecord = async (ev: Event) => {
    ev.preventDefault();
    error.textContent = '';
    try {
      const line = await analysisApi.line({ record: record.value });
      location.hash = analysisHash(line.game, line.params, line.start_position, line.moves);
    } catch (e) {
      error.textContent = e instanceof ApiError ? e.message : String(e);
    }
  };
  return h('div', { class: 'analysis-source' },
    h('form', { class: 'card', id: 'source-position-form', onsubmit: fromPosition },
      h('h2', { class: 'card-title' }, t('analysis.from_position')),
      h('label', null, t('common.game'), ' ', game),
      h('label', null, t('analysis.params'), ' ', params),
      h('label', null, t('analysis.position'), position),
      h('button', { class: 'primary', type: 'submit' }, t('analysis.analyse'))),
    h('form', { class: 'card', id: 'source-record-form', onsubmit: (ev: Event) => void fromRecord(ev) },
      h('h2', { class: 'card-title' }, t('analysis.from_record')),
      record,
      h('label', null, t('analysis.upload'), ' ', file),
      h('button', { class: 'primary', type: 'submit' }, t('analysis.analyse'))),
    error);
}
