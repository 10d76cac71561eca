// The screenshot gallery (`make screenshots`, tests/e2e/gallery.mjs), as a smoke run: one page at
// one size in one theme gives its PNG and an index.html that shows it. The whole gallery is made
// by `make screenshots` only.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TMP } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const kPng = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test('gallery: a smoke run gives a PNG per board theme and an index.html', async () => {
  const out = path.join(TMP, 'gallery');
  const args = [path.join(here, 'gallery.mjs'), '--out', out, '--pages', 'rules trap', '--sizes', 'phone', '--themes', 'dark'];
  if (process.env.ARBITER) args.push('--arbiter', process.env.ARBITER);
  if (process.env.ARBITER_WEB) args.push('--web', process.env.ARBITER_WEB);
  await promisify(execFile)(process.execPath, args, { timeout: 120000 });
  // The rules of Trap show boards: one shot in each board theme.
  for (const board of ['wood', 'slate']) {
    const file = path.join(out, `rules-trap-phone-dark-${board}.png`);
    assert.ok(existsSync(file), `${file} was made`);
    assert.ok(statSync(file).size > 1000, `${file} is not empty`);
    assert.deepEqual(readFileSync(file).subarray(0, 8), kPng, 'a PNG');
    // 390×844 (the PNG's header: width and height at bytes 16 and 20).
    const png = readFileSync(file);
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [390, 844]);
  }
  const index = readFileSync(path.join(out, 'index.html'), 'utf8');
  assert.match(index, /<img src="rules-trap-phone-dark-wood\.png"/);
  assert.match(index, /<img src="rules-trap-phone-dark-slate\.png"/);
});
