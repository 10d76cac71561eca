// A game's options in players' words: the label and help of each parameter of the catalog's
// schema (the catalogues' `home.option.GAME.PARAM` and `home.option_help.GAME.PARAM`, which carry
// no rule clause and no parameter syntax), a parameter list as a sentence for the lobby's lists,
// and the time controls offered with their names. A parameter the catalogues do not know yet is
// shown by its name and the server's help, its clause codes and `name=` syntax stripped.

import type { CatalogGame, CatalogParam } from '../api';
import { gameEntry } from '../catalog';
import { hasKey, t } from '../i18n';
import { choiceLabel, paramLabel } from '../i18n/server_text';

export type Speed = 'bullet' | 'blitz' | 'rapid' | 'correspondence';

// The presets of the home page's time-control grid (docs/online.md "Time controls").
export const kTimePresets: { tc: string; speed: Speed }[] = [
  { tc: '1+0', speed: 'bullet' }, { tc: '2+1', speed: 'bullet' },
  { tc: '3+2', speed: 'blitz' }, { tc: '5+3', speed: 'blitz' },
  { tc: '10+5', speed: 'rapid' }, { tc: '15+10', speed: 'rapid' },
  { tc: 'corr:1', speed: 'correspondence' }, { tc: 'corr:3', speed: 'correspondence' },
];

// A time control as players read it: "3+2", "3 days per move", "None".
export function timeControlText(tc: string): string {
  if (tc === 'none') return t('tc.none');
  const corr = /^corr:(\d+)$/.exec(tc);
  return corr ? t('tc.corr', { count: Number(corr[1]) }) : tc;
}

// What a server help says without its clause code ("R20: ") and with `name=` read as the name.
function plainHelp(help: string): string {
  return help.replace(/\b[A-Z]\d+[a-z]?:\s*/g, '').replace(/\b(\w+)=/g, (_, name: string) => paramLabel(name));
}

export function optionLabel(game: string, p: CatalogParam): string {
  const key = `home.option.${game}.${p.name}`;
  return hasKey(key) ? t(key) : paramLabel(p.name);
}

export function optionHelp(game: string, p: CatalogParam): string {
  const key = `home.option_help.${game}.${p.name}`;
  return hasKey(key) ? t(key) : plainHelp(p.help);
}

// A choice of a parameter as its option reads ("Standard" for arrangement's "default").
export function optionChoice(game: string, param: string, value: string): string {
  const key = `home.choice.${game}.${param}.${value}`;
  return hasKey(key) ? t(key) : choiceLabel(value);
}

// The `name=value` words of a parameter list, by name.
export function parseParams(params: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const word of params.split(/\s+/)) {
    const i = word.indexOf('=');
    if (i > 0) out.set(word.slice(0, i), word.slice(i + 1));
  }
  return out;
}

// Whether two parameter lists of `info` ask for the same game: the same value for every
// parameter, a value left out read as its default.
export function sameOptions(info: CatalogGame, a: string, b: string): boolean {
  const pa = parseParams(a);
  const pb = parseParams(b);
  const names = new Set([...pa.keys(), ...pb.keys()]);
  for (const name of names) {
    const fallback = info.params.find((p) => p.name === name)?.default ?? '';
    if ((pa.get(name) ?? fallback) !== (pb.get(name) ?? fallback)) return false;
  }
  return true;
}

// A parameter list of `game` as a phrase for the lists ("3 players, Rule set: Advanced"); "" for
// none.
export function optionsText(game: string, params: string): string {
  const info = gameEntry(game);
  const parts: string[] = [];
  for (const [name, value] of parseParams(params)) {
    const p = info?.params.find((x) => x.name === name);
    if (info && name === info.players_param && /^\d+$/.test(value)) {
      parts.push(t('quick.players_count', { count: Number(value) }));
      continue;
    }
    const label = p ? optionLabel(game, p) : paramLabel(name);
    const shown = p?.type === 'bool' ? t(value === 'on' ? 'quick.on' : 'quick.off') : p?.type === 'choice' ? optionChoice(game, name, value) : value;
    parts.push(t('quick.option_value', { name: label, value: shown }));
  }
  return parts.join(', ');
}
