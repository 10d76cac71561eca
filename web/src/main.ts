// Entry point: a hash router over the pages.
//   #/                 home: new game, my games, open games
//   #/game/ID          a game (playing for the seats this browser holds, else watching)
//   #/join/ID/SEAT     take an open seat (invite link), then show the game
//   #/rules/GAME       the rules of a game
//   #/account          log in, register; the account's settings
//   #/players/NAME     a player's ratings and games
//   #/leaderboard[/POOL]  the best-rated players of a pool
//   #/puzzles[/ID]      puzzles: the next one of a game, or puzzle ID
//   #/analysis[/ID][?…]  the analysis board: a game, a pasted position or record (its query)

import { loadCatalog } from './catalog';
import { clear, h } from './dom';
import { mountAccountLink, mountLanguageSwitch } from './header';
import { onLanguageChange, t } from './i18n';
import { accountPage } from './pages/account';
import { analysisPage } from './pages/analysis';
import { leaderboardPage } from './pages/leaderboard';
import { puzzlesPage } from './pages/puzzles';
import { profilePage } from './pages/profile';
import { registerServiceWorker } from './pwa';
import { onReachableAgain } from './reachable';
import { refreshUser } from './session';
import { mountBoardThemeSwitch } from './theme/board_theme';
import { mountThemeSwitch } from './theme/theme';
import { noSuchGameView } from './game/views';
import { gamePage } from './pages/game';
import { homePage } from './pages/home';
import { joinPage } from './pages/join';
import { rulesPage } from './pages/rules';

// A page may hand back a function that tears it down (closes sockets, timers).
type Teardown = (() => void) | void;

let teardown: Teardown;

function noGame(app: HTMLElement): void {
  app.append(...noSuchGameView(t('app.no_game_id')));
  document.title = t('title.no_game');
}

// The pages that load again by themselves when the server can be reached again (their sockets,
// or onReachableAgain): a reload would lose what is on them (the clicks, the variations, the line).
const kRecoverInPlace = new Set(['game', 'analysis', 'puzzles']);

// The server can be reached again: a form's "cannot be reached" goes (what was typed stays), and
// a page still showing it elsewhere is drawn again, loading what it could not.
function reachableAgain(): void {
  const page = location.hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  const app = document.getElementById('app')!;
  const unreachable = t('api.unreachable');
  if (kRecoverInPlace.has(page) || !app.textContent?.includes(unreachable)) return;
  for (const el of app.querySelectorAll('form .error')) {
    if (el.textContent?.includes(unreachable)) el.textContent = '';
  }
  if (app.textContent?.includes(unreachable)) route();
}

function route(): void {
  if (teardown) teardown();
  teardown = undefined;
  const app = document.getElementById('app')!;
  clear(app);
  const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  window.scrollTo(0, 0);
  // The header's link to the part of the site shown is marked as the current page.
  for (const a of document.querySelectorAll('header.top nav a')) {
    const href = a.getAttribute('href') ?? '';
    const current = parts[0] === 'rules' ? href.startsWith('#/rules') : href === `#/${parts[0]}`;
    if (current) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (parts[0].startsWith('analysis?')) {
    teardown = analysisPage(app, location.hash); // reads its own query
    return;
  }
  switch (parts[0]) {
    case 'game':
      // `#/game/` names no game: said as for an unknown one, without asking the server.
      if (parts[1]) teardown = gamePage(app, parts[1]);
      else noGame(app);
      break;
    case 'analysis':
      teardown = analysisPage(app, location.hash);
      break;
    case 'join':
      joinPage(app, parts[1] ?? '', Number(parts[2] ?? -1));
      break;
    case 'rules':
      app.append(rulesPage(parts[1] ?? '')); // sets the title
      break;
    case 'account':
      accountPage(app);
      break;
    case 'players':
      profilePage(app, parts[1] ?? '');
      break;
    case 'leaderboard':
      leaderboardPage(app, parts.slice(1).join('/')); // a pool's name holds a slash
      break;
    case 'puzzles':
      teardown = puzzlesPage(app, parts[1] ?? '');
      break;
    case '':
      teardown = homePage(app);
      break;
    default:
      app.append(h('p', null, t('app.no_page'), ' ', h('a', { href: '#/' }, t('app.home'))));
  }
}

// History routes (/game/ID) are served index.html too: turn them into hash routes.
if (!location.hash && location.pathname !== '/' && !location.pathname.startsWith('/api')) {
  history.replaceState(null, '', `/#${location.pathname}`);
}
// Pages name games by the catalog's titles and know who is logged in: route once both are
// known (or failed to be).
mountAccountLink();
mountLanguageSwitch();
registerServiceWorker();
mountThemeSwitch();
mountBoardThemeSwitch();
Promise.allSettled([loadCatalog(), refreshUser()])
  .finally(() => {
    window.addEventListener('hashchange', route);
    onReachableAgain(reachableAgain);
    // A new language redraws the page shown (pages build their text once).
    onLanguageChange(route);
    route();
  });
