/** The catalog import's shapes, as the API answers them (api/routes/catalog-import.ts). */
import type { Data, server } from '../../../api/client.ts';

/** POST /seller/catalog/imports: the dry run's report, row by row. */
export type CheckedImport = Data<typeof server.seller.catalog.imports.$post>;
export type PlannedRow = CheckedImport['rows'][number];

/** GET /seller/catalog/imports/{id}: the import's progress and the rows to look at. */
export type CatalogImport = Data<(typeof server.seller.catalog.imports)[':id']['$get']>;
export type ImportNote = CatalogImport['notes'][number];
