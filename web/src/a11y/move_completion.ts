// The legal moves that begin with what has been typed, found through the server's `legal`
// endpoint (docs/api.md), which lists moves by the clicks that make them rather than all at once
// (a Trap position has thousands). Every click is a cell or slot name that the move's text
// spells, in click order; so the typed text says which branches of the click tree to follow: a
// click named in the text further on, or one the text's last word begins. Branches are asked
// for best first (fewest clicks guessed rather than read), at most `budget` new requests per
// question; answers are kept until the position changes. Nothing here knows a game's notation
// beyond that, and which characters make up names comes from the names themselves: the board's
// cells and the clicks met.

import type { Legal } from '../api';

export type LegalFetch = (clicks: string[]) => Promise<Legal>;

export interface Suggestions {
  moves: string[]; // legal moves beginning with the text, sorted
  partial: boolean; // more moves may begin with it than were found: type on to narrow them
}

interface Branch {
  clicks: string[];
  at: number; // where in the text the next click's name is looked for
  guessed: number; // clicks taken without their name in the text
}

export class MoveCompleter {
  private readonly cache = new Map<string, Promise<Legal | null>>();

  constructor(
    private readonly fetch: LegalFetch,
    private readonly budget = 24,
    private readonly parallel = 6,
  ) {}

  // The position changed: what was asked is stale.
  reset(): void {
    this.cache.clear();
  }

  private legal(clicks: string[]): { answer: Promise<Legal | null>; fresh: boolean } {
    const key = clicks.join(',');
    const have = this.cache.get(key);
    if (have) return { answer: have, fresh: false };
    const answer = this.fetch(clicks).catch(() => null);
    this.cache.set(key, answer);
    return { answer, fresh: true };
  }

  // `letters`: the characters the board's cell names are made of (nameAlphabet).
  async suggest(typed: string, letters: Set<string>): Promise<Suggestions> {
    const text = typed.trim().toLowerCase();
    const alphabet = new Set(letters); // grows with the click names met (a slot's '|')
    if (!text) return { moves: [], partial: false };
    const found = new Set<string>();
    let queue: Branch[] = [{ clicks: [], at: 0, guessed: 0 }];
    const seen = new Set<string>(['']);
    let spent = 0;
    let partial = false;
    while (queue.length) {
      queue.sort((a, b) => a.guessed - b.guessed || a.clicks.length - b.clicks.length);
      const batch: { branch: Branch; answer: Promise<Legal | null> }[] = [];
      const rest: Branch[] = [];
      for (const branch of queue) {
        if (batch.length >= this.parallel) {
          rest.push(branch);
          continue;
        }
        const cached = this.cache.has(branch.clicks.join(','));
        if (!cached && spent >= this.budget) {
          partial = true;
          continue;
        }
        const { answer, fresh } = this.legal(branch.clicks);
        if (fresh) spent++;
        batch.push({ branch, answer });
      }
      queue = rest;
      for (const { branch, answer } of batch) {
        const legal = await answer;
        if (!legal) continue;
        for (const c of legal.complete) if (c.text.toLowerCase().startsWith(text)) found.add(c.text);
        for (const n of legal.next) for (const ch of n.click.toLowerCase()) alphabet.add(ch);
        for (const n of legal.next) {
          const clicks = [...branch.clicks, n.click];
          const key = clicks.join(',');
          if (seen.has(key)) continue;
          const at = nameAt(text, n.click, branch.at, alphabet);
          if (at >= 0) queue.push({ clicks, at, guessed: branch.guessed });
          else if (typing(text, n.click, branch.at, alphabet)) queue.push({ clicks, at: text.length, guessed: branch.guessed + 1 });
          else continue;
          seen.add(key);
        }
      }
    }
    return { moves: [...found].sort((a, b) => a.localeCompare(b)), partial };
  }
}

// The names a slot may be written with: "c3|c4" and "c4|c3".
function spellings(name: string): string[] {
  const n = name.toLowerCase();
  const ends = n.split('|');
  return ends.length === 2 ? [n, `${ends[1]}|${ends[0]}`] : [n];
}

// Where the text goes on after `name` written as a whole word at `from` or later; -1 if it is not.
export function nameAt(text: string, name: string, from: number, alphabet: Set<string>): number {
  for (const spelt of spellings(name)) {
    for (let i = text.indexOf(spelt, from); i >= 0; i = text.indexOf(spelt, i + 1)) {
      const before = i > 0 ? text[i - 1] : '';
      const after = text[i + spelt.length] ?? '';
      if ((!before || !alphabet.has(before)) && (!after || !alphabet.has(after))) return i + spelt.length;
    }
  }
  return -1;
}

// Whether the text from `from` on is, past the separators, the beginning of `name` being typed
// (nothing yet counts too): a branch that may lead to moves the text begins.
export function typing(text: string, name: string, from: number, alphabet: Set<string>): boolean {
  let rest = text.slice(from);
  let i = 0;
  while (i < rest.length && !alphabet.has(rest[i])) i++;
  rest = rest.slice(i);
  if ([...rest].some((ch) => !alphabet.has(ch))) return false;
  return spellings(name).some((s) => s.startsWith(rest));
}

// The characters cell and slot names are made of.
export function nameAlphabet(names: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const n of names) for (const ch of n.toLowerCase()) out.add(ch);
  return out;
}
