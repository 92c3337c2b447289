/**
 * The figures every benchmark reports, gathered into one table by `npm run bench`
 * (scripts/bench.ts): each script calls `recordFigures` once at its end. When run alone
 * (`npm run bench:api`) nothing is written and the script prints only its own tables.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Figure {
  /** What was measured, e.g. "product list, req/s vs node:http". */
  name: string;
  /** The figure as printed, e.g. "0.52 (38,211 req/s)". */
  measured: string;
  /** The baseline from the same run it is compared with, e.g. "node:http hello-world 73,480 req/s"; empty when none. */
  baseline: string;
  /** The target as stated, e.g. ">= 0.5"; empty for a figure shown for comparison only. */
  target: string;
  /** Null when there is no target. */
  met: boolean | null;
}

/** Set by scripts/bench.ts for the scripts it runs. */
const DIR_VARIABLE = 'BENCH_RESULTS_DIR';

export function recordFigures(bench: string, figures: Figure[]): void {
  const dir = process.env[DIR_VARIABLE];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${bench}.json`), JSON.stringify(figures, null, 2));
}

/** The figures `bench` wrote into `dir`, or none when it wrote nothing (it failed before its end). */
export function readFigures(dir: string, bench: string): Figure[] {
  const file = join(dir, `${bench}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Figure[]) : [];
}

export const RESULTS_DIR_VARIABLE = DIR_VARIABLE;
