// Everything the server sends over the game and lobby WebSockets (docs/api.md "WebSocket
// /api/games/{id}/ws" and "Lobby WebSocket"), one union told apart by `type`. A handler switches
// on `type` over every kind and ends in ignoreUnknown(), so a kind added here but not handled is
// a type error; the kinds a socket never carries (the lobby's on a game's, and back) are named
// with it as such.

import type { Game, LobbyGame, Seek, Thinking } from './api';

// The game as it stands: on connect and after every change.
export interface StateMessage {
  type: 'state';
  game: Game;
}

// An AI seat's search, at most ten a second while it searches.
export type ThinkingMessage = Thinking & { type: 'thinking' };

// The lobby whole: on connect, and again when the server read its store afresh (the lists are
// replaced, not merged).
export interface LobbyMessage {
  type: 'lobby';
  seeks: Seek[]; // oldest first
  games: LobbyGame[]; // newest first
}

export interface SeekAddedMessage {
  type: 'seek_added';
  seek: Seek;
}

// A seek withdrawn, taken, or gone with its author's account.
export interface SeekRemovedMessage {
  type: 'seek_removed';
  id: number;
}

// A listed game made (or new to the list), or its seats changed.
export interface LobbyGameMessage {
  type: 'game_added' | 'game_changed';
  game: LobbyGame;
}

// A listed game ended (`result` its result) or left the list ("").
export interface GameRemovedMessage {
  type: 'game_removed';
  id: string;
  result: string;
}

// To a seek's author only: the game the seek became and the author's seat there.
export interface SeekTakenMessage {
  type: 'seek_taken';
  seek: number;
  game: string;
  seat: number;
}

export interface PongMessage {
  type: 'pong';
}

// A bad message, a refused move, or over the rate limit.
export interface ErrorMessage {
  type: 'error';
  error: string;
}

export type ServerMessage =
  | StateMessage
  | ThinkingMessage
  | LobbyMessage
  | SeekAddedMessage
  | SeekRemovedMessage
  | LobbyGameMessage
  | GameRemovedMessage
  | SeekTakenMessage
  | PongMessage
  | ErrorMessage;

// The end of a switch over ServerMessage['type']: `message` is `never` once every kind is
// handled. At run time a kind this page does not know (a newer server's) is let pass.
export function ignoreUnknown(message: never): void {
  void message;
}
