// The game's WebSocket: state and thinking messages, a ping to keep it open, and reconnection
// with backoff after a drop (a restarted server sends the full state again on connect).

import { api, type Game, type Thinking } from '../api';

export interface LiveHandlers {
  state(game: Game): void;
  thinking(t: Thinking): void;
  error(message: string): void;
  connection(up: boolean): void;
}

export class Live {
  private ws: WebSocket | null = null;
  private closed = false;
  private retries = 0;
  private retryTimer = 0;
  private pingTimer = 0;

  constructor(
    private readonly id: string,
    private readonly on: LiveHandlers,
  ) {
    this.open();
  }

  private open(): void {
    if (this.closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(api.wsUrl(this.id));
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
      let msg: { type?: string; game?: Game; error?: string };
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (msg.type === 'state' && msg.game) this.on.state(msg.game);
      else if (msg.type === 'thinking') this.on.thinking(msg as unknown as Thinking);
      else if (msg.type === 'error') this.on.error(msg.error ?? 'error');
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
