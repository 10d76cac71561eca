// The game page's settings of look and feel, each remembered (storage.ts): the sound, the board's
// coordinates, and for a correspondence game a desktop notification when it is one's turn
// (the browser is asked for permission only when it is turned on). Views only.

import { notificationsSupported, notifying, setNotifying } from '../attention/notify';
import { h } from '../dom';
import { t } from '../i18n';
import { setSoundOn, soundOn } from '../storage';

export interface LookState {
  coords: boolean; // the coordinates shown now
  setCoords(on: boolean): void;
  notifiable: boolean; // a correspondence game this browser plays in
  hint(text: string, error?: boolean): void;
}

function toggle(id: string, label: string, checked: boolean, changed: (on: boolean, box: HTMLInputElement) => void): HTMLElement {
  const box = h('input', { type: 'checkbox', id, checked });
  box.addEventListener('change', () => changed(box.checked, box));
  return h('label', { class: 'small muted' }, box, ' ', label);
}

export function lookSettings(c: LookState): HTMLElement[] {
  const out = [
    toggle('sound', t('look.sound'), soundOn(), (on) => setSoundOn(on)),
    toggle('coords', t('look.coords'), c.coords, (on) => c.setCoords(on)),
  ];
  if (c.notifiable && notificationsSupported()) {
    out.push(toggle('notify', t('attention.notify'), notifying(), (on, box) => {
      void setNotifying(on).then((ok) => {
        box.checked = ok;
        if (on && !ok) c.hint(t('attention.notify_refused'), true);
      });
    }));
  }
  return out;
}
