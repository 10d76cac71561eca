// The seats this browser holds (game id → seat tokens, in local storage so a reload resumes) and
// remembered choices: the home page's form, the board's orientation, the move confirm, the
// sound, the coordinates, turn notifications, the colour theme and the board theme.

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

// Whether the game page makes sounds (on unless muted).
export function soundOn(): boolean {
  return getPref('sound', '1') === '1';
}

export function setSoundOn(on: boolean): void {
  setPref('sound', on ? '1' : '0');
}

// Whether boards show their coordinates (cell names); unless chosen, `fallback`.
export function coordsShown(fallback: boolean): boolean {
  const chosen = getPref('coords', '');
  return chosen ? chosen === '1' : fallback;
}

export function setCoordsShown(on: boolean): void {
  setPref('coords', on ? '1' : '0');
}

// Whether a desktop notification says when it is one's turn in a correspondence game.
export function notifyTurns(): boolean {
  return getPref('notify', '') === '1';
}

export function setNotifyTurns(on: boolean): void {
  setPref('notify', on ? '1' : '0');
}

// The colour theme chosen: 'light', 'dark', or '' to follow the system.
export function themeChoice(): '' | 'light' | 'dark' {
  const v = getPref('theme', '');
  return v === 'light' || v === 'dark' ? v : '';
}

export function setThemeChoice(theme: '' | 'light' | 'dark'): void {
  setPref('theme', theme);
}

// The board theme chosen (theme/board_theme.ts names them); '' for the default.
export function boardThemeChoice(): string {
  return getPref('board', '');
}

export function setBoardThemeChoice(theme: string): void {
  setPref('board', theme);
}
