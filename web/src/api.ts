// The HTTP API of `arbiter serve` (docs/api.md): its JSON shapes and one small fetch helper.

import { t } from './i18n';
import { noteReachable } from './reachable';

// A board view (docs/api.md "Board view"): what any game's board shows, in the same fields for
// every game. A piece is a glyph key of the game's legend (the catalog's `legend`).
export interface ViewCell {
  name: string;
  col: number;
  row: number;
  glyph: string; // "" when empty
  owner: number; // -1 when empty or nobody's
  tags: string[]; // words about the cell as it stands ("trapped", "dark")
}

// Cells that belong to a player: a start or destination row.
export interface ViewZone {
  kind: string;
  owner: number;
  cells: string[];
}

// A number worth showing, and the words for it ("60 walls left").
export interface ViewCounter {
  label: string;
  value: number; // -1: no limit
  text: string;
}

export interface ViewPlayer {
  name: string;
  colour: string;
  forward: string; // "up" | "down" | "left" | "right" | ""
  pieces: number;
  counters: ViewCounter[];
  to_move: boolean;
  summary: string;
}

export interface BoardView {
  shape: 'square' | 'hex';
  width: number;
  height: number;
  cells: ViewCell[];
  zones: ViewZone[];
  walls: string[];
  counters: ViewCounter[]; // of the board as a whole
  players: ViewPlayer[];
}

export interface Seat {
  player: string;
  kind: 'human' | 'ai' | 'open';
  level: number;
  time_used_ms: number;
  rematch: boolean;
  clock_ms: number | null; // time left at the game's now_ms; null when unlimited
  flag_at_ms: number | null;
  account?: string; // the account holding the seat ("deleted" once deleted); absent: none
}

export interface LastMove {
  text: string;
  path: string[];
  cells: string[];
}

export interface Thinking {
  type?: 'thinking';
  seat: number;
  depth: number;
  score: number;
  nodes: number;
  nps: number;
  pv: string[];
}

export interface Game {
  id: string;
  game: string;
  params: string;
  position: string;
  start_position: string;
  moves: string[];
  last_move: LastMove | null;
  ply: number;
  to_move: number;
  status: 'playing' | 'finished';
  result: string;
  // Ended before every seat had moved: no result, never rated (docs/online.md "Aborted games").
  aborted?: boolean;
  // The game may be aborted now: it is being played and some seat has not yet moved.
  abortable?: boolean;
  returns: number[];
  seats: Seat[];
  board?: BoardView;
  legal_count: number;
  thinking: Thinking | null;
  rematch_of: string;
  rematch_id: string;
  created_ms: number;
  updated_ms: number;
  time_control: string;
  rated: boolean;
  now_ms: number;
  offers: { draw: number | null; takeback: number | null };
  claim_at_ms: number | null;
}

// Online play (docs/api.md "Accounts, players and the lobby").
export interface Rating {
  pool: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  provisional: boolean;
  updated_ms: number;
}

// Each seat's rating in a game's pool now (GET /api/games/{id}/ratings): null for a seat without
// a live account, and for every seat of a game with no time control (pool "").
export interface GameRatings {
  pool: string;
  rated: boolean;
  seats: ({ account: string; rating: null } | ({ account: string } & Rating))[];
}

export interface Profile {
  username: string;
  created_ms: number;
  ratings: Rating[];
  games: Game[]; // the latest, without boards
}

export interface Seek {
  id: number;
  username: string;
  game: string;
  params: string;
  time_control: string;
  rated: boolean;
  min_rating: number; // 0: no bound
  max_rating: number; // 0: no bound
  created_ms: number;
  challenge: string | null;
}

// A listed game as the lobby's socket sends it (docs/api.md "Lobby WebSocket").
export interface LobbyGame {
  id: string;
  game: string;
  params: string;
  time_control: string;
  rated: boolean;
  created_ms: number;
  seek: number | null;
  waiting: boolean; // a seat is open
  seats: { player: string; kind: 'human' | 'ai' | 'open'; level: number; account: string; rating: number | null; provisional: boolean }[];
}

export interface Seated {
  game: Game;
  tokens: Record<string, string>;
}

// What a click does to the board drawn while a move is made: the piece on `from` goes to `to`;
// with `from` empty, the slot `to` gets a wall.
export interface ClickChange {
  from: string;
  to: string;
}

export interface LegalNext {
  click: string;
  path: string[];
  change?: ClickChange | null; // null: the click changes nothing drawn yet
}

export interface LegalComplete {
  text: string;
  path: string[];
}

export interface Legal {
  count: number;
  next: LegalNext[];
  complete: LegalComplete[];
}

// The legal endpoint by prefix: the legal moves whose text begins with `prefix` (case aside), the
// first 50 sorted, and how many there are in all.
export interface LegalPrefix {
  prefix: string;
  count: number;
  moves: string[];
}

// One parameter of a game's schema; only the fields of its type are present.
export interface CatalogParam {
  name: string;
  type: 'int' | 'choice' | 'bool' | 'text';
  default: string; // as written; "" when it follows from other parameters
  min?: number; // int
  max?: number; // int
  choices?: string[]; // choice
  example?: string; // text
  help: string;
}

// The seats, in turn order, of `players` players, as the parameters `params` give them.
export interface CatalogSeating {
  players: number;
  params: string;
  seats: { name: string; colour: string }[];
}

// What the marks on a game's boards mean: a legend entry per glyph key (a tagged entry for cells
// carrying its tag), the zone kinds, and the terminal's legend line.
export interface CatalogLegend {
  glyphs: { key: string; tag: string; letters: string; description: string }[];
  zones: { kind: string; mark: string; description: string }[];
  line: string;
}

export interface CatalogGame {
  name: string;
  title: string;
  summary: string;
  draws: boolean; // the game can end in a draw: draw offers and drawn claims

  params_help: string[];
  defaults: string;
  params: CatalogParam[];
  players_param: string; // the parameter that picks the seating; "" with one seating
  seatings: CatalogSeating[];
  legend: CatalogLegend;
  // What to say when a click is not offered: a first click on an empty cell, a later click.
  hints: { empty_cell: string; bad_target: string };
}

export interface Catalog {
  games: CatalogGame[];
  levels: { level: number; name: string }[];
}

// An answer that was not 2xx: the status and the server's one-line error.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// Also used by the API modules of other parts (puzzles/puzzle_api.ts).
export async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  // Every change is sent as JSON, a body or none: the server refuses any other change made with
  // the session cookie (a cross-site form cannot send JSON).
  if (body !== undefined || method !== 'GET') headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    noteReachable(false);
    throw new ApiError(0, t('api.unreachable'));
  }
  noteReachable(true);
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = data && typeof data === 'object' && 'error' in data ? String((data as { error: unknown }).error) : '';
    throw new ApiError(res.status, err || `${res.status} ${res.statusText}`);
  }
  return data as T;
}

const enc = encodeURIComponent;

export const api = {
  catalog: () => call<Catalog>('GET', '/api/catalog'),
  // The board of a position text of `game` ("" for the start under `params`), for diagrams.
  board: (game: string, params: string, position: string) =>
    call<{ board: BoardView }>('GET', `/api/board?game=${enc(game)}&params=${enc(params)}&position=${enc(position)}`),
  create: (body: { game: string; params?: string; position?: string; seats: string[]; public?: boolean; time_control?: string }) =>
    call<Seated>('POST', '/api/games', body),
  list: (query: string) => call<{ games: Game[] }>('GET', `/api/games?${query}`),
  get: (id: string) => call<Game>('GET', `/api/games/${enc(id)}`),
  // The game as it stood after `ply` moves (replay).
  at: (id: string, ply: number) => call<Game>('GET', `/api/games/${enc(id)}?at=${ply}`),
  legal: (id: string, clicks: string[]) =>
    call<Legal>('GET', `/api/games/${enc(id)}/legal?clicks=${clicks.map(enc).join(',')}`),
  legalPrefix: (id: string, prefix: string) => call<LegalPrefix>('GET', `/api/games/${enc(id)}/legal?prefix=${enc(prefix)}`),
  move: (id: string, move: string, ply: number, token: string) =>
    call<Game>('POST', `/api/games/${enc(id)}/moves`, { move, ply }, token),
  // With the token of a seat already held in the game, the new seat gets that same token.
  join: (id: string, seat: number, token?: string) => call<Seated>('POST', `/api/games/${enc(id)}/join`, { seat }, token),
  resign: (id: string, token: string, seat: number) =>
    call<Game>('POST', `/api/games/${enc(id)}/resign`, { seat }, token),
  abort: (id: string, token: string) => call<Game>('POST', `/api/games/${enc(id)}/abort`, {}, token),
  undo: (id: string, token: string) => call<Game>('POST', `/api/games/${enc(id)}/undo`, {}, token),
  rematch: (id: string, token: string) => call<Game>('POST', `/api/games/${enc(id)}/rematch`, {}, token),
  draw: (id: string, token: string, action: 'offer' | 'accept' | 'decline') =>
    call<Game>('POST', `/api/games/${enc(id)}/draw`, { action }, token),
  takeback: (id: string, token: string, action: 'request' | 'accept' | 'decline') =>
    call<Game>('POST', `/api/games/${enc(id)}/takeback`, { action }, token),
  claim: (id: string, token: string, result: 'win' | 'draw') =>
    call<Game>('POST', `/api/games/${enc(id)}/claim`, { result }, token),
  // Accounts: the session travels as the HttpOnly cookie the server sets (no token here).
  register: (username: string, password: string) => call<{ username: string }>('POST', '/api/accounts', { username, password }),
  login: (username: string, password: string) => call<{ username: string }>('POST', '/api/sessions', { username, password }),
  logout: () => call<{ ok: boolean }>('DELETE', '/api/sessions'),
  account: () => call<{ username: string; created_ms: number }>('GET', '/api/account'),
  // Who the session belongs to, answered 200 either way (username null: nobody), so a logged-out
  // page logs no failed request.
  session: () => call<{ username: string | null; created_ms?: number }>('GET', '/api/sessions'),
  changePassword: (password: string, newPassword: string) =>
    call<{ ok: boolean }>('POST', '/api/account/password', { password, new_password: newPassword }),
  deleteAccount: (password: string) => call<{ ok: boolean }>('POST', '/api/account/delete', { password }),
  player: (name: string) => call<Profile>('GET', `/api/players/${enc(name)}`),
  pools: () => call<{ pools: string[] }>('GET', '/api/leaderboard'),
  leaderboard: (pool: string) =>
    call<{ pool: string; players: (Rating & { rank: number; username: string })[] }>('GET', `/api/leaderboard?pool=${enc(pool)}`),
  seeks: () => call<{ seeks: Seek[] }>('GET', '/api/seeks'),
  postSeek: (body: { game: string; params?: string; time_control: string; rated: boolean; min_rating?: number; max_rating?: number; challenge?: string }) =>
    call<{ seek: Seek }>('POST', '/api/seeks', body),
  acceptSeek: (id: number) => call<Seated>('POST', `/api/seeks/${id}/accept`, {}),
  withdrawSeek: (id: number) => call<{ ok: boolean }>('DELETE', `/api/seeks/${id}`),
  gameRatings: (id: string) => call<GameRatings>('GET', `/api/games/${enc(id)}/ratings`),
  recordUrl: (id: string) => `/api/games/${enc(id)}/record`,
  wsUrl: (id: string) => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/games/${enc(id)}/ws`;
  },
};
