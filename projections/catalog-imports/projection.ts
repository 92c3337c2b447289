/** A seller's catalog imports: checked, importing (with its progress), finished, and the rows to look at. */
import { type CatalogImportEvent, countsOf, noRows } from '../../domain/catalog-import/import.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { CatalogImportDoc } from './documents.ts';

export const CATALOG_IMPORTS = 'catalog_imports';

type Followed = Exclude<CatalogImportEvent, { type: 'CatalogImportRowsReceived' }>;

async function change(work: UnitOfWork, id: string, edit: (doc: CatalogImportDoc) => Partial<CatalogImportDoc>) {
  const doc = await work.get<CatalogImportDoc>(CATALOG_IMPORTS, id);
  if (doc) work.put<CatalogImportDoc>(CATALOG_IMPORTS, { ...doc, ...edit(doc) });
}

export const catalogImports: Projection = {
  name: 'catalog-imports',
  collections: [{ name: CATALOG_IMPORTS, indexes: [['sellerId', 'checkedAt']] }],
  // The rows themselves (CatalogImportRowsReceived) are the job's, not the read model's.
  eventTypes: new Set<Followed['type']>([
    'CatalogImportChecked',
    'CatalogImportConfirmed',
    'CatalogImportRowsApplied',
    'CatalogImportFinished',
  ]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const { type, data } = recorded as Followed & RecordedEvent;
    switch (type) {
      case 'CatalogImportChecked':
        work.put<CatalogImportDoc>(CATALOG_IMPORTS, {
          id: data.importId,
          sellerId: data.sellerId,
          fileName: data.fileName,
          status: 'checked',
          total: data.rows,
          done: 0,
          counts: noRows(),
          notes: [],
          checkedAt: data.at,
          confirmedAt: null,
          finishedAt: null,
        });
        return;
      case 'CatalogImportConfirmed':
        return change(work, data.importId, () => ({ status: 'importing', confirmedAt: data.at }));
      case 'CatalogImportRowsApplied':
        return change(work, data.importId, (doc) => ({
          done: doc.done + data.results.length,
          counts: countsOf(data.results, doc.counts),
          notes: [...doc.notes, ...data.results.filter((result) => result.message !== null)],
        }));
      case 'CatalogImportFinished':
        return change(work, data.importId, () => ({ status: 'finished', finishedAt: data.at }));
    }
  },
};
