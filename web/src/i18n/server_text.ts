// What the server sends in English, in the language chosen: names by the id they come with
// (seats, levels, parameters, pieces, legend entries, hints) and sentences (results, summaries,
// counts) by the patterns of en.ts's `server.phrase.*`. Knows no game: every game-specific word
// is in the catalogues, keyed by what the server sends. Anything not in a catalogue stays as the
// server wrote it.

import { en } from './en';
import { language, serverText, t, type MessageKey, type Vars } from './index';

// A seat's name ("south", "white", "red") as the server gives it in `seat.player`.
export function seatName(id: string): string {
  return serverText('seat', id, id);
}

// An AI level's name ("club").
export function levelName(name: string): string {
  return serverText('level', name, name);
}

// A parameter's label: its name, translated, with '_' read as a space.
export function paramLabel(name: string): string {
  return serverText('param', name, name.replace(/_/g, ' '));
}

// A choice of a parameter ("advanced"), shown as its option's label.
export function choiceLabel(value: string): string {
  return serverText('choice', value, value);
}

// A game's piece by its glyph key ("diamond", "ace", "mover").
export function pieceName(game: string, glyph: string): string {
  return serverText('piece', `${game}.${glyph}`, glyph);
}

// A legend entry's description (`tag` "" for the untagged entry).
export function legendText(game: string, glyph: string, tag: string, english: string): string {
  return serverText('legend', tag ? `${game}.${glyph}.${tag}` : `${game}.${glyph}`, english);
}

// A cell tag ("trapped", "dark").
export function tagName(tag: string): string {
  return serverText('tag', tag, tag);
}

interface Pattern {
  key: MessageKey;
  names: string[];
  regex: RegExp;
}

// Placeholders that stand for numbers: they match digits only, so "{n} of {m} home" does not
// swallow "0 of 2 Travelers home".
const kNumeric = new Set(['n', 'm', 'count']);

let patterns: Pattern[] | null = null;

function compile(): Pattern[] {
  const out: Pattern[] = [];
  for (const key of Object.keys(en) as MessageKey[]) {
    if (!key.startsWith('server.phrase.')) continue;
    const english = en[key];
    if (typeof english !== 'string') continue;
    const names: string[] = [];
    const source = english
      .split(/(\{\w+\})/)
      .map((part) => {
        const m = /^\{(\w+)\}$/.exec(part);
        if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1]);
        return kNumeric.has(m[1]) ? '(-?\\d+)' : '(.+?)';
      })
      .join('');
    out.push({ key, names, regex: new RegExp(`^${source}$`) });
  }
  return out;
}

// A sentence of the server (a result, a summary, a count) in the language chosen: the first
// pattern that matches it whole gives the translation, each part it captured translated in
// turn (a seat's name, a reason). A sentence no pattern matches stays as it is.
export function serverPhrase(text: string, depth = 0): string {
  if (language() === 'en' || !text || depth > 4) return text;
  const seat = seatName(text);
  if (seat !== text) return seat;
  patterns ??= compile();
  for (const p of patterns) {
    const m = p.regex.exec(text);
    if (!m) continue;
    const vars: Vars = {};
    p.names.forEach((name, i) => {
      vars[name] = kNumeric.has(name) ? m[i + 1] : serverPhrase(m[i + 1], depth + 1);
    });
    if ('n' in vars) vars.count = Number(vars.n);
    return t(p.key, vars);
  }
  return text;
}
