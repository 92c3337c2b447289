/** The catalog imports read model's live events: an import's progress, to its seller (the progress bar). */
import { type LiveChange, liveEvent, liveSlice } from '../live.ts';
import type { CatalogImportDoc, ImportProgress } from './documents.ts';
import { CATALOG_IMPORTS } from './projection.ts';

export const catalogImportsLive = liveSlice({
  collection: CATALOG_IMPORTS,
  events: {
    'catalogImport.progress': liveEvent<ImportProgress>('seller', 'the import without its notes'),
  },
  messages: ({ doc }: LiveChange<CatalogImportDoc>) => {
    if (!doc) return [];
    const { notes: _, sellerId, ...progress } = doc;
    return [{ event: 'catalogImport.progress', data: progress, audience: sellerId }];
  },
});
