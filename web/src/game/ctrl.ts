// A game page's state and what can be done to it: the game as the server last said (each state
// accepted in order), the position on show (live, played back, or replayed), the move being made
// by clicks, the board's orientation and coordinates, the hint line, the seats this browser
// holds; what it asks of the server with those seats goes through `requests` (requests.ts). It
// draws nothing: after a change it asks its host to draw (screen.ts reads the state back).

import type { Game, Thinking } from '../api';
import { normTurns, turnStep, turnsFor } from '../board/orientation';
import { gameTitle } from '../catalog';
import { t } from '../i18n';
import { MoveMaker } from '../play/clicks';
import { followUpHint } from '../play/follow_up';
import { History, Playback, type Shown, shownOf } from '../play/history';
import { addTokens, confirmMoves, coordsShown, getPref, setCoordsShown, setPref, tokensFor } from '../storage';
import { BoardMotion } from './board_motion';
import { explainClick } from './controls';
import { SeatRequests } from './requests';
import { anyToken, heldSeats, type SeatTokens, tokenFor } from './seats';
import { RatingsView } from './ratings';
import { GameSignals } from './signals';

// Moves that arrive together are shown one after another, each played out along its route
// (board/motion.ts) with a short pause after it; a step whose motion is not drawn lasts kStepMs.
const kStepMs = 320;
const kGapMs = 80;

export interface GameHost {
  redraw(): void; // everything drawn again from the state
  hintChanged(): void; // only the hint line
  thinkingChanged(): void; // only the AI's thinking line
}

// What one redraw shows, worked out from the state once for all its parts.
export interface Frame {
  game: Game;
  // The position on the board: a replayed one, else the live one, or while moves are played back
  // the ply playback has reached.
  shown: Shown;
  live: boolean; // not replaying an earlier position
  // Moves are still being played back (or the last is sliding in): nothing can be clicked yet.
  settling: boolean;
  mine: number[]; // the seats this browser holds
}

// The quarter turns a game is first drawn with: as chosen before for this game, else seen from
// one's own side (a single seat held is drawn moving up the board, its start at the bottom:
// turned a quarter for a side seat of a square board, a half for the far one).
function startingTurns(id: string, g: Game, mine: number[]): number {
  const pref = getPref(`turn.${id}`, '') || ({ '1': '2', '0': '0' } as Record<string, string>)[getPref(`flip.${id}`, '')];
  if (pref) return normTurns(Number(pref));
  return mine.length === 1 ? turnsFor(g.board?.players[mine[0]]?.forward ?? '') : 0;
}

export class GameCtrl {
  game: Game | null = null;
  receivedAt = 0; // when `game` arrived, for the running clocks
  thinking: Thinking | null = null;
  viewing: Shown | null = null; // an earlier position (replay), else null: live
  connected = true;
  turns = 0; // quarter turns the board is drawn with (board/orientation.ts)
  coords: boolean | null = null; // the board's coordinates shown; null until the game is known
  hintText = '';
  hintError = false;
  busy = false; // a request that changes the game is in flight
  confirmResign = false; // Resign was pressed once
  loadFailed = false; // the first fetch of the game failed: its error goes when a state comes
  alive = true; // false once the page is left: answers still on their way change nothing
  readonly maker: MoveMaker;
  readonly history: History;
  readonly playback: Playback;
  readonly motion = new BoardMotion();
  readonly signals: GameSignals;
  readonly requests = new SeatRequests(this);
  readonly ratings: RatingsView; // the players' ratings and, after a rated game, their changes
  private tokens: SeatTokens;

  constructor(
    readonly id: string,
    private readonly host: GameHost,
  ) {
    this.tokens = tokensFor(id);
    this.signals = new GameSignals(id);
    this.ratings = new RatingsView(id, () => this.redraw());
    this.maker = new MoveMaker(id, {
      changed: () => this.redraw(),
      send: (move) => void this.requests.move(move),
      confirming: () => confirmMoves(),
      hint: (text, error) => this.setHint(text, error),
      explain: (name, clicks) => this.explain(name, clicks),
      followUp: (next, changes) => followUpHint(this.game, next, changes),
    });
    this.history = new History(id, () => this.redraw());
    // The live board catches up with the game one move of another seat at a time.
    this.playback = new Playback(
      kStepMs,
      kGapMs,
      () => this.game?.ply ?? 0,
      (ply) => {
        const seat = this.history.moverOf(ply);
        return seat !== undefined && !this.held().includes(seat) && !!this.history.get(ply)?.lastMove;
      },
      (ply, animate) => {
        this.motion.showPly(ply, animate, this.history.get(ply - 1)?.board, this.history.get(ply)?.lastMove);
        this.redraw();
        return this.motion.ms;
      },
    );
  }

  redraw(): void {
    this.host.redraw();
  }

  // The redraw's view of the state; null until the game is known (or once the page is left).
  frame(): Frame | null {
    const g = this.game;
    if (!this.alive || !g) return null;
    const current = shownOf(g)!;
    const viewing = this.viewing;
    const catchingUp = !viewing && this.playback.shown >= 0 && this.playback.shown < g.ply;
    const settling = !viewing && (catchingUp || this.playback.running);
    const shown = viewing ?? (catchingUp ? this.history.get(this.playback.shown) ?? current : current);
    return { game: g, shown, live: !viewing, settling, mine: this.held() };
  }

  setHint(text: string, error = false): void {
    this.hintText = text;
    this.hintError = error;
    this.host.hintChanged();
  }

  thinkingCame(thinking: Thinking): void {
    this.thinking = thinking;
    this.host.thinkingChanged();
  }

  held(): number[] {
    return heldSeats(this.tokens, this.game);
  }

  tokenFor(seat: number): string | undefined {
    return tokenFor(this.tokens, this.game, seat);
  }

  // A token of any seat held, for what any seat may do (offers, undo, rematch).
  anyToken(): string | undefined {
    return anyToken(this.tokens, this.game);
  }

  myTurn(): boolean {
    const g = this.game;
    return !!g && g.status === 'playing' && this.tokenFor(g.to_move) !== undefined;
  }

  canPlay(): boolean {
    return this.myTurn() && !this.viewing && !this.busy;
  }

  // The seat to move has been away past the grace (claim_at_ms passed, by the server's clock).
  claimable(): boolean {
    const g = this.game;
    return !!g && g.claim_at_ms !== null && g.claim_at_ms !== undefined && g.now_ms + (Date.now() - this.receivedAt) >= g.claim_at_ms;
  }

  // Why a click on `name` after `clicks` does nothing.
  explain(name: string, clicks: string[]): string {
    const g = this.game;
    return g ? explainClick(g, { viewing: !!this.viewing, mine: this.held(), myTurn: this.myTurn() }, name, clicks) : '';
  }

  // A new state from the server (an answer or a push). Older ones are ignored: an answer to a
  // move can arrive after the push of the AI's reply to it. Changes in one millisecond are
  // ordered by ply.
  // Returns whether anything changed (false also when `g` was older than what is shown).
  accept(g: Game): boolean {
    const old = this.game;
    if (old && (g.updated_ms < old.updated_ms || (g.updated_ms === old.updated_ms && g.ply < old.ply))) return false;
    const changed = !old || old.ply !== g.ply || old.status !== g.status || old.updated_ms !== g.updated_ms;
    if (old && g.ply < old.ply) this.history.forgetAfter(g.ply);
    // Everyone asked for a rematch after we did: go there.
    const rematchReady = !!old && !old.rematch_id && !!g.rematch_id && this.held().some((i) => old.seats[i]?.rematch);
    this.game = g;
    this.receivedAt = Date.now();
    const shown = shownOf(g);
    if (shown) this.history.put(shown);
    this.ratings.follow(g);
    if (g.thinking) this.thinking = g.thinking;
    else if (changed) this.thinking = null;
    if (!old) {
      this.signals.setTitle(t('title.named', { name: gameTitle(g.game) }));
      this.turns = startingTurns(this.id, g, this.held());
      // Coordinates unless chosen otherwise: along the edges of square boards; a hex field's
      // names would fill every cell, so there a hovered cell is named instead.
      this.coords = coordsShown(g.board?.shape !== 'hex');
    }
    if (changed) {
      this.confirmResign = false;
      if (!this.busy) this.maker.reset(this.canPlay());
    }
    if (this.playback.running) this.redraw();
    this.playback.follow(); // redraws
    if (rematchReady) this.followRematch(g);
    return changed;
  }

  // A state pushed over the socket.
  stateCame(g: Game): void {
    if (this.loadFailed) {
      this.loadFailed = false;
      this.setHint('');
    }
    this.accept(g);
  }

  // Back after a drop: errors of the outage are stale, the clicks start over, and positions that
  // could not be fetched may be asked for again.
  reconnected(): void {
    if (this.hintError) this.setHint('');
    this.history.retry();
    if (!this.busy) this.maker.reset(this.canPlay());
  }

  // Shows the position after `ply` moves (replay); null or the live ply: the live position.
  async showPly(ply: number | null): Promise<void> {
    const g = this.game;
    if (!g) return;
    if (ply === null || ply >= g.ply) {
      this.viewing = null;
      this.setHint('');
      this.maker.reset(this.canPlay());
      this.redraw();
      return;
    }
    ply = Math.max(0, ply);
    this.maker.reset(false);
    const shown = await this.history.fetch(ply, true);
    if (!this.alive) return;
    if (!shown) {
      this.setHint(t('game.cannot_show'), true);
      return;
    }
    this.viewing = shown;
    this.setHint('');
    this.redraw();
  }

  // A click (or a key's) on the board's cell or slot `name`.
  async boardClick(name: string): Promise<void> {
    if (!this.game) return;
    if (this.playback.running) this.playback.finish(); // a click skips the moves still being shown
    if (!this.canPlay()) {
      if (!this.busy) this.setHint(this.explain(name, []), true);
      return;
    }
    await this.maker.click(name);
  }

  cancelClicks(): void {
    this.maker.cancel();
    this.setHint('');
  }

  // Says why no move can be played now (a key pressed to play one).
  refuse(): void {
    if (!this.busy) this.setHint(this.explain('', []), true);
  }

  // The move confirm turned off: a move awaiting it is played.
  confirmChanged(on: boolean): void {
    if (!on && this.maker.pending) this.maker.play(this.maker.pending);
  }

  // Resign is asked twice: the first press turns the button into "really resign".
  resign(): void {
    if (this.confirmResign) void this.requests.act('resign');
    else {
      this.confirmResign = true;
      this.redraw();
    }
  }

  // The rematch game: the same tokens are valid there. Seats rotate by one: new seat i is held
  // by whoever held old seat i + 1, so old seat j becomes new seat j − 1.
  followRematch(g: Game): void {
    if (!g.rematch_id) return;
    const n = g.seats.length;
    const moved: Record<string, string> = {};
    for (const [seat, token] of Object.entries(this.tokens)) moved[String((Number(seat) + n - 1) % n)] = token;
    addTokens(g.rematch_id, g.game, moved);
    location.hash = `#/game/${encodeURIComponent(g.rematch_id)}`;
  }

  // Turns the board by its step (a quarter for boards a side seat sits at, else a half), kept
  // for this game.
  flip(): void {
    const g = this.game;
    if (!g) return;
    this.turns = normTurns(this.turns + turnStep(g.board));
    setPref(`turn.${this.id}`, String(this.turns));
    this.redraw();
  }

  setCoords(on: boolean): void {
    this.coords = on;
    setCoordsShown(on);
    this.redraw();
  }

  key(ev: KeyboardEvent): void {
    const g = this.game;
    if (ev.target instanceof HTMLInputElement || !g) return;
    if (ev.key === 'Escape') this.cancelClicks();
    else if (ev.key === 'ArrowLeft') void this.showPly((this.viewing?.ply ?? g.ply) - 1);
    else if (ev.key === 'ArrowRight' && this.viewing) void this.showPly(this.viewing.ply + 1);
    else if (ev.key === 'Home') void this.showPly(0);
    else if (ev.key === 'End' && this.viewing) void this.showPly(null);
  }

  // The page is left: nothing more is drawn, sounded or sent.
  stop(): void {
    this.alive = false;
    this.playback.stop();
    this.signals.close();
    this.ratings.stop();
    this.tokens = {};
  }
}
