// Desktop notifications for correspondence games: off until the player turns them on, and only
// then is the browser asked for permission. While on (and allowed), a turn that arrives while
// the page is hidden is announced, once per position.

import { notifyTurns, setNotifyTurns } from '../storage';

export function notificationsSupported(): boolean {
  return typeof window.Notification === 'function';
}

// Whether turns are announced: chosen, and allowed by the browser.
export function notifying(): boolean {
  return notifyTurns() && notificationsSupported() && Notification.permission === 'granted';
}

// Turns the notifications on (asking the browser first) or off. Resolves to whether they are on:
// false when the browser or the user refuses.
export async function setNotifying(on: boolean): Promise<boolean> {
  if (!on || !notificationsSupported()) {
    setNotifyTurns(false);
    return false;
  }
  let permission = Notification.permission;
  if (permission === 'default') {
    try {
      permission = await Notification.requestPermission();
    } catch {
      permission = 'denied';
    }
  }
  setNotifyTurns(permission === 'granted');
  return permission === 'granted';
}

let lastTag = '';

// Announces a turn (`tag`: the game and ply, so a position is announced once); a click on the
// notification brings the page forward.
export function announceTurn(tag: string, title: string, body: string): void {
  if (!notifying() || document.visibilityState !== 'hidden' || tag === lastTag) return;
  lastTag = tag;
  try {
    const n = new Notification(title, { body, tag, icon: 'icon.svg' });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    // Some browsers allow notifications only from a service worker: the title still calls.
  }
}
