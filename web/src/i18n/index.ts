// The UI's languages: `t(key, vars)` gives the text of a catalogue key in the language chosen.
// English (en.ts) is the reference catalogue: its keys are the type `MessageKey`, so a key that
// does not exist is a type error, and every other catalogue must hold every key (fr.ts is typed
// `Catalogue`). Values may hold `{name}` placeholders, filled from `vars`; a value with plural
// forms ({ one, other }) is chosen by the number `vars.count` under the language's plural rules
// (French counts 0 and 1 as "one", English only 1).
//
// The language follows the browser (navigator.languages) until one is chosen in the header; the
// choice is remembered in local storage. Changing it tells the listeners (the router redraws).
//
// Names the server sends in English (game titles, seat names, legend entries, levels) are
// translated by `serverText(kind, id, english)`: a catalogue section keyed by the id the server
// sends, falling back to the server's English for an id the catalogue does not know.

import { en, type Message } from './en';
import { fr } from './fr';

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, Message>;
export type Vars = Record<string, string | number>;

// The languages offered, by their BCP 47 code, each with its name in itself (for the switch).
export const LANGUAGES = { en: 'English', fr: 'Français' } as const;
export type Language = keyof typeof LANGUAGES;

const catalogues: Record<Language, Catalogue> = { en, fr };
const STORE_KEY = 'arbiter.pref.language';

function isLanguage(x: string | null | undefined): x is Language {
  return !!x && Object.prototype.hasOwnProperty.call(LANGUAGES, x);
}

// The first of the browser's languages the UI speaks (by primary subtag: fr-CA → fr), else English.
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

function chosen(): Language | null {
  try {
    const v = localStorage.getItem(STORE_KEY);
    return isLanguage(v) ? v : null;
  } catch {
    return null;
  }
}

let current: Language = chosen() ?? browserLanguage();
const listeners = new Set<() => void>();

export function language(): Language {
  return current;
}

// Chooses the language (remembered), sets <html lang>, and tells every listener.
export function setLanguage(lang: Language): void {
  try {
    localStorage.setItem(STORE_KEY, lang);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
  if (lang === current) return;
  current = lang;
  document.documentElement.lang = lang;
  for (const f of listeners) f();
}

// Calls `f` after every change of language; returns the function that stops it.
export function onLanguageChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function fill(text: string, vars: Vars | undefined): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

function pick(message: Message, vars: Vars | undefined, lang: Language): string {
  if (typeof message === 'string') return message;
  const n = Number(vars?.count ?? 0);
  return new Intl.PluralRules(lang).select(n) === 'one' ? message.one : message.other;
}

// The text of `key` in the current language, placeholders filled.
export function t(key: MessageKey, vars?: Vars): string {
  const message = catalogues[current][key] ?? en[key];
  return fill(pick(message, vars, current), vars);
}

// Whether `key` names a message (for keys built from what the server sends).
export function hasKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

// A text the server sends in English, translated by its id: the key `server.KIND.ID` when the
// catalogue has it and its English is still what the server says, else the server's own text
// (a server text that changed shows in English rather than as a stale translation).
export function serverText(kind: string, id: string, english: string): string {
  const key = `server.${kind}.${id}`;
  return hasKey(key) && en[key] === english ? t(key) : english;
}

// `t` for a message whose placeholders are nodes (a link inside a sentence): the text around
// them as strings, the nodes in their places.
export function tParts(key: MessageKey, vars: Record<string, Node | string | number>): (Node | string)[] {
  const text = pick(catalogues[current][key] ?? en[key], undefined, current);
  const out: (Node | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (!(m[1] in vars)) continue;
    if (m.index! > last) out.push(text.slice(last, m.index));
    const v = vars[m[1]];
    out.push(typeof v === 'number' ? String(v) : v);
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

// Names in a list: "a", "a and b", "a, b and c" (the word of the language chosen).
export function listText(items: string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')}${t('common.and')}${items[items.length - 1]}`;
}

// Sets the text of every element under `root` marked `data-i18n="KEY"` (the static page's
// header), and `data-i18n-aria-label="KEY"` for its label.
export function translateStatic(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const key = el.dataset.i18n ?? '';
    if (hasKey(key)) el.textContent = t(key);
  }
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n-aria-label]')) {
    const key = el.dataset.i18nAriaLabel ?? '';
    if (hasKey(key)) el.setAttribute('aria-label', t(key));
  }
}

document.documentElement.lang = current;
