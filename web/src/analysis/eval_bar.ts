// One evaluation bar per player: the player's expected result in the position shown (0 a loss,
// 1 a win), as the engine's best line or the review sees it, in the player's colour.

import type { ViewPlayer } from '../api';
import { pieceFill } from '../board/colours';
import { h } from '../dom';
import { t } from '../i18n';
import { seatName } from '../i18n/server_text';

export function percent(v: number): string {
  return `${Math.round(v * 100)}%`;
}

// `expected`: one value per player, or null when nothing is known yet.
export function evalBars(players: ViewPlayer[], expected: number[] | null): HTMLElement {
  return h('div', { class: 'eval-bars', id: 'eval-bars', role: 'group', 'aria-label': t('analysis.eval_bars') },
    players.map((p, i) => {
      const v = expected?.[i];
      const known = v !== undefined && Number.isFinite(v);
      return h('div', { class: 'eval-bar', 'data-player': i, 'data-value': known ? v.toFixed(4) : '' },
        h('span', { class: 'eval-name' }, seatName(p.name)),
        h('span', { class: 'eval-track' },
          h('span', { class: 'eval-fill', style: `width:${known ? (v * 100).toFixed(1) : 0}%;background:${pieceFill(p.colour)}` })),
        h('span', { class: 'eval-value' }, known ? percent(v) : '–'));
    }));
}
