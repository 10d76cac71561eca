// Who is logged in, as the server says (GET /api/account). The session itself is an HttpOnly
// cookie the browser sends by itself; the page only knows the username, and is told of changes.

import { api, type Game } from './api';

let user: string | null = null;
const listeners = new Set<() => void>();

export function currentUser(): string | null {
  return user;
}

export function setUser(name: string | null): void {
  if (name === user) return;
  user = name;
  for (const f of listeners) f();
}

// Calls `f` after every change of user; returns the function that stops it.
export function onUserChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

// Asks the server who the session belongs to (GET /api/sessions: nobody is an answer, not a
// 401, so a logged-out page logs no failed request); a failure (the server unreachable) leaves
// what was known.
export async function refreshUser(): Promise<string | null> {
  try {
    setUser((await api.session()).username);
  } catch {
    // known as before
  }
  return user;
}

// The seats of `g` held by the logged-in account: they are the player's own without a seat
// token, and act through the session cookie.
export function accountSeats(g: Game): number[] {
  if (!user) return [];
  const out: number[] = [];
  g.seats.forEach((s, i) => {
    // Names are unique regardless of case.
    if (s.account !== undefined && s.account.toLowerCase() === user!.toLowerCase()) out.push(i);
  });
  return out;
}
