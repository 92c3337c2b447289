/**
 * `npm run bench:lighthouse`: Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown)
 * on `/`, `/products` and a product page, in English and in Hindi (`/hi/...`), served as `npm start` serves them: the SPA built from
 * the sources (precompressed), the compiled server with demo data in a fresh folder, in a
 * process of its own. Chromium is Debian's (`/usr/bin/chromium`, or CHROMIUM_PATH); nothing is downloaded.
 *
 * Lighthouse slows down the CPU time it observes, so a busy machine moves its figures: each
 * page is measured BENCH_LIGHTHOUSE_RUNS times and the run with the median performance score
 * counts, as Lighthouse advises, and the table shows Lighthouse's CPU benchmark index of that
 * run (higher is faster; an idle desktop reads about 1,500-2,000).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { caughtUp } from './bench.fixtures.ts';
import { type Figure, recordFigures } from './bench-results.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { buildServer, startServer } from './server.fixtures.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** A run Lighthouse could not finish (e.g. NO_NAVSTART when the machine is swamped) is tried again, this many times. */
const RETRIES = 2;

const TARGETS = { performance: 0.95, lcpMs: 2000, cls: 0 };

interface PageScores {
  page: string;
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  benchmarkIndex: number;
}

/** `vite build` as `npm run build` runs it, so the figures are those of the sources as they are. */
function buildSpa(): void {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  for (const args of [[vite, 'build', '--logLevel', 'warn'], ['scripts/first-route-size.mjs']]) {
    if (spawnSync(process.execPath, args, { stdio: 'inherit' }).status !== 0)
      throw new Error(`${args.join(' ')} failed`);
  }
}

function scores(page: string, lhr: LighthouseResult): PageScores {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const category = (id: string) => lhr.categories[id]?.score ?? Number.NaN;
  return {
    page,
    performance: category('performance'),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    accessibility: category('accessibility'),
    bestPractices: category('best-practices'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** One Lighthouse run of `url` with its default config, the mobile preset. */
async function run(port: number, page: string, url: string): Promise<PageScores> {
  for (let attempt = 0; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse gave no result' };
    if (!error) return scores(page, result!.lhr);
    if (attempt === RETRIES) throw new Error(`Lighthouse on ${url}: ${error.code}: ${error.message}`);
    console.log(`  ${page}: ${error.code}, running again`);
  }
}

/** RUNS runs of `url`; the one with the median performance score. */
async function measure(port: number, page: string, url: string): Promise<PageScores> {
  const runs: PageScores[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run(port, page, url));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
}

function figures(results: PageScores[]): Figure[] {
  return results.flatMap((r) => [
    {
      name: `${r.page} performance (Lighthouse mobile)`,
      measured: r.performance.toFixed(2),
      baseline: '',
      target: `>= ${TARGETS.performance}`,
      met: r.performance >= TARGETS.performance,
    },
    {
      name: `${r.page} LCP (Lighthouse mobile)`,
      measured: `${(r.lcpMs / 1000).toFixed(1)} s`,
      baseline: '',
      target: `<= ${(TARGETS.lcpMs / 1000).toFixed(1)} s`,
      met: r.lcpMs <= TARGETS.lcpMs,
    },
    {
      name: `${r.page} CLS (Lighthouse mobile)`,
      measured: r.cls.toFixed(3),
      baseline: '',
      target: String(TARGETS.cls),
      met: r.cls <= TARGETS.cls,
    },
  ]);
}

function printTable(results: PageScores[]): void {
  console.log(
    '| page | performance | LCP s | FCP s | TBT ms | CLS | accessibility | best practices | CPU benchmark index |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const cells = [
      r.performance.toFixed(2),
      (r.lcpMs / 1000).toFixed(2),
      (r.fcpMs / 1000).toFixed(2),
      Math.round(r.tbtMs),
      r.cls.toFixed(3),
      r.accessibility.toFixed(2),
      r.bestPractices.toFixed(2),
      Math.round(r.benchmarkIndex),
    ];
    console.log(`| ${r.page} | ${cells.join(' | ')} |`);
  }
  console.log(
    `\ntargets on every page: performance >= ${TARGETS.performance}, LCP <= ${TARGETS.lcpMs / 1000} s, CLS ${TARGETS.cls}; accessibility and best practices 1.00`,
  );
}

async function main(): Promise<void> {
  console.log(
    `bench:lighthouse · mobile preset (simulated slow 4G, 4x CPU slowdown), ${CHROMIUM_PATH}, median of ${RUNS} runs per page\n`,
  );
  buildSpa();
  buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'mibi-bench-lighthouse-'));
  const server = startServer(dir, { DEMO_DATA: 'true' }, 'all', 'compiled');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const url = await server.url();
    await caughtUp(url, 120_000);
    const list = (await (await fetch(`${url}/api/products`)).json()) as { items: Array<{ id: string }> };
    // Each page in both languages: Hindi pages load their own catalog and the Devanagari font.
    const pages = ['', '/hi'].flatMap(
      (prefix): Array<[string, string]> => [
        [`${prefix}/`, `${url}${prefix}/`],
        [`${prefix}/products`, `${url}${prefix}/products`],
        [`${prefix}/products/{id}`, `${url}${prefix}/products/${list.items[0]!.id}`],
      ],
    );
    const results: PageScores[] = [];
    for (const [page, address] of pages) results.push(await measure(chrome.port, page, address));
    console.log();
    printTable(results);
    recordFigures('lighthouse', figures(results));
  } finally {
    chrome.kill();
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
