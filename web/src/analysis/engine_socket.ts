// The analysis WebSocket from the board's side: the position shown is sent for live analysis
// (each with a new request number, so reports of an older position are dropped), the reports
// and refusals come back, and a watched review's news. A dropped socket reconnects (play/live.ts
// Socket) and sends the position and the watched review again.

import { type RawMessage, Socket } from '../play/live';
import { analysisApi, type LiveInfo, type ReviewState } from './analysis_api';

export interface EngineHandlers {
  info(info: LiveInfo): void;
  // The analysis was refused or failed: `busy` when the server is at its bound.
  refused(message: string, busy: boolean): void;
  review(state: ReviewState): void;
  connection(up: boolean): void;
}

export class EngineSocket {
  private readonly socket: Socket<RawMessage>;
  private request = 0;
  private wanted: Record<string, unknown> | null = null; // the analysis asked for last
  private watching = '';

  constructor(private readonly on: EngineHandlers) {
    this.socket = new Socket<RawMessage>(analysisApi.wsUrl, {
      message: (msg) => this.message(msg),
      connection: (up) => {
        if (up) {
          if (this.watching) this.socket.send({ type: 'review', id: this.watching });
          if (this.wanted) this.send(this.wanted);
        }
        this.on.connection(up);
      },
    });
  }

  // Analyses the line `body` (analysis_api.ts lineBody) with `lines` engine lines; returns the
  // request number its reports carry.
  analyse(body: Record<string, unknown>, lines: number, tokens: string[] = []): number {
    this.wanted = { ...body, lines, tokens };
    return this.send(this.wanted);
  }

  stop(): void {
    this.wanted = null;
    this.request++; // reports still on their way are stale
    this.socket.send({ type: 'stop' });
  }

  watchReview(id: string): void {
    this.watching = id;
    this.socket.send({ type: 'review', id });
  }

  get current(): number {
    return this.request;
  }

  close(): void {
    this.socket.close();
  }

  private send(wanted: Record<string, unknown>): number {
    this.request++;
    this.socket.send({ type: 'analyse', request: this.request, ...wanted });
    return this.request;
  }

  private message(msg: RawMessage): void {
    if (msg.type === 'review') {
      this.on.review(msg as unknown as ReviewState);
      return;
    }
    if (msg.request !== this.request) return; // about a position no longer shown
    if (msg.type === 'info') this.on.info(msg as unknown as LiveInfo);
    else if (msg.type === 'busy' || msg.type === 'error') this.on.refused(String(msg.error ?? ''), msg.type === 'busy');
  }
}
