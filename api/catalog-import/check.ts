/**
 * A seller's catalog file, checked: read (file.ts), each row compared with the seller's catalog
 * as the dry run (domain/catalog-import/plan.ts), and kept in the import's stream for the job
 * the seller's confirmation starts (workers/catalog-import.ts). Nothing in the catalog changes yet.
 */
import type { Actor } from '../../domain/actor.ts';
import {
  type CatalogImportCommand,
  ROWS_PER_EVENT,
  catalogImportDecider,
  catalogImportStream,
} from '../../domain/catalog-import/import.ts';
import { type ExistingProduct, type PlannedRow, type RowAction, planRows } from '../../domain/catalog-import/plan.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { categoriesByName } from '../../projections/categories/queries.ts';
import { sellerProducts } from '../../projections/catalog/queries.ts';
import type { CommandContext } from '../commands/context.ts';
import { assertActorMaySell } from '../commands/sellers.ts';
import { ApiError } from '../http/errors.ts';
import { CATALOG_FILE_ERRORS, MAX_CATALOG_FILE_BYTES, readCatalogFile } from './file.ts';

export interface CatalogContext extends CommandContext {
  platform: { read: ReadStore };
}

export interface CheckedImport {
  id: string;
  position: number;
  fileName: string;
  /** Every row of the file, in order. */
  rows: PlannedRow[];
  counts: Record<RowAction, number>;
}

/** The catalog file a seller uploads, as a route takes it. */
export interface CatalogUpload {
  name: string;
  bytes: Uint8Array;
}

/** The seller's products as the dry run compares rows with them, by id. */
export async function existingProducts(read: ReadStore, sellerId: string): Promise<Map<string, ExistingProduct>> {
  const { items } = await sellerProducts(read, sellerId);
  return new Map(items.map((product) => [product.id, product]));
}

/** The category names the changes are written with, and which categories exist. */
export async function planNames(read: ReadStore) {
  const names = new Map((await categoriesByName(read)).map((category) => [category.id, category.name]));
  return {
    category: (categoryId: string) => names.get(categoryId) ?? categoryId,
    hasCategory: (categoryId: string) => names.has(categoryId),
  };
}

/** Reads and checks `file` for `actor`'s catalog: the dry run's report, the import waiting for the seller's confirmation. */
export async function checkCatalogImport(
  cx: CatalogContext,
  actor: Actor,
  file: CatalogUpload,
): Promise<CheckedImport> {
  await assertActorMaySell(cx, actor);
  // A body within the route's limit may still hold a file past it: the limit counts the multipart framing too.
  if (file.bytes.byteLength > MAX_CATALOG_FILE_BYTES)
    throw new ApiError(413, 'file_too_large', CATALOG_FILE_ERRORS.tooLarge);
  const read = readCatalogFile(file.bytes);
  if (!read.ok) throw new ApiError(400, 'invalid_catalog_file', read.message, { file: read.message });
  const { platform } = cx;
  const [existing, names] = await Promise.all([
    existingProducts(platform.read, actor.userId),
    planNames(platform.read),
  ]);
  const rows = planRows(read.rows, existing, names);
  const importId = cx.newId();
  const stream = catalogImportStream(importId);
  const metadata = { actor: actor.userId };
  for (let first = 0; first < read.rows.length; first += ROWS_PER_EVENT) {
    const chunk = read.rows.slice(first, first + ROWS_PER_EVENT);
    const receive: CatalogImportCommand = { type: 'ReceiveRows', importId, sellerId: actor.userId, first, rows: chunk };
    await cx.streams.handle(stream, catalogImportDecider, receive, metadata);
  }
  // Shown back to the seller: printable characters only.
  const fileName = file.name.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 200);
  const check: CatalogImportCommand = { type: 'CheckImport', fileName, at: cx.now() };
  const { position } = await cx.streams.handle(stream, catalogImportDecider, check, metadata);
  const counts: Record<RowAction, number> = { create: 0, update: 0, unchanged: 0, refuse: 0 };
  for (const { action } of rows) counts[action]++;
  return { id: importId, position, fileName, rows, counts };
}

/** The seller confirms the import checked: the job applies its rows (workers/catalog-import.ts). */
export async function confirmCatalogImport(
  cx: CommandContext,
  actor: Actor,
  importId: string,
): Promise<{ id: string; position: number }> {
  await assertActorMaySell(cx, actor);
  const confirm: CatalogImportCommand = { type: 'ConfirmImport', actor, at: cx.now() };
  const { position } = await cx.streams.handle(catalogImportStream(importId), catalogImportDecider, confirm, {
    actor: actor.userId,
  });
  return { id: importId, position };
}
