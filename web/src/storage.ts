// The seats this browser holds (game id → seat tokens, in local storage so a reload resumes) and
// remembered choices: the home page's form, the board's orientation, the move confirm.

export interface HeldGame {
  game: string; // the game's name, as the catalog gives it
  tokens: Record<string, string>; // seat index → token
  added: number;
}

const KEY = 'arbiter.games';

function load(): Record<string, HeldGame> {
  try {
    const raw = localStorage.getItem(KEY);
    const data = raw ? JSON.parse(raw) : {};
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

function save(all: Record<string, HeldGame>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or disabled: the game still plays, only a reload loses the seat.
  }
}

export function heldGames(): Record<string, HeldGame> {
  return load();
}

export function tokensFor(id: string): Record<string, string> {
  return load()[id]?.tokens ?? {};
}

export function addTokens(id: string, game: string, tokens: Record<string, string>): void {
  const all = load();
  const held = all[id] ?? { game, tokens: {}, added: Date.now() };
  held.tokens = { ...held.tokens, ...tokens };
  all[id] = held;
  save(all);
}

export function forget(id: string): void {
  const all = load();
  delete all[id];
  save(all);
}

// Remembered form choices on the home page.
export function getPref(key: string, fallback: string): string {
  try {
    return localStorage.getItem(`arbiter.pref.${key}`) ?? fallback;
  } catch {
    return fallback;
  }
}

export function setPref(key: string, value: string): void {
  try {
    localStorage.setItem(`arbiter.pref.${key}`, value);
  } catch {
    // ignored
  }
}

// Whether a move completed by clicks on the board waits for a confirm before it is sent. Unless
// chosen, on where the main pointer is coarse (a touch screen: a stray tap is easy to make).
export function confirmMoves(): boolean {
  const chosen = getPref('confirm-moves', '');
  if (chosen) return chosen === '1';
  return !!window.matchMedia?.('(pointer: coarse)').matches;
}

export function setConfirmMoves(on: boolean): void {
  setPref('confirm-moves', on ? '1' : '0');
}
