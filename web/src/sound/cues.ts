// Which sound a change on the game page calls for, and playing it unless the sound is off
// (remembered: storage.ts). Knows no rule: a move that took, displaced or caught a piece is read
// from the board before and after it, as motion.ts reads it.

import type { BoardView, Game } from '../api';
import { touching } from '../board/layout';
import { type MoveRoute, planMotion } from '../board/motion';
import { soundOn } from '../storage';
import { type Cue, playCue, unlockOnGesture } from './synth';

export type { Cue } from './synth';

let unlocking = false;

// Plays `cue` when the sound is on.
export function sound(cue: Cue): void {
  if (!unlocking) {
    unlocking = true;
    unlockOnGesture(soundOn);
  }
  if (soundOn()) playCue(cue);
}

// A move's sound: 'strike' when a piece was taken or moved off the move's route (displaced), or
// a piece that did not move changed (its tags: "trapped"); else 'move'.
export function moveCue(before: BoardView | undefined, after: BoardView, move: MoveRoute): Cue {
  if (!before) return 'move';
  const plan = planMotion(before, after, move, touching(after));
  if (plan.captures || plan.flights) return 'strike';
  const was = new Map(before.cells.map((c) => [c.name, c]));
  const changed = after.cells.some((c) => {
    const b = was.get(c.name);
    return !!c.glyph && !!b && b.glyph === c.glyph && b.owner === c.owner && b.tags.join() !== c.tags.join();
  });
  return changed ? 'strike' : 'move';
}

// The end of the game as heard by `mine` (the seats this browser holds): won when one of them
// scored above zero, lost when all scored below, else a plain end (a draw, or watching).
export function endCue(g: Game, mine: number[]): Cue {
  const scores = mine.map((i) => g.returns[i]).filter((r): r is number => typeof r === 'number');
  if (scores.some((r) => r > 0)) return 'win';
  if (scores.length && scores.every((r) => r < 0)) return 'loss';
  return 'end';
}
