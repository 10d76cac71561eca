// Languages (catalogue lint, no server needed): every catalogue of web/src/i18n holds every key of
// the English one and no other, no value is empty, each value has the same {placeholders} as its
// English, and no user-visible string literal is left in web/src outside the catalogues.
// Run alone: node --test tests/e2e/i18n_catalogue.test.mjs (uses esbuild from web/node_modules).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { catalogues, forms } from './catalogues.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(here, '../../web/src');

const placeholders = (v) => new Set(forms(v).flatMap((f) => [...f.matchAll(/\{(\w+)\}/g)].map((m) => m[1])));

test('languages: every catalogue has every key, no empty value, the same placeholders', async () => {
  const mod = await catalogues();
  const { en, LANGUAGES } = mod;
  const codes = Object.keys(LANGUAGES);
  assert.ok(codes.includes('en') && codes.includes('fr'), `languages offered: ${codes}`);
  const problems = [];
  for (const code of codes) {
    const cat = mod[code];
    if (!cat) {
      problems.push(`${code}: no catalogue exported`);
      continue;
    }
    for (const key of Object.keys(en)) {
      if (!(key in cat)) problems.push(`${code}: missing ${key}`);
    }
    for (const [key, value] of Object.entries(cat)) {
      if (!(key in en)) {
        problems.push(`${code}: ${key} is not in the English catalogue`);
        continue;
      }
      if (typeof value !== 'string' && !(value && typeof value.one === 'string' && typeof value.other === 'string')) {
        problems.push(`${code}: ${key} is neither a string nor { one, other }`);
        continue;
      }
      for (const f of forms(value)) if (!f.trim()) problems.push(`${code}: ${key} is empty`);
      const want = [...placeholders(en[key])].sort().join(',');
      const got = [...placeholders(value)].sort().join(',');
      if (want !== got) problems.push(`${code}: ${key} has {${got}}, English has {${want}}`);
    }
  }
  assert.deepEqual(problems, []);
});

// ---- The literal lint ----

// The language module itself: its catalogues, and the languages named each in itself.
const kSkipDir = 'i18n/';

// Literals that look like words but are names the code uses, not text a user reads: keyboard
// keys and HTTP headers.
const kAllowed = new Set([
  'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Escape', 'Enter', 'Home', 'End', 'Tab',
  'PageUp', 'PageDown', 'Content-Type', 'Authorization', 'Bearer', 'Space',
]);

// What stands before a literal that is not user text: CSS classes and styles, ids, element
// and attribute names, selectors, URLs, event names, storage keys, message keys.
const kAllowedBefore = [
  /\b(class|className|style|id|name|type|role|rel|href|src|for|autocomplete|inputmode|lang|viewBox|d|points|transform|fill|stroke|key|kind|mode|method|tag)\s*[:=]\s*$/,
  /\b(class|className|style)\s*[:=][^,;]*\?[^,;]*$/, // class: on ? 'a b' : 'a'
  /\.style\.\w+\s*=\s*$/,
  /['"](data-[\w-]+|aria-(controls|labelledby|describedby|live|current|hidden|pressed|selected|expanded|haspopup)|stroke-[\w-]+|font-[\w-]+|text-anchor|dominant-baseline|marker-end|clip-path)['"]\s*:\s*$/,
  /\b(querySelector|querySelectorAll|closest|matches|getElementById|addEventListener|removeEventListener|dispatchEvent|createElement|createElementNS|setAttribute|getAttribute|removeAttribute|hasAttribute|toggleAttribute|setProperty|getPropertyValue|matchMedia|getItem|setItem|removeItem|getPref|setPref|startsWith|endsWith|includes|split|join|replace|indexOf|padStart|t|tParts|hasKey|serverText|h|s|Event|CustomEvent|postMessage|fetch|open|register|call|classList\.\w+)\(\s*$/,
  /\b(console\.\w+|new Error|new ApiError|throw)\(?[^)]*$/,
  /(===|!==|==|!=|case)\s*$/,
  /\[\s*$/,
  /^\s*(import|export)\b.*\bfrom\s*$/,
];

// Where a literal is shown as it is: an element's child in h()/s() (after the attributes), its
// text content, or an attribute a person reads. There even one lowercase word is text ("start").
const kTextPosition = /(\.textContent\s*=|\b(title|placeholder|alt)\s*:|'aria-label'\s*:|\b[hs]\('\w+',\s*(null|\{[^{}]*\}),\s*)\s*$/;

// Looks like text for a person: two letters or more, and either words with a space between or
// a capitalised word ("Cancel"), or any word where text is shown.
function looksLikeText(text, before = '') {
  if (kTextPosition.test(before) && /^[A-Za-z]{2,}$/.test(text.trim())) return true;
  const t = text.trim();
  if (!/[A-Za-z]{2,}/.test(t)) return false;
  if (kAllowed.has(text) || kAllowed.has(t)) return false;
  if (/^[a-z][\w-]*:\/\//.test(t) || /^[#/.<]/.test(t)) return false; // URLs, routes, paths, selectors, markup
  if (/^[a-z]+(-[a-z]+)+( [a-z-]+)*$/.test(t)) return false; // a CSS class list ("arrow-head last")
  return /[A-Za-z]{2,}[^\S\n]+[A-Za-z(]/.test(t) || /^[A-Z][a-z]/.test(t) || /[A-Za-z]{2,}[.!?…]$/.test(t);
}

// The string literals of a TS file with what stands before each on its line: comments,
// regular expressions and the code inside template substitutions are skipped.
function literals(code) {
  const out = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  let lastSignificant = '';
  const regexBefore = /[(,=:[!&|?{};+\-*%<>~^]|^$|\breturn$|\btypeof$|\bcase$/;
  function readString(q) {
    const start = i;
    i++;
    let text = '';
    const parts = [];
    while (i < code.length && code[i] !== q) {
      if (code[i] === '\\') {
        text += code[i + 1];
        i += 2;
        continue;
      }
      if (q === '`' && code[i] === '$' && code[i + 1] === '{') {
        parts.push(text);
        text = '';
        i += 2;
        let depth = 1;
        while (i < code.length && depth > 0) {
          const c = code[i];
          if (c === '{') depth++;
          else if (c === '}') depth--;
          else if (c === "'" || c === '"' || c === '`') {
            readString(c);
            continue;
          } else if (c === '\n') {
            line++;
            lineStart = i + 1;
          }
          if (depth > 0) i++;
        }
        i++;
        text += ' ';
        continue;
      }
      if (code[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
      text += code[i];
      i++;
    }
    i++;
    parts.push(text);
    return { start, text: parts.join('') };
  }
  while (i < code.length) {
    const c = code[i];
    if (c === '\n') {
      line++;
      lineStart = i + 1;
      i++;
      continue;
    }
    if (c === '/' && code[i + 1] === '/') {
      while (i < code.length && code[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      for (let k = i; k < end; k++) if (code[k] === '\n') { line++; lineStart = k + 1; }
      i = end + 2;
      continue;
    }
    if (c === '/' && regexBefore.test(lastSignificant)) {
      // A regular expression literal: skip to its closing slash (classes may hold a slash).
      i++;
      let inClass = false;
      while (i < code.length && (inClass || code[i] !== '/') && code[i] !== '\n') {
        if (code[i] === '\\') i++;
        else if (code[i] === '[') inClass = true;
        else if (code[i] === ']') inClass = false;
        i++;
      }
      i++;
      while (/[a-z]/.test(code[i] ?? '')) i++;
      lastSignificant = 'x';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      const startLine = line;
      const before = code.slice(lineStart, i);
      const { text } = readString(c);
      out.push({ text, line: startLine, before });
      lastSignificant = 'x';
      continue;
    }
    if (!/\s/.test(c)) {
      if (/[A-Za-z_$]/.test(c)) {
        let j = i;
        while (j < code.length && /[\w$]/.test(code[j])) j++;
        lastSignificant = code.slice(i, j);
        i = j;
        continue;
      }
      lastSignificant = c;
    }
    i++;
  }
  return out;
}

function tsFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...tsFiles(full));
    else if (name.endsWith('.ts')) out.push(full);
  }
  return out;
}

test('languages: no user-visible string literal in web/src outside the catalogues', () => {
  const found = [];
  for (const file of tsFiles(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    if (rel.startsWith(kSkipDir)) continue;
    for (const lit of literals(readFileSync(file, 'utf8'))) {
      if (!looksLikeText(lit.text, lit.before)) continue;
      if (kAllowedBefore.some((re) => re.test(lit.before))) continue;
      found.push(`${rel}:${lit.line}: ${JSON.stringify(lit.text)}`);
    }
  }
  assert.deepEqual(found, [], `text to move into the catalogues (web/src/i18n/en.ts, used by t()):\n${found.join('\n')}`);
});

// The lint itself: it finds text where text is, and lets names be.
test('languages: the literal lint tells text from names', () => {
  const code = [
    "h('button', { class: 'primary big', id: 'start' }, 'Start game');",
    "el.textContent = `Playing ${move}…`;",
    "if (ev.key === 'Escape') x(); // 'Not this'",
    "const re = /it's 'quoted'/; setHint('Move refused', true);",
    "document.querySelector('header.top nav a');",
    "x = t('game.play_move', { move: 'Play it' });",
    "h('span', { class: 'mv' }, 'start'); h('span', null, 'won'); b.title = 'x'; h('li', { 'data-ply': 0 }, ply);",
  ].join('\n');
  const texts = literals(code)
    .filter((l) => looksLikeText(l.text, l.before) && !kAllowedBefore.some((re) => re.test(l.before)))
    .map((l) => l.text.trim());
  assert.deepEqual(texts, ['Start game', 'Playing  …', 'Move refused', 'Play it', 'start', 'won']);
});
