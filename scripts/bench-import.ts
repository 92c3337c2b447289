/**
 * `npm run bench:import`: a seller's catalog of 2,000 rows (BENCH_IMPORT_ROWS) imported into
 * `npm start`'s compiled server with demo data, in a process of its own: the dry run's answer
 * time, the import's time from the confirmation to its last row (read from the import itself),
 * and the server's latency meanwhile: visitors' product list and a product, asked by a closed
 * loop of clients, first with nothing else running, then while the import runs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CATALOG_COLUMNS } from '../domain/catalog-import/rows.ts';
import { percentile } from './bench.fixtures.ts';
import { recordFigures } from './bench-results.ts';
import { User } from './load.fixtures.ts';
import { buildServer, removeDataDir, startServer } from './server.fixtures.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 2_000);
const CLIENTS = 8;
const BASELINE_MS = 5_000;
const WARM_UP_MS = 3_000;

/** A catalog of `rows` new products, a few refused on purpose (no name), as a seller's spreadsheet gives it. */
function catalog(rows: number): string {
  const line = (i: number) =>
    [
      '',
      i % 250 === 0 ? '' : `Channapatna toy ${i}`,
      '"Turned wooden toy, coloured with vegetable lacquer."',
      `${200 + (i % 300)}.50`,
      '',
      String(i % 40),
      '',
      'handicrafts',
      '"toys, wood"',
      '',
      '',
      '',
    ].join(',');
  return [CATALOG_COLUMNS.join(','), ...Array.from({ length: rows }, (_, i) => line(i + 1))].join('\r\n');
}

interface Latency {
  requests: number;
  p50: number;
  p99: number;
  rps: number;
}

/** A closed loop of CLIENTS visitors asking for the product list and a product, each request timed, until `until.stop`. */
async function visitors(base: string, productId: string, until: { stop: boolean }): Promise<Latency> {
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; !until.stop; i++) {
        const path = i % 2 === 0 ? '/api/products?limit=24' : `/api/products/${productId}`;
        const start = performance.now();
        const reply = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
        await reply.arrayBuffer();
        if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}`);
        times.push(performance.now() - start);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: Math.round(times.length / seconds),
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

buildServer();
const dir = mkdtempSync(join(tmpdir(), 'mibi-bench-import-'));
const server = startServer(dir, { DEMO_DATA: 'true' }, 'all', 'compiled');
try {
  const base = await server.url();
  await server.ready();
  const seller = await User.signUp(base, 'seller', 'Channapatna Toys', dir);
  const list = (await (await fetch(`${base}/api/products?limit=1`)).json()) as { items: Array<{ id: string }> };
  const productId = list.items[0]!.id;

  // Warmed up first (JIT, caches), then the server alone, for the latency to compare with.
  const warm = { stop: false };
  const warming = visitors(base, productId, warm);
  await sleep(WARM_UP_MS);
  warm.stop = true;
  await warming;
  const quiet = { stop: false };
  const baselineRun = visitors(base, productId, quiet);
  await sleep(BASELINE_MS);
  quiet.stop = true;
  const baseline = await baselineRun;

  const form = new FormData();
  form.set('file', new Blob([catalog(ROWS)], { type: 'text/csv' }), 'toys.csv');
  const checkStart = performance.now();
  const checked = await fetch(`${base}/api/seller/catalog/imports`, {
    method: 'POST',
    headers: { cookie: seller.cookie },
    body: form,
  });
  const checkMs = performance.now() - checkStart;
  if (checked.status !== 201) throw new Error(`check: ${checked.status} ${await checked.text()}`);
  const report = (await checked.json()) as { id: string; counts: Record<string, number> };

  const busy = { stop: false };
  const duringRun = visitors(base, productId, busy);
  const confirmed = await seller.send('POST', `/api/seller/catalog/imports/${report.id}/confirm`);
  if (confirmed.status !== 202) throw new Error(`confirm: ${confirmed.status}`);
  let doc: { status: string; done: number; counts: Record<string, number>; confirmedAt: string; finishedAt: string };
  for (;;) {
    doc = (await seller.send('GET', `/api/seller/catalog/imports/${report.id}`)).body;
    if (doc.status === 'finished') break;
    await sleep(100);
  }
  busy.stop = true;
  const during = await duringRun;
  const importSeconds = (Date.parse(doc.finishedAt) - Date.parse(doc.confirmedAt)) / 1000;

  console.log(`\ncatalog import of ${ROWS.toLocaleString('en-IN')} rows (${CLIENTS} visitors asking meanwhile)\n`);
  console.log(`dry run: ${ms(checkMs)} (${JSON.stringify(report.counts)})`);
  console.log(
    `import: ${importSeconds.toFixed(2)} s, ${Math.round(ROWS / importSeconds)} rows/s (${JSON.stringify(doc.counts)})`,
  );
  console.log('| visitors | requests | req/s | p50 | p99 |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, run] of [
    ['alone', baseline],
    ['during the import', during],
  ] as const)
    console.log(`| ${name} | ${run.requests} | ${run.rps} | ${ms(run.p50)} | ${ms(run.p99)} |`);

  recordFigures('import', [
    { name: `catalog dry run of ${ROWS} rows, ms`, measured: checkMs.toFixed(0), baseline: '', target: '', met: null },
    {
      name: `catalog import of ${ROWS} rows, s (rows/s)`,
      measured: `${importSeconds.toFixed(2)} (${Math.round(ROWS / importSeconds)})`,
      baseline: '',
      target: '',
      met: null,
    },
    {
      name: 'visitors’ p99 during the import, ms',
      measured: during.p99.toFixed(1),
      baseline: `alone ${baseline.p99.toFixed(1)}`,
      target: '',
      met: null,
    },
    {
      name: 'visitors’ req/s during the import',
      measured: String(during.rps),
      baseline: `alone ${baseline.rps}`,
      target: '',
      met: null,
    },
  ]);
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  removeDataDir(dir);
}
