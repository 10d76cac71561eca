// A real-time clock in the browser: the seat to move sees its time count down and marked low,
// the server flags it with nobody moving, and the page shows the game-over panel with the result.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, newPage, openCreated, startServer, TMP } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ db: path.join(TMP, 'clocks.db') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('a clock runs out: the flag falls with nobody moving and the game-over panel shows it', async () => {
  const page = await newPage(browser);
  // 0.15 minutes: 9 s each, no increment: low from the start, and long enough to be seen
  // running before the flag falls on a loaded machine.
  const seated = await openCreated(page, server.url, {
    game: 'travelers', seats: ['human', 'human'], time_control: '0.15+0',
  });
  const id = seated.game.id;
  assert.equal(seated.game.time_control, '0.15+0');
  // The seat to move counts down, marked low (under 10 s).
  const first = await page.textContent('[data-clock="0"]');
  await page.waitForFunction((t) => document.querySelector('[data-clock="0"]')?.textContent !== t, first);
  assert.match(await page.getAttribute('[data-clock="0"]', 'class'), /low/);
  // The flag falls on the server; the page shows the result (the status line) and what next.
  await page.waitForSelector('#game-over', { timeout: 30000 });
  assert.match(await page.textContent('#status'), /black won on time/);
  assert.ok(await page.isVisible('#over-new'));
  const g = await api(server.url, 'GET', `/api/games/${id}`);
  assert.equal(g.status, 'finished');
  assert.match(g.result, /black wins on time/);
  // A move after the flag is refused.
  const late = await fetch(`${server.url}/api/games/${id}/moves`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${seated.tokens['0']}` },
    body: JSON.stringify({ move: 'e2-e3' }),
  });
  assert.equal(late.status, 409);
  assert.deepEqual(page.errors, []);
});
