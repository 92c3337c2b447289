/**
 * A confirmed catalog import, applied by a job derived from the log (effect.ts): the seller's
 * confirmation calls for one job, keyed by it; the job applies the rows not yet recorded in the
 * import's stream, a few at a time, records their outcomes there (which the progress bar follows
 * over the live feed), then records the import finished. A row applied before a crash but not
 * recorded is found applied by the writer (its mark on the product) and recorded, not done again.
 *
 * The writer is the seller's own product commands, which live in the API (api/catalog-import/
 * apply.ts): the composition root hands it to the workers (WorkerOptions.importRow).
 */
import {
  type CatalogImportEvent,
  type RowResult,
  catalogImportDecider,
  catalogImportStream,
} from '../domain/catalog-import/import.ts';
import { FIRST_ROW } from '../domain/catalog-import/plan.ts';
import type { CatalogRowText } from '../domain/catalog-import/rows.ts';
import type { Effect } from './effect.ts';
import { type Cause, type Worker, causedBy, causeOf } from './worker.ts';

export const CATALOG_IMPORT = 'catalog-import';

/** Rows applied between two records of their outcomes: the progress bar's steps. */
export const ROWS_PER_RECORD = 20;

export interface CatalogImportJob {
  importId: string;
  sellerId: string;
  cause: Cause;
}

/**
 * Prepares the import of `rows` (the file's records after its header) and gives what applies one
 * of them, by its number, as its seller's command: its outcome (refused rows too); it throws only
 * to be retried.
 */
export type ImportRowWriter = (
  job: Pick<CatalogImportJob, 'importId' | 'sellerId'>,
  rows: readonly CatalogRowText[],
) => Promise<(row: number) => Promise<RowResult>>;

type Confirmed = Extract<CatalogImportEvent, { type: 'CatalogImportConfirmed' }>;

const importOf = (streams: Parameters<Effect['done']>[0], importId: string) =>
  streams.load(catalogImportStream(importId), catalogImportDecider);

export const catalogImportEffect: Effect<CatalogImportJob, Confirmed> = {
  job: CATALOG_IMPORT,
  reactor: 'reactor:catalog-import',
  reconciler: 'reconcile:catalog-import',
  eventTypes: new Set(['CatalogImportConfirmed'] as const),
  jobsOf: (recorded) => {
    const { importId, sellerId } = recorded.data;
    return [
      { job: { importId, sellerId, cause: causeOf(recorded) }, options: { jobId: `${CATALOG_IMPORT}:${recorded.id}` } },
    ];
  },
  done: async (streams, { importId }) => (await importOf(streams, importId)).state?.finished === true,
  // No import was confirmed before this effect: from the start is the same as from now, without
  // an upgrade reading the whole log for nothing.
  from: 'now',
};

/** The job: needs the writer, which only a process that assembled the API's commands has (every role does, api/roles/assemble.ts). */
export const importCatalog = (write: ImportRowWriter | undefined): Worker<CatalogImportJob> => ({
  name: CATALOG_IMPORT,
  concurrency: 2,
  async handle({ data: job }, { streams, now }) {
    if (!write) throw new Error('This process has no catalog import writer');
    const stream = catalogImportStream(job.importId);
    const { state } = await importOf(streams, job.importId);
    if (!state) throw new Error(`No catalog import ${job.importId}`);
    const pending = state.rows
      .map((text, i) => ({ text, row: FIRST_ROW + i }))
      .filter(({ row }) => !state.recorded.has(row));
    const apply = await write(job, state.rows);
    const metadata = causedBy(job.cause);
    for (let first = 0; first < pending.length; first += ROWS_PER_RECORD) {
      const results: RowResult[] = [];
      for (const { row } of pending.slice(first, first + ROWS_PER_RECORD)) results.push(await apply(row));
      await streams.handle(stream, catalogImportDecider, { type: 'RecordRows', results, at: now() }, metadata);
    }
    await streams.handle(stream, catalogImportDecider, { type: 'FinishImport', at: now() }, metadata);
  },
});
