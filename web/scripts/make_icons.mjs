// Renders the app icons' PNGs from their SVGs (static/icons/*.svg) with the system Chromium:
// icon-192.png and icon-512.png from icon.svg, maskable-512.png from maskable.svg (its triangle
// inside the safe zone, the middle 80%). The PNGs are committed; run this after changing an SVG:
//   node scripts/make_icons.mjs        (CHROMIUM=PATH picks the browser)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../static/icons');
const renders = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['maskable.svg', 'maskable-512.png', 512],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [svg, png, size] of renders) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const markup = readFileSync(path.join(dir, svg), 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${markup}</body></html>`);
  await page.screenshot({ path: path.join(dir, png), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
  console.log(`static/icons/${png}: ${size}×${size} from ${svg}`);
}
await browser.close();
