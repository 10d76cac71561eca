// "More options" on the home page: every parameter of the game chosen, in players' words
// (game_options.ts), the player count, who plays each seat, listing an open seat, the time
// control, and Start game. The options chosen here also shape the games the quick buttons start.

import { api, ApiError, type CatalogGame } from '../api';
import { pieceFill } from '../board/colours';
import { clear, h } from '../dom';
import { t } from '../i18n';
import { levelName, seatName } from '../i18n/server_text';
import { addTokens, getPref, setPref } from '../storage';
import { kTimePresets, optionChoice, optionHelp, optionLabel, timeControlText } from './game_options';
import type { HomeChoices } from './home_choices';
import { paramControl } from './param_controls';

// A select named `name` (its id `param-NAME`, for its label), or labelled by the element `labelledBy`.
function select(name: string, options: [string, string][], value: string, onchange: (v: string) => void, labelledBy?: string): HTMLSelectElement {
  const el = h('select', { name, id: `param-${name}`, 'aria-labelledby': labelledBy }, ...options.map(([v, label]) => h('option', { value: v, selected: v === value }, label)));
  el.addEventListener('change', () => onchange(el.value));
  return el;
}

// Creates the game and opens it.
export async function startGame(body: Parameters<typeof api.create>[0]): Promise<void> {
  const seated = await api.create(body);
  addTokens(seated.game.id, seated.game.game, seated.tokens);
  location.hash = `#/game/${encodeURIComponent(seated.game.id)}`;
}

export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : String(e);
}

// The "More options" disclosure, drawn again for each game; `changed` is told of every option
// changed (the quick buttons' seeks depend on them).
export class MoreOptions {
  readonly el = h('details', { id: 'more-options', class: 'more-options', open: getPref('home.more_open', '') === '1' });

  constructor(private readonly choices: HomeChoices, private readonly changed: () => void) {
    this.el.addEventListener('toggle', () => setPref('home.more_open', this.el.open ? '1' : '0'));
  }

  draw(): void {
    const info = this.choices.info();
    // A control drawn again keeps the focus it had.
    const focused = this.el.contains(document.activeElement) ? document.activeElement?.id : '';
    clear(this.el);
    this.el.append(h('summary', null, t('quick.more')));
    if (!info) return;
    this.el.append(h('p', { class: 'muted small' }, t('quick.more_hint')), ...this.rows(info));
    if (focused) document.getElementById(focused)?.focus();
  }

  private paramRow(info: CatalogGame, name: string): HTMLElement | null {
    const p = info.params.find((x) => x.name === name);
    if (!p) return null;
    const control = paramControl(p, this.choices.valuesOf(info)[p.name], (value) => {
      this.choices.setValue(info, p.name, value);
      this.changed();
    }, (c) => optionChoice(info.name, p.name, c));
    const helpId = `${control.id}-help`;
    control.setAttribute('aria-describedby', helpId);
    return h('div', { class: 'form-row', 'data-param': p.name },
      h('label', { for: control.id }, optionLabel(info.name, p)), control, h('span', { class: 'muted small option-help', id: helpId }, optionHelp(info.name, p)));
  }

  private rows(info: CatalogGame): HTMLElement[] {
    const c = this.choices;
    const seating = c.seatingOf(info);
    const kinds = c.seatsOf(info);
    const rows: HTMLElement[] = [];
    if (info.seatings.length > 1) {
      const name = c.seatingName(info);
      rows.push(h('div', { class: 'form-row', 'data-param': name }, h('label', { for: `param-${name}` }, t('common.players')),
        select(name, info.seatings.map((s) => [String(s.players), String(s.players)]), String(seating.players), (v) => {
          c.setPlayers(info, Number(v));
          this.changed();
          this.draw();
        })));
    }
    rows.push(h('div', { id: 'params' }, ...info.params.filter((p) => p.name !== info.players_param).map((p) => this.paramRow(info, p.name))));

    const levels: [string, string][] = c.catalog.levels.map((l) => [`ai:${l.level}`, l.name ? t('home.seat_choice_level', { level: l.level, name: levelName(l.name) }) : t('common.ai_level', { level: l.level })]);
    const seatChoices: [string, string][] = [['human', t('home.seat_choice_you')], ...levels, ['open', t('home.seat_choice_open')]];
    rows.push(h('h3', null, t('home.seats')),
      ...seating.seats.map((seat, i) =>
        h('div', { class: 'seat-row', 'data-seat': i },
          h('span', { class: 'swatch', style: `background:${pieceFill(seat.colour)}` }),
          h('span', { class: 'name', id: `seat-name-${i}` }, seatName(seat.name)),
          select(`seat${i}`, seatChoices, kinds[i], (v) => { kinds[i] = v; this.draw(); }, `seat-name-${i}`))));
    // An open seat is taken through its invite link; listing it lets strangers take it too.
    if (kinds.includes('open')) {
      rows.push(h('label', { class: 'form-row small' },
        h('input', { type: 'checkbox', name: 'public', checked: c.listOpen, onchange: (e: Event) => { c.listOpen = (e.target as HTMLInputElement).checked; } }),
        ' ', t('home.list_open')));
    }
    const tcs: [string, string][] = ['none', ...kTimePresets.map((p) => p.tc)].map((tc) => [tc, timeControlText(tc)]);
    rows.push(h('div', { class: 'form-row', 'data-param': 'time_control' }, h('label', { for: 'param-time_control' }, t('common.time_control')),
      select('time_control', tcs, c.timeControl, (v) => c.setTimeControl(v)),
      h('span', { class: 'muted small option-help' }, t('quick.time_control_hint'))));

    const error = h('p', { class: 'error small', role: 'alert' });
    const start = h('button', { class: 'primary', id: 'start' }, t('home.start'));
    start.addEventListener('click', async () => {
      start.disabled = true;
      error.textContent = '';
      try {
        const listed = kinds.includes('open') && c.listOpen;
        await startGame({ game: info.name, params: c.params(info), seats: kinds, time_control: c.timeControl, ...(listed ? { public: true } : {}) });
      } catch (e) {
        error.textContent = errorText(e);
        start.disabled = false;
      }
    });
    rows.push(h('div', { class: 'form-row' }, start), error);
    return rows;
  }
}
