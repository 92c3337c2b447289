// Prints the JavaScript the first route loads (the entry script and what index.html
// preloads), gzipped, and fails the build when it is over the 100 KB budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const html = readFileSync('dist/index.html', 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].map((m) => m[1]);
const sizes = scripts.map((file) => [file, gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length / 1024]);
const total = sizes.reduce((sum, [, kb]) => sum + kb, 0);
for (const [file, kb] of sizes) console.log(`  ${file.padEnd(40)} ${kb.toFixed(1)} KB gzip`);
console.log(`first route JS: ${total.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB) process.exit(1);
