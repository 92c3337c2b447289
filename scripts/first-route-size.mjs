// Prints what the first route costs a browser to download: index.html and the JavaScript and CSS
// it loads (the entry script, what it preloads, its stylesheets), each as the server sends it
// (api/http/static-assets.ts): the .gz or .br copy the build wrote beside it, or the file itself when
// there is none. Fails the build when the JavaScript is over the budget in gzip, the larger of
// the two encodings browsers take.
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

const js = scripts.map(sizes);
const all = [sizes('index.html'), ...styles.map(sizes), ...js];
console.log(`  ${'file (as sent)'.padEnd(40)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
for (const row of all) console.log(`  ${row.file.padEnd(40)} ${kb(row.raw)} ${kb(row.gzip)} ${kb(row.brotli)}`);
console.log(
  `first route JS: ${sum(js, 'gzip').toFixed(1)} KB gzip, ${sum(js, 'brotli').toFixed(1)} KB brotli (budget ${BUDGET_KB} KB gzip)`,
);
console.log(
  `first route HTML, CSS and JS: ${sum(all, 'gzip').toFixed(1)} KB gzip, ${sum(all, 'brotli').toFixed(1)} KB brotli`,
);
if (sum(js, 'gzip') > BUDGET_KB) process.exit(1);
