// The sounds of the game page, made in the browser with the Web Audio API (no files): each cue
// is a few short notes, an oscillator each under a quick attack and decay. One AudioContext
// for the page, made at the first sound; browsers keep it silent until the page has had a click
// or a key press, so the first gesture on the page resumes it.

export type Cue = 'move' | 'strike' | 'turn' | 'low-time' | 'win' | 'loss' | 'end';

interface Note {
  freq: number; // Hz at the start
  to?: number; // Hz at the end (a glide)
  at: number; // seconds after the cue
  dur: number; // seconds
  type: OscillatorType;
  gain: number; // peak, 0–1
}

// Short and soft: a move is a tap, a capture (or a displacement, or a piece trapped) a lower
// knock with a drop, the turn two rising notes, low time two quick high beeps, the end a chord
// up (a win), down (a loss) or level.
const CUES: Record<Cue, Note[]> = {
  move: [{ freq: 520, to: 440, at: 0, dur: 0.07, type: 'triangle', gain: 0.35 }],
  strike: [
    { freq: 300, to: 150, at: 0, dur: 0.14, type: 'square', gain: 0.18 },
    { freq: 620, to: 400, at: 0, dur: 0.06, type: 'triangle', gain: 0.25 },
  ],
  turn: [
    { freq: 660, at: 0, dur: 0.09, type: 'sine', gain: 0.3 },
    { freq: 880, at: 0.1, dur: 0.14, type: 'sine', gain: 0.3 },
  ],
  'low-time': [
    { freq: 1200, at: 0, dur: 0.06, type: 'square', gain: 0.12 },
    { freq: 1200, at: 0.12, dur: 0.06, type: 'square', gain: 0.12 },
  ],
  win: [
    { freq: 523, at: 0, dur: 0.16, type: 'triangle', gain: 0.3 },
    { freq: 659, at: 0.12, dur: 0.16, type: 'triangle', gain: 0.3 },
    { freq: 784, at: 0.24, dur: 0.3, type: 'triangle', gain: 0.3 },
  ],
  loss: [
    { freq: 440, at: 0, dur: 0.18, type: 'triangle', gain: 0.3 },
    { freq: 370, at: 0.15, dur: 0.18, type: 'triangle', gain: 0.3 },
    { freq: 294, at: 0.3, dur: 0.35, type: 'triangle', gain: 0.3 },
  ],
  end: [
    { freq: 440, at: 0, dur: 0.2, type: 'sine', gain: 0.3 },
    { freq: 440, at: 0.2, dur: 0.3, type: 'sine', gain: 0.25 },
  ],
};

let context: AudioContext | null = null;

type AudioContextClass = typeof AudioContext;

function audio(): AudioContext | null {
  if (!context) {
    const Ctor: AudioContextClass | undefined = window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
    if (!Ctor) return null;
    try {
      context = new Ctor();
    } catch {
      return null;
    }
  }
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

// Plays `cue` now. Silent (and harmless) where the browser has no Web Audio.
export function playCue(cue: Cue): void {
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  for (const n of CUES[cue]) {
    const osc = ctx.createOscillator();
    const env = ctx.createGain();
    osc.type = n.type;
    const start = now + n.at;
    osc.frequency.setValueAtTime(n.freq, start);
    if (n.to) osc.frequency.exponentialRampToValueAtTime(n.to, start + n.dur);
    env.gain.setValueAtTime(0.0001, start);
    env.gain.exponentialRampToValueAtTime(n.gain, start + 0.008);
    env.gain.exponentialRampToValueAtTime(0.0001, start + n.dur);
    osc.connect(env).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + n.dur + 0.02);
  }
}

// Makes or resumes the page's audio at each click or key press while `enabled` (browsers allow
// sound only after one).
export function unlockOnGesture(enabled: () => boolean): void {
  const unlock = () => {
    if (enabled()) audio();
  };
  document.addEventListener('pointerdown', unlock, { capture: true });
  document.addEventListener('keydown', unlock, { capture: true });
}
