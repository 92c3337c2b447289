/** Reads of the catalog imports read model. */
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { CatalogImportDoc } from './documents.ts';
import { CATALOG_IMPORTS } from './projection.ts';

/** The import `importId` of `sellerId`; null for another seller's, as for one that does not exist. */
export async function sellerImport(
  read: ReadStore,
  sellerId: string,
  importId: string,
): Promise<CatalogImportDoc | null> {
  const doc = await read.collection<CatalogImportDoc>(CATALOG_IMPORTS).get(importId);
  return doc && doc.sellerId === sellerId ? doc : null;
}
