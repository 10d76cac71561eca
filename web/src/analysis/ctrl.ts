// The analysis board's state and what can be done to it: the line analysed (a stored game, or a
// game by name from a position), the variation tree over it and the node on show, the positions
// fetched so far, the engine's latest report on the one on show, a stored game's review
// (review.ts); moving through the tree, playing moves into variations, dropping them, the
// engine on and off. It draws nothing: after a change it asks its host to draw (screen.ts reads
// the state back).

import { api, ApiError, type Game } from '../api';
import { t } from '../i18n';
import { MoveMaker } from '../play/clicks';
import { followUpHint } from '../play/follow_up';
import { explainClick } from '../game/controls';
import { gameTitle } from '../catalog';
import { analysisApi, type LineSource, type LiveInfo, lineBody } from './analysis_api';
import { EngineSocket } from './engine_socket';
import { Review } from './review';
import { type TreeNode, VariationTree } from './tree';

const kLines = 3; // engine lines asked for

export interface AnalysisHost {
  redraw(): void;
  named(title: string): void; // the line is known: the page's title
  gone(message: string): void; // the stored game named does not exist (the server's words)
}

// How the page was asked for: a stored game (`reviewAsked`: its review at once), or a position
// with the moves from it as JSON (`movesJson`, the query's `moves`).
export interface AnalysisStart {
  reviewAsked: boolean;
  movesJson: string | null;
}

const message = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

export class AnalysisCtrl {
  stored: Game | null = null; // the stored game, when the line is one's
  tree = new VariationTree([]);
  current: TreeNode = this.tree.root;
  shown: Game | null = null; // the position of `current`, once fetched
  readonly views = new Map<string, Game>(); // positions by their moves from the start
  info: LiveInfo | null = null;
  engineOn = true;
  engineNote = '';
  readonly liveExpected = new Map<string, number[]>(); // the engine's latest, by position
  flipped = false;
  hintText = '';
  hintError = false;
  lineError = ''; // why the position on show could not be loaded ('' once it is)
  treeVersion = 0; // bumped by every change of the tree's shape
  alive = true;
  readonly engine: EngineSocket;
  readonly maker: MoveMaker;
  readonly review = new Review({ stored: () => this.stored, watch: (id) => this.engine.watchReview(id), redraw: () => this.redraw() });

  constructor(
    readonly source: LineSource,
    private readonly host: AnalysisHost,
  ) {
    this.engine = new EngineSocket({
      info: (i) => {
        this.info = i;
        if (i.expected.length) this.liveExpected.set(this.keyOf(this.current), i.expected);
        this.redraw();
      },
      refused: (why, busy) => {
        this.info = null;
        this.engineNote = busy ? t('analysis.busy', { why }) : why;
        this.redraw();
      },
      review: (state) => void this.review.news(state),
      connection: (up) => {
        if (!up) this.engineNote = t('analysis.offline');
        else if (this.engineNote === t('analysis.offline')) this.engineNote = '';
        this.redraw();
      },
    });
    this.maker = new MoveMaker((clicks) => analysisApi.legal(lineBody(source, this.tree.movesTo(this.current)), clicks), {
      changed: () => this.redraw(),
      send: (move) => this.play(move),
      confirming: () => false,
      hint: (text, error) => this.setHint(text, error),
      explain: (name, clicks) => (this.shown ? explainClick(this.shown, { viewing: false, mine: [this.shown.to_move], myTurn: true }, name, clicks) : ''),
      followUp: (next, changes) => followUpHint(this.shown, next, changes),
    });
  }

  redraw(): void {
    if (this.alive) this.host.redraw();
  }

  // A node's key: its moves from the start.
  keyOf(node: TreeNode): string {
    return this.tree.movesTo(node).join('\n');
  }

  gameName(): string {
    return 'id' in this.source ? this.stored?.game ?? '' : this.source.game;
  }

  // The engine analyses no stored game while it is played (its players and watchers alike);
  // a position typed in is analysed whatever it is.
  engineBarred(): boolean {
    return !!this.stored && this.stored.status === 'playing';
  }

  setHint(text: string, error = false): void {
    this.hintText = text;
    this.hintError = error;
    this.redraw();
  }

  // Plays `move` from the position shown: the main line's or a variation's next move, or a new
  // variation.
  play(move: string): void {
    const before = this.current.children.length;
    const node = this.tree.play(this.current, move);
    if (this.current.children.length !== before) this.treeVersion++;
    void this.go(node);
  }

  // Shows `node`: its position (fetched once), the engine on it, what may be clicked.
  async go(node: TreeNode): Promise<void> {
    this.current = node;
    this.info = null;
    this.engineNote = '';
    this.hintText = '';
    this.maker.reset(false);
    const k = this.keyOf(node);
    let view = this.views.get(k);
    this.redraw();
    if (!view) {
      try {
        view = await analysisApi.line(lineBody(this.source, this.tree.movesTo(node)));
      } catch (e) {
        if (this.alive && this.current === node) {
          this.lineError = message(e);
          this.setHint(this.lineError, true);
        }
        return;
      }
      this.views.set(k, view);
    }
    if (!this.alive || this.current !== node) return;
    this.lineError = '';
    this.shown = view;
    this.maker.reset(view.status === 'playing');
    this.startEngine();
    this.redraw();
  }

  private startEngine(): void {
    if (!this.engineOn || !this.shown) return;
    if (this.engineBarred()) {
      this.engine.stop();
      this.engineNote = t('analysis.players_wait');
      return;
    }
    this.engine.analyse(lineBody(this.source, this.tree.movesTo(this.current)), kLines);
  }

  toggleEngine(): void {
    this.engineOn = !this.engineOn;
    this.info = null;
    this.engineNote = '';
    if (this.engineOn) this.startEngine();
    else this.engine.stop();
    this.redraw();
  }

  flip(): void {
    this.flipped = !this.flipped;
    this.redraw();
  }

  // Back to where the variation on show left the main line.
  backToMain(): void {
    void this.go(this.tree.branchPoint(this.current));
  }

  dropVariation(): void {
    const node = this.current;
    const back = this.tree.branchPoint(node);
    // The variation from where it left its parent line.
    let first = node;
    while (first.parent && first.parent.children[0] === first && !first.parent.main) first = first.parent;
    this.tree.remove(first);
    this.treeVersion++;
    void this.go(first.parent ?? back);
  }

  // The stored game being played moved on (its live socket, follow.ts): its new moves join the
  // main line; its end opens the engine to its players.
  storedChanged(g: Game): void {
    if (!this.stored || g.moves.length < this.stored.moves.length) return;
    const added = g.moves.slice(this.tree.movesTo(this.tree.mainEnd).length);
    const wasBarred = this.engineBarred();
    this.stored = g;
    if (added.length) {
      this.tree.extendMain(added);
      this.treeVersion++;
    }
    if (wasBarred && !this.engineBarred()) this.startEngine();
    this.redraw();
  }

  key(ev: KeyboardEvent): void {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLTextAreaElement || ev.target instanceof HTMLSelectElement) return;
    const current = this.current;
    if (ev.key === 'ArrowLeft' && current.parent) void this.go(current.parent);
    else if (ev.key === 'ArrowRight' && current.children[0]) void this.go(current.children[0]);
    else if (ev.key === 'Home') void this.go(this.tree.root);
    else if (ev.key === 'End') {
      let n = current;
      while (n.children[0]) n = n.children[0];
      void this.go(n);
    } else if (ev.key === 'Escape') this.maker.cancel();
  }

  private started: { start: AnalysisStart; follow: (id: string) => void } | null = null;
  private begun = false; // the tree is built

  // The start: a stored game (and its review; a game being played is followed as it goes on:
  // `follow` opens its socket), or a position with moves. A stored game that does not exist is
  // the host's to say (`gone`).
  async begin(start: AnalysisStart, follow: (id: string) => void): Promise<void> {
    this.started = { start, follow };
    let moves: string[] = [];
    if ('id' in this.source) {
      const id = this.source.id;
      try {
        this.stored = await api.get(id);
      } catch (e) {
        if (!this.alive) return;
        if (e instanceof ApiError && e.status === 404) {
          this.host.gone(e.message);
          return;
        }
        this.lineError = message(e);
        this.setHint(this.lineError, true);
        return;
      }
      if (!this.alive || !this.stored) return;
      moves = this.stored.moves;
      if (this.stored.status === 'finished') {
        await this.review.open(id, start.reviewAsked);
      } else {
        follow(this.stored.id);
      }
    } else {
      try {
        moves = JSON.parse(start.movesJson ?? '[]');
        if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')) throw new Error();
      } catch {
        this.setHint(t('analysis.bad_moves'), true);
        moves = [];
      }
    }
    this.tree = new VariationTree(moves);
    this.begun = true;
    this.treeVersion++;
    this.host.named(t('analysis.title', { game: gameTitle(this.gameName()) }));
    await this.go(this.tree.mainAt(moves.length));
  }

  // The server can be reached again: what could not be loaded for want of it is asked for again.
  retry(): void {
    if (!this.alive || !this.lineError.includes(t('api.unreachable'))) return;
    if (this.begun) void this.go(this.current);
    else if (this.started) void this.begin(this.started.start, this.started.follow);
  }

  // The page is left: the server stops the analysis with the socket.
  stop(): void {
    this.alive = false;
    this.engine.close();
  }
}
