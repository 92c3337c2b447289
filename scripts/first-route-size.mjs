// Prints what the first route costs a browser to download: index.html and the JavaScript and CSS
// it loads (the entry script, what it preloads, its stylesheets, and the SPA the entry script
// then imports: frontend/src/boot.ts, main.tsx and every file it imports), each as the server sends it
// (api/http/static-assets.ts): the .gz or .br copy the build wrote beside it, or the file itself when
// there is none, and per language the file of its catalogs every page needs (the server asks for it
// with the HTML: api/http/static-assets.ts). Fails the build when the JavaScript of any language is
// over the budget in gzip, the larger of the two encodings browsers take.
import { existsSync, readFileSync, statSync } from 'node:fs';

const BUDGET_KB = 100;
const html = readFileSync('dist/index.html', 'utf8');
const linked = (pattern) => [...html.matchAll(pattern)].map((m) => m[1]);
const scripts = linked(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g);
const styles = linked(/<link[^>]*rel="stylesheet"[^>]*\bhref="\/([^"]+\.css)"/g);

/** Bytes sent for `file` in `suffix`'s encoding: its compressed copy when the build wrote one. */
const sent = (file, suffix) =>
  statSync(existsSync(`dist/${file}${suffix}`) ? `dist/${file}${suffix}` : `dist/${file}`).size / 1024;
const sizes = (file) => ({
  file,
  raw: statSync(`dist/${file}`).size / 1024,
  gzip: sent(file, '.gz'),
  brotli: sent(file, '.br'),
});
const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);
const kb = (n) => `${n.toFixed(1)} KB`.padStart(10);

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
/** `key`'s file and those of every chunk it imports statically, directly or not. */
const filesOf = (key, files = new Set()) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) filesOf(imported, files);
  return files;
};
// The page's script runs the SPA once the page is on screen: every page loads it.
const app = filesOf('src/main.tsx');
if (app.size === 0) throw new Error('the SPA (src/main.tsx) is not in the build manifest');
for (const file of app) if (!scripts.includes(file)) scripts.push(file);
/** The file of `locale`'s catalogs every page needs (scripts/catalog-parts.ts). */
const catalogsOf = (locale) =>
  Object.entries(manifest).find(([key]) => key.endsWith(`virtual:catalogs/${locale}/start`))?.[1].file;

const js = scripts.map(sizes);
const all = [sizes('index.html'), ...styles.map(sizes), ...js];
const languages = ['en', 'hi'].map((locale) => ({ locale, catalogs: sizes(catalogsOf(locale)) }));
console.log(`  ${'file (as sent)'.padEnd(40)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
for (const row of [...all, ...languages.map((language) => language.catalogs)])
  console.log(`  ${row.file.padEnd(40)} ${kb(row.raw)} ${kb(row.gzip)} ${kb(row.brotli)}`);
let over = false;
for (const { locale, catalogs } of languages) {
  const withCatalogs = [...js, catalogs];
  console.log(
    `first route JS (${locale}): ${sum(withCatalogs, 'gzip').toFixed(1)} KB gzip, ${sum(withCatalogs, 'brotli').toFixed(1)} KB brotli (budget ${BUDGET_KB} KB gzip)`,
  );
  over ||= sum(withCatalogs, 'gzip') > BUDGET_KB;
}
console.log(
  `first route HTML, CSS and JS (en): ${(sum(all, 'gzip') + languages[0].catalogs.gzip).toFixed(1)} KB gzip, ${(sum(all, 'brotli') + languages[0].catalogs.brotli).toFixed(1)} KB brotli`,
);
if (over) process.exit(1);
