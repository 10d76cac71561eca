// The rules of each game in brief, with diagrams drawn by the board code from boards the server
// makes of position texts (board/diagram.ts).

import type { BoardView, LegalNext } from '../api';
import { renderBoard } from '../board/render';
import { traverseGlyph, travelersGlyph, trapGlyph } from '../board/glyphs';
import { diagram } from '../board/diagram';
import { gameTitle } from '../catalog';
import { h, s } from '../dom';


// A figure whose board is drawn when it arrives (or says why it cannot be drawn).
function figure(board: Promise<BoardView>, game: string, caption: string, path?: string[], targets: string[] = []): HTMLElement {
  const next: LegalNext[] = targets.map((click) => ({ click, path: [] }));
  const fig = h('figure', null, h('figcaption', null, caption));
  board.then(
    (view) => fig.prepend(renderBoard(view, game, { path, targets: next })),
    (err: unknown) => fig.prepend(h('p', { class: 'error' }, `The diagram cannot be drawn: ${err instanceof Error ? err.message : String(err)}`)),
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
    h('p', null, 'Two to four players race their eight pieces across a 10×10 board. The first to bring all eight from their start row to the opposite side — their destination row — wins.'),
    h('div', { class: 'legend' },
      h('span', null, glyphIcon(traverseGlyph('square', 'green', 'up', 40)), 'square: straight lines'),
      h('span', null, glyphIcon(traverseGlyph('diamond', 'green', 'up', 40)), 'diamond: diagonals'),
      h('span', null, glyphIcon(traverseGlyph('triangle', 'green', 'up', 40)), 'triangle: forward diagonals, straight back'),
      h('span', null, glyphIcon(traverseGlyph('circle', 'green', 'up', 40)), 'circle: all eight directions'),
    ),
    h('ul', null,
      h('li', null, 'On your turn move one piece: either one step to an empty neighbouring square in a direction the piece may go, or a chain of jumps. A jump goes over one piece — anyone’s — to the empty square right behind it; nothing is captured. A chain may change direction (each jump in a direction the piece may go) but never mixes in a step.'),
      h('li', null, 'A move ends on a middle square, on your own destination row, or sideways along your start row while the piece is still there. Chains may pass over any edge square on the way.'),
      h('li', null, 'The position must change; you pass only when no piece can move.'),
      h('li', null, 'Advanced rules add long jumps (as many empty squares after the jumped piece as before it), circle reversals (jump an opponent’s circle and you send it back to a square of its start row that you choose — click it after the move; if that row is full, to any middle square or any square of its own destination row) and the goal-line anchor (a piece resting on its destination row stays there). Expert rules let reversals reach circles already home.'),
      h('li', null, 'Nobody can force a draw. A player whose last piece outside its destination row cannot get home by any move is blocked out: if the position then repeats a third time, the game ends and the blocked-out player wins. Other repetitions do not end the game.'),
      h('li', null, 'The move limit (1000 plies by default) ends the game: the player with the fewest pieces still to bring home wins, then the one closest in total distance.'),
    ),
    h('div', { class: 'diagrams' },
      figure(start, 'traverse', 'The start for two players. Each side’s coloured row is where that player must arrive; the strip on the edge marks where a player starts.'),
      figure(chain, 'traverse', 'South’s diamond on d3 jumps over e4 and then over e6 to d7 in one move. The dots show where it may end.', ['d3', 'f5', 'd7'], ['c2', 'c4', 'e2', 'f5', 'd7']),
    ),
  ];
}

function travelersRules(): HTMLElement[] {
  const start = diagram('travelers', '');
  // The Travelers (which every position holds) wait in the corners, out of the Deuce's reach.
  const captures = diagram('travelers', 't7t/9/6a2/5A3/4W4/9/9/9/T7T w - 0 1');
  return [
    h('p', null, 'A race on a 9×9 board: bring both of your Travelers to the far rank (rank 9 for White, rank 1 for Black). White moves first.'),
    h('div', { class: 'legend' },
      ...['traveler', 'displacer', 'block', 'ace', 'deuce', 'trey'].map((k) =>
        h('span', null, glyphIcon(travelersGlyph(k, 'white', 40)), k),
      ),
    ),
    h('ul', null,
      h('li', null, 'Every piece except the Displacer slides one to three squares along a row, column or diagonal, over empty squares, to an empty square. The Displacer slides any distance, like a chess queen.'),
      h('li', null, 'Captures replace the enemy piece: an Ace (1) takes at distance exactly 1, a Deuce (2) at exactly 2, a Trey (3) at exactly 3, along the eight lines, jumping over anything between. Travelers, Blocks and Displacers never capture; Travelers and Blocks are never captured.'),
      h('li', null, 'A Traveler may not stop on a square an enemy Ace, Deuce or Trey could capture on. It may pass such squares or be left standing on one. A Traveler on its far rank is frozen there.'),
      h('li', null, 'The Block never enters rank 1 or 9 and cannot be captured or displaced.'),
      h('li', null, 'After moving the Displacer you may displace one enemy piece standing orthogonally next to where it landed: put it on any empty square of that rank or file. Click the piece, then its new square — or play the move without it.'),
      h('li', null, 'You win once both of your Travelers stand on your far rank. Threefold repetition, 100 plies without a capture, or a side with no legal move is a draw.'),
    ),
    h('div', { class: 'diagrams' },
      figure(start, 'travelers', 'The start position.'),
      figure(captures, 'travelers', 'A Deuce captures exactly two squares away along the eight lines, leaping over whatever stands between. The dots mark its reach: it can take the black Ace on g7 over the white Ace on f6.', undefined, ['c3', 'c5', 'c7', 'e3', 'e7', 'g3', 'g5', 'g7']),
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
      const text = trapped ? `a trapped ${player.name} mover` : `a ${player.name} mover`;
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
    h('p', null, 'Two players, Red and Blue, each with three movers on a hexagonal field, build walls between cells. Trap all three enemy movers to win.'),
    legend,
    h('ul', null,
      h('li', null, 'Every turn is two actions, one of: one mover two steps; two different movers one step each; one step and then one wall; or two walls. A step goes to a neighbouring empty cell not cut off by a wall. Red moves first.'),
      h('li', null, 'A wall fills a slot: the edge between two cells. Walls stay for good and come from one shared pile (60 on the default field).'),
      h('li', null, 'At the end of your turn each of your opponent’s movers that has no step left is trapped for good and stays as an obstacle. Your own movers are judged at the end of your opponent’s turn, never by your own.'),
      h('li', null, 'When all three of your opponent’s movers are trapped, you win. A threefold repetition or the move limit is a draw.'),
      h('li', null, 'To play, click a mover then a neighbouring cell for a step, and click a slot (between two cells) for a wall.'),
    ),
    h('div', { class: 'diagrams' },
      figure(start, 'trap', 'The start on the default field (5 cells a side).'),
      figure(trapped, 'trap', 'A small field: Red’s mover on a1 is walled in and trapped.'),
    ),
  ];
}

// The rules in brief of each game this page describes, by game name.
const RULES: Record<string, () => HTMLElement[]> = {
  traverse: traverseRules,
  travelers: travelersRules,
  trap: trapRules,
};

export function rulesPage(asked: string): HTMLElement {
  const game = asked in RULES ? asked : 'traverse';
  const body = RULES[game]();
  return h(
    'div',
    { class: 'rules' },
    h('div', { class: 'tabs' }, ...Object.keys(RULES).map((k) => h('a', { class: 'button', href: `#/rules/${k}`, 'aria-current': k === game ? 'page' : null }, gameTitle(k)))),
    h('h1', null, `${gameTitle(game)}: the rules in brief`),
    ...body,
    h('p', null, h('a', { href: '#/' }, '← Start a game')),
  );
}
