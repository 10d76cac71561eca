// Attributes that make an element other than a button act as one: reached by Tab, named a button
// to screen readers, and pressed by Enter or Space as by a click. For h() (dom.ts).

export function pressable(action: () => void): { role: string; tabindex: number; onclick: EventListener; onkeydown: EventListener } {
  return {
    role: 'button',
    tabindex: 0,
    onclick: () => action(),
    onkeydown: (ev: Event) => {
      const key = (ev as KeyboardEvent).key;
      if (key !== 'Enter' && key !== ' ') return;
      ev.preventDefault();
      action();
    },
  };
}
