// Bundles src/main.ts into dist/app.js (and the offline page's src/offline.ts into dist/offline.js)
// and copies static/ (index.html, style sheets, icons, the manifest, the service worker) to dist/.
// `node build.mjs --watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';

const watch = process.argv.includes('--watch');
rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
cpSync('static', 'dist', { recursive: true });

const options = {
  entryPoints: { app: 'src/main.ts', offline: 'src/offline.ts' },
  bundle: true,
  format: 'esm',
  target: ['es2020'],
  outdir: 'dist',
  minify: !watch,
  sourcemap: true,
  logLevel: 'info',
};
if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
} else {
  await esbuild.build(options);
}
