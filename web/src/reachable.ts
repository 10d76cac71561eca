// Whether the server can be reached, as the requests find it (api.ts `call` reports each one): a
// request that could not be sent marks it gone; any answer marks it back, and so does a health
// check that succeeds, asked every few seconds while it is gone and at once when the browser
// goes online again (a server restarting is not a network gone). The listeners hear of its
// return a moment after it, once the answers in flight have been drawn: pages that still show
// "the server cannot be reached" then load again (main.ts; the game, analysis and puzzles pages
// recover in place).

const kRetryMs = 4000;
const kSettleMs = 300;

let gone = false;
let retry = 0;
const listeners = new Set<() => void>();

// A request reached the server (`true`: it answered, whatever the status) or could not be sent.
export function noteReachable(reached: boolean): void {
  if (reached !== gone) return; // no change
  gone = !reached;
  window.clearInterval(retry);
  if (gone) {
    retry = window.setInterval(check, kRetryMs);
    return;
  }
  window.setTimeout(() => {
    if (!gone) for (const f of [...listeners]) f();
  }, kSettleMs);
}

export function serverGone(): boolean {
  return gone;
}

// Calls `f` each time the server can be reached again; returns the function that stops it.
export function onReachableAgain(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function check(): void {
  fetch('/api/health', { cache: 'no-store' }).then(
    () => noteReachable(true),
    () => {
      // still gone: asked again later
    },
  );
}

window.addEventListener('online', () => {
  if (gone) check();
});
