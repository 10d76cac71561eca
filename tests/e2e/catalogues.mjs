// The UI's catalogues (web/src/i18n) loaded into Node for the tests: en.ts and fr.ts bundled by
// esbuild (from web/node_modules), with the table of languages index.ts offers.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.join(here, '../../web');
const src = path.join(web, 'src');
const require = createRequire(path.join(web, 'package.json'));
const esbuild = require('esbuild');

// { en, fr, ..., LANGUAGES }: the catalogues, and index.ts's table of the languages offered.
export async function catalogues() {
  const out = await esbuild.build({
    stdin: {
      contents: "export { en } from './en'; export { fr } from './fr'; export { LANGUAGES } from './languages_only';",
      resolveDir: path.join(src, 'i18n'),
      loader: 'ts',
    },
    plugins: [{
      // LANGUAGES without the rest of index.ts (which reads the browser's navigator).
      name: 'languages-only',
      setup(b) {
        b.onResolve({ filter: /^\.\/languages_only$/ }, () => ({ path: 'languages_only', namespace: 'lang' }));
        b.onLoad({ filter: /.*/, namespace: 'lang' }, () => {
          const text = readFileSync(path.join(src, 'i18n/index.ts'), 'utf8');
          const m = /export const LANGUAGES = (\{[^}]*\})/.exec(text);
          return { contents: `export const LANGUAGES = ${m ? m[1] : '{}'};`, loader: 'js' };
        });
        b.onResolve({ filter: /^\.\/index$/ }, () => ({ path: 'index', namespace: 'types' }));
        b.onLoad({ filter: /.*/, namespace: 'types' }, () => ({ contents: 'export {};', loader: 'js' }));
      },
    }],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}


// The forms of a message: a string, or the plural forms of { one, other }.
export const forms = (v) => (typeof v === 'string' ? [v] : [v.one, v.other]);
