/**
 * The catalog imports read model's document (collection `catalog_imports`): an import's state,
 * its progress and the rows the seller should look at. Schemas, and the types inferred from them.
 */
import { z } from '@hono/zod-openapi';
import { ROW_OUTCOMES } from '../../domain/catalog-import/import.ts';

export const IMPORT_STATUSES = ['checked', 'importing', 'finished'] as const;

const count = z.number().int().min(0);

const RowCountsSchema = z
  .object({ created: count, updated: count, unchanged: count, refused: count })
  .openapi('ImportRowCounts');

const RowResultSchema = z
  .object({
    row: z.number().int().openapi({ description: "The row's number in the file; the header is row 1" }),
    outcome: z.enum(ROW_OUTCOMES),
    productId: z.string().nullable(),
    name: z.string(),
    message: z
      .string()
      .nullable()
      .openapi({ description: 'Why the row was refused, or the changes that wait for review' }),
  })
  .openapi('ImportRowResult');

export const CatalogImportSchema = z
  .object({
    id: z.string(),
    sellerId: z.string(),
    fileName: z.string(),
    status: z
      .enum(IMPORT_STATUSES)
      .openapi({ description: 'checked: waiting for the seller to confirm; importing; finished' }),
    total: count.openapi({ description: 'Rows in the file' }),
    done: count.openapi({ description: 'Rows applied or refused so far' }),
    counts: RowCountsSchema,
    notes: z
      .array(RowResultSchema)
      .openapi({ description: 'The rows refused, and those whose content changes wait for review, in file order' }),
    checkedAt: z.string(),
    confirmedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .openapi('CatalogImport');
export type CatalogImportDoc = z.infer<typeof CatalogImportSchema>;

/** What the live feed tells of an import's progress: the document without its notes and its seller. */
export type ImportProgress = Omit<CatalogImportDoc, 'notes' | 'sellerId'>;
