// The controls of a game's parameter schema, as the catalog gives it: a number input (with the
// schema's bounds) for an int, a select for a choice, a checkbox for a bool, a text field for
// text. Values are kept as the text a parameter list takes ("5", "advanced", "on").

import type { CatalogParam } from '../api';
import { choiceLabel } from '../i18n/server_text';
import { h } from '../dom';

// Whether `value` is one the schema allows for `p` ("" is allowed: the parameter is left out).
export function validValue(p: CatalogParam, value: string): boolean {
  if (value === '') return true;
  switch (p.type) {
    case 'int': {
      if (!/^-?\d+$/.test(value)) return false;
      const n = Number(value);
      return (p.min === undefined || n >= p.min) && (p.max === undefined || n <= p.max);
    }
    case 'choice':
      return (p.choices ?? []).includes(value);
    case 'bool':
      return value === 'on' || value === 'off';
    default:
      return true;
  }
}

// The input of `p` showing `value`; `onchange` gets each new value, `choice` names a choice's
// option.
export function paramControl(p: CatalogParam, value: string, onchange: (v: string) => void, choice: (c: string) => string = choiceLabel): HTMLElement {
  const common = { name: p.name, id: `param-${p.name}`, 'data-type': p.type };
  switch (p.type) {
    case 'int': {
      const el = h('input', { ...common, type: 'number', min: p.min, max: p.max, step: 1, value, style: 'width:7em' });
      el.addEventListener('input', () => onchange(el.value.trim()));
      return el;
    }
    case 'choice': {
      const el = h('select', common, ...(p.choices ?? []).map((c) => h('option', { value: c, selected: c === value }, choice(c))));
      el.addEventListener('change', () => onchange(el.value));
      return el;
    }
    case 'bool': {
      const el = h('input', { ...common, type: 'checkbox', checked: value === 'on' });
      el.addEventListener('change', () => onchange(el.checked ? 'on' : 'off'));
      return el;
    }
    default: {
      const el = h('input', { ...common, type: 'text', value, placeholder: p.example ?? '', style: 'flex:1;min-width:8rem' });
      el.addEventListener('input', () => onchange(el.value.trim()));
      return el;
    }
  }
}

// The `key=value` words of the values that differ from the schema's defaults (left-out values
// and the defaults themselves need no word: the server assumes them).
export function paramWords(params: CatalogParam[], values: Record<string, string>): string[] {
  const words: string[] = [];
  for (const p of params) {
    const v = values[p.name] ?? '';
    if (v !== '' && v !== p.default) words.push(`${p.name}=${v}`);
  }
  return words;
}
