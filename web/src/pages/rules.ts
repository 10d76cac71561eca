// The rules of each game in brief, with diagrams drawn by the board code from boards the server
// makes of position texts (board/diagram.ts).

import type { BoardView, LegalNext } from '../api';
import { renderBoard } from '../board/render';
import { traverseGlyph, travelersGlyph, trapGlyph } from '../board/glyphs';
import { diagram } from '../board/diagram';
import { gameTitle } from '../catalog';
import { h, s } from '../dom';
import { t } from '../i18n';
import { pieceName, seatName } from '../i18n/server_text';


// A figure whose board is drawn when it arrives (or says why it cannot be drawn).
function figure(board: Promise<BoardView>, game: string, caption: string, path?: string[], targets: string[] = []): HTMLElement {
  const next: LegalNext[] = targets.map((click) => ({ click, path: [] }));
  const fig = h('figure', null, h('figcaption', null, caption));
  board.then(
    (view) => fig.prepend(renderBoard(view, game, { path, targets: next })),
    (err: unknown) => fig.prepend(h('p', { class: 'error' }, t('rules.diagram_failed', { error: err instanceof Error ? err.message : String(err) }))),
  );
  return fig;
}

function glyphIcon(glyph: SVGGElement): SVGSVGElement {
  return s('svg', { viewBox: '-20 -20 40 40' }, glyph);
}

function traverseRules(): HTMLElement[] {
  const start = diagram('traverse', '');
  // South's diamond on d3: steps to c2, c4, e2, or jumps over e4 to f5 and on over e6 to d7.
  const chain = diagram('traverse', '10/1SnDnTn1CnTnDnSn1/10/10/4Cn5/10/4Cs5/3Ds6/10/1Ss1TsCs1TsDsSs1 s 0');
  return [
    h('p', null, t('rules.traverse.intro')),
    h('div', { class: 'legend' },
      h('span', null, glyphIcon(traverseGlyph('square', 'green', 'up', 40)), t('rules.traverse.square')),
      h('span', null, glyphIcon(traverseGlyph('diamond', 'green', 'up', 40)), t('rules.traverse.diamond')),
      h('span', null, glyphIcon(traverseGlyph('triangle', 'green', 'up', 40)), t('rules.traverse.triangle')),
      h('span', null, glyphIcon(traverseGlyph('circle', 'green', 'up', 40)), t('rules.traverse.circle')),
    ),
    h('ul', null,
      h('li', null, t('rules.traverse.move')),
      h('li', null, t('rules.traverse.end')),
      h('li', null, t('rules.traverse.change')),
      h('li', null, t('rules.traverse.advanced')),
      h('li', null, t('rules.traverse.draws')),
      h('li', null, t('rules.traverse.limit')),
    ),
    h('div', { class: 'diagrams' },
      figure(start, 'traverse', t('rules.traverse.fig_start')),
      figure(chain, 'traverse', t('rules.traverse.fig_chain'), ['d3', 'f5', 'd7'], ['c2', 'c4', 'e2', 'f5', 'd7']),
    ),
  ];
}

function travelersRules(): HTMLElement[] {
  const start = diagram('travelers', '');
  // The Travelers (which every position holds) wait in the corners, out of the Deuce's reach.
  const captures = diagram('travelers', 't7t/9/6a2/5A3/4W4/9/9/9/T7T w - 0 1');
  return [
    h('p', null, t('rules.travelers.intro')),
    h('div', { class: 'legend' },
      ...['traveler', 'displacer', 'block', 'ace', 'deuce', 'trey'].map((k) =>
        h('span', null, glyphIcon(travelersGlyph(k, 'white', 40)), pieceName('travelers', k)),
      ),
    ),
    h('ul', null,
      h('li', null, t('rules.travelers.slides')),
      h('li', null, t('rules.travelers.captures')),
      h('li', null, t('rules.travelers.traveler')),
      h('li', null, t('rules.travelers.block')),
      h('li', null, t('rules.travelers.displace')),
      h('li', null, t('rules.travelers.win')),
    ),
    h('div', { class: 'diagrams' },
      figure(start, 'travelers', t('rules.travelers.fig_start')),
      figure(captures, 'travelers', t('rules.travelers.fig_captures'), undefined, ['c3', 'c5', 'c7', 'e3', 'e7', 'g3', 'g5', 'g7']),
    ),
  ];
}

// One legend entry per kind of mover the diagrams draw (each player's colour, free or trapped),
// taken from the diagrams' own board views so the legend shows exactly their colours.
function moverLegend(views: BoardView[]): HTMLElement[] {
  const entries = new Map<string, HTMLElement>();
  for (const view of views) {
    for (const c of view.cells) {
      if (c.glyph !== 'mover') continue;
      const player = view.players[c.owner];
      const trapped = c.tags.includes('trapped');
      const key = `${player?.colour}:${trapped}`;
      if (!player || entries.has(key)) continue;
      const text = t(trapped ? 'rules.trap.mover_trapped' : 'rules.trap.mover', { seat: seatName(player.name) });
      entries.set(key, h('span', null, glyphIcon(trapGlyph(player.colour, trapped, 40)), text));
    }
  }
  return [...entries.values()];
}

function trapRules(): HTMLElement[] {
  // Both boards arrive together, so the legend is drawn with the diagrams.
  const both = Promise.all([
    diagram('trap', ''),
    diagram('trap', 'c3,d4,a1* b2,e5,c5 a1|a2,a1|b1,a1|b2,c3|c4,d4|d5,d4|e5 54 r 0', 'size=3'),
  ]);
  const start = both.then(([view]) => view);
  const trapped = both.then(([, view]) => view);
  const legend = h('div', { class: 'legend' });
  both.then((views) => legend.append(...moverLegend(views)), () => {});
  return [
    h('p', null, t('rules.trap.intro')),
    legend,
    h('ul', null,
      h('li', null, t('rules.trap.turn')),
      h('li', null, t('rules.trap.walls')),
      h('li', null, t('rules.trap.trapped')),
      h('li', null, t('rules.trap.win')),
      h('li', null, t('rules.trap.play')),
    ),
    h('div', { class: 'diagrams' },
      figure(start, 'trap', t('rules.trap.fig_start')),
      figure(trapped, 'trap', t('rules.trap.fig_trapped')),
    ),
  ];
}

// The rules in brief of each game this page describes, by game name.
const RULES: Record<string, () => HTMLElement[]> = {
  traverse: traverseRules,
  travelers: travelersRules,
  trap: trapRules,
};

// The games' tabs, `game`'s marked as the page shown.
function tabs(game: string): HTMLElement {
  return h('div', { class: 'tabs' }, ...Object.keys(RULES).map((k) => h('a', { class: 'button', href: `#/rules/${k}`, 'aria-current': k === game ? 'page' : null }, gameTitle(k))));
}

// The rules of `asked` (`#/rules` alone: the first game's); a name of no game here says so and
// links to the rules of each game there is. Sets the page's title.
export function rulesPage(asked: string): HTMLElement {
  if (asked && !Object.keys(RULES).includes(asked)) {
    document.title = t('title.no_game');
    return h('div', { class: 'rules', id: 'no-such-rules' },
      h('h1', null, t('game.no_such')),
      h('p', { class: 'error' }, t('rules.no_such', { name: asked })),
      h('p', null, t('rules.games_here')),
      tabs(''));
  }
  document.title = t('title.rules');
  const game = asked || 'traverse';
  const body = RULES[game]();
  return h(
    'div',
    { class: 'rules' },
    tabs(game),
    h('h1', null, t('rules.heading', { game: gameTitle(game) })),
    ...body,
    h('p', null, h('a', { href: '#/' }, t('rules.start_game'))),
  );
}
