/**
 * `npm run bench`: every benchmark in turn, each in a process of its own, then one table of
 * every figure beside its baseline from the same run, its target and whether it was met.
 * The scripts record their figures through scripts/bench-results.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { RESULTS_DIR_VARIABLE, readFigures } from './bench-results.ts';

/** In the order they run; bench:scale last, as it starts PostgreSQL and Redis. */
const BENCHES = ['store', 'api', 'replay', 'analytics', 'lighthouse', 'import', 'scale'] as const;

const dir = mkdtempSync(join(tmpdir(), 'mibi-bench-results-'));
const failed: string[] = [];
try {
  for (const bench of BENCHES) {
    console.log(`\n=== npm run bench:${bench}\n`);
    const run = spawnSync('npm', ['run', '--silent', `bench:${bench}`], {
      stdio: 'inherit',
      env: { ...process.env, [RESULTS_DIR_VARIABLE]: dir },
    });
    if (run.status !== 0) failed.push(bench);
  }

  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(
    `\n=== every figure · ${new Date().toISOString().slice(0, 10)} · Node ${process.versions.node} · ${cpus().length} × ${cpu} · ${Math.round(totalmem() / 2 ** 30)} GiB\n`,
  );
  console.log('| bench | figure | measured | baseline (same run) | target | |');
  console.log('|---|---|---:|---|---|---|');
  for (const bench of BENCHES) {
    const figures = readFigures(dir, bench);
    if (figures.length === 0) console.log(`| ${bench} | (no figures: the script failed) | | | | |`);
    for (const f of figures)
      console.log(
        `| ${bench} | ${f.name} | ${f.measured} | ${f.baseline} | ${f.target} | ${f.met === null ? '' : f.met ? 'met' : '**not met**'} |`,
      );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.map((b) => `bench:${b}`).join(', ')}`);
  process.exit(1);
}
