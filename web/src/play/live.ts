// The server's WebSockets: a Socket keeps one open (a ping to keep it open, reconnection with
// backoff after a drop, JSON messages in and out); Live is a game's (state and thinking
// messages; a restarted server sends the full state again on connect), and lobbyUrl() names the
// lobby's (pages/lobby.ts). The game's and the lobby's messages are ServerMessage
// (server_messages.ts); the analysis socket reads its own (analysis/engine_socket.ts).

import { api, type Game, type Thinking } from '../api';
import { ignoreUnknown, type ServerMessage } from '../server_messages';

// A message as parsed, before its kind is looked at.
export type RawMessage = { type?: string; [key: string]: unknown };

// `message` gets every JSON object that arrives, taken to be an M: the server is trusted to send
// what docs/api.md says.
export interface SocketHandlers<M = ServerMessage> {
  message(msg: M): void;
  connection(up: boolean): void;
}

export class Socket<M = ServerMessage> {
  private ws: WebSocket | null = null;
  private closed = false;
  private retries = 0;
  private retryTimer = 0;
  private pingTimer = 0;

  constructor(
    private readonly url: () => string,
    private readonly on: SocketHandlers<M>,
  ) {
    this.open();
  }

  private open(): void {
    if (this.closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.schedule();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      this.on.connection(true);
      window.clearInterval(this.pingTimer);
      this.pingTimer = window.setInterval(() => this.send({ type: 'ping' }), 25000);
    };
    ws.onmessage = (ev) => {
      let msg: RawMessage;
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (msg && typeof msg === 'object') this.on.message(msg as M);
    };
    ws.onclose = () => {
      window.clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      this.on.connection(false);
      this.schedule();
    };
    ws.onerror = () => {
      // onclose follows and reconnects.
    };
  }

  private schedule(): void {
    if (this.closed) return;
    const delay = Math.min(5000, 400 * 2 ** this.retries++);
    window.clearTimeout(this.retryTimer);
    this.retryTimer = window.setTimeout(() => this.open(), delay);
  }

  // Reconnects now (e.g. when the page becomes visible again).
  nudge(): void {
    if (this.closed || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    window.clearTimeout(this.retryTimer);
    this.open();
  }

  // Drops the connection and opens a new one at once (the session changed: the server reads
  // who is watching when the socket opens).
  reopen(): void {
    if (this.closed) return;
    const ws = this.ws;
    this.ws = null;
    window.clearInterval(this.pingTimer);
    window.clearTimeout(this.retryTimer);
    if (ws) ws.close();
    this.retries = 0;
    this.open();
  }

  send(msg: unknown): void {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.retryTimer);
    window.clearInterval(this.pingTimer);
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
  }
}

export interface LiveHandlers {
  state(game: Game): void;
  thinking(t: Thinking): void;
  error(message: string): void;
  connection(up: boolean): void;
}

// A game's WebSocket.
export class Live {
  private readonly socket: Socket;

  constructor(id: string, on: LiveHandlers) {
    this.socket = new Socket(() => api.wsUrl(id), {
      message: (msg) => {
        switch (msg.type) {
          case 'state':
            on.state(msg.game);
            return;
          case 'thinking':
            on.thinking(msg);
            return;
          case 'error':
            on.error(msg.error);
            return;
          case 'pong':
            return;
          case 'lobby':
          case 'seek_added':
          case 'seek_removed':
          case 'game_added':
          case 'game_changed':
          case 'game_removed':
          case 'seek_taken':
            return; // the lobby's, never a game's
          default:
            ignoreUnknown(msg);
        }
      },
      connection: (up) => on.connection(up),
    });
  }

  nudge(): void {
    this.socket.nudge();
  }

  send(msg: unknown): void {
    this.socket.send(msg);
  }

  close(): void {
    this.socket.close();
  }
}

// The lobby's WebSocket (docs/api.md "Lobby WebSocket").
export function lobbyUrl(): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/api/lobby/ws`;
}
