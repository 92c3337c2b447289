/**
 * The dry run of a catalog import: row by row, what the import would do with the seller's
 * catalog as it stands (list a new product, change one, leave one as it is) or why it refuses
 * the row, in the product form's words. The import itself decides each row again when it runs.
 */
import type { Verification } from '../catalog/status.ts';
import { type FieldChange, type HistoryNames, STOCK_LABEL, detailChanges } from '../product/history.ts';
import type { ProductDetails } from '../product/events.ts';
import { CONTENT_FIELDS, sameValue } from '../product/revision.ts';
import { type CatalogProduct, type CatalogRowText, type ExportedProduct, type RowProblem, checkRow } from './rows.ts';

/** A product of the seller's as the dry run compares a row with it. */
export interface ExistingProduct extends ExportedProduct {
  verification: Verification;
}

export type RowAction = 'create' | 'update' | 'unchanged' | 'refuse';

export interface PlannedRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  action: RowAction;
  productId: string | null;
  name: string;
  /** Of an update: each field that would change, with its value before and after. */
  changes: FieldChange[];
  /** Of a refusal: each column's problem. */
  problems: RowProblem[];
  /** Of an update of a verified product: its content changes would wait for an admin's review. */
  review: boolean;
}

export const CATALOG_ROW_MESSAGES = {
  notYours: 'No product of yours has this id',
  repeated: (row: number) => `This product is already in row ${row}`,
  unknownCategory: 'Choose one of the categories',
} as const;

/** The first data row: the header is row 1. */
export const FIRST_ROW = 2;

/** The names the changes are written with, and which categories exist. */
export interface PlanNames extends HistoryNames {
  hasCategory(categoryId: string): boolean;
}

/** Which of the product's fields a row would change, its images and tax only when the row gives them. */
export function rowChanges(
  product: CatalogProduct,
  existing: ExistingProduct,
  names: HistoryNames,
): { changes: FieldChange[]; content: boolean } {
  const before: Partial<ProductDetails> = {};
  const after: Partial<ProductDetails> = {};
  const compare = <K extends keyof ProductDetails>(key: K, from: ProductDetails[K], to: ProductDetails[K]) => {
    if (sameValue(from, to)) return;
    before[key] = from;
    after[key] = to;
  };
  compare('name', existing.name, product.name);
  compare('description', existing.description, product.description);
  compare('pricePaise', existing.pricePaise, product.pricePaise);
  compare('originalPricePaise', existing.originalPricePaise, product.originalPricePaise);
  compare('madeToOrderDays', existing.madeToOrderDays, product.madeToOrderDays);
  compare('categoryId', existing.categoryId, product.categoryId);
  compare('tags', [...existing.tags], product.tags);
  if (product.tax) compare('tax', existing.tax, product.tax);
  const urls = existing.images.map((image) => image.url);
  if (product.imageUrls.length > 0 && !sameValue(urls, product.imageUrls)) {
    // Only their number is told: the new addresses are fetched when the import runs.
    before.images = existing.images.map((image) => ({ id: image.url, url: image.url, sizes: [] }));
    after.images = product.imageUrls.map((url) => ({ id: url, url, sizes: [] }));
  }
  const changes = detailChanges(before, after, names);
  if (existing.stockQuantity !== product.stockQuantity)
    changes.push({ field: STOCK_LABEL, before: String(existing.stockQuantity), after: String(product.stockQuantity) });
  return { changes, content: CONTENT_FIELDS.some((field) => field in after) };
}

/** Rows naming a product an earlier row names already, each with that earlier row's number: refused, dry run and import alike. */
export function repeatedRows(rows: readonly CatalogRowText[]): Map<number, number> {
  const first = new Map<string, number>();
  const repeated = new Map<number, number>();
  rows.forEach((text, i) => {
    const productId = text.product_id.trim();
    if (productId === '') return;
    const earlier = first.get(productId);
    if (earlier === undefined) first.set(productId, FIRST_ROW + i);
    else repeated.set(FIRST_ROW + i, earlier);
  });
  return repeated;
}

/** A repeated row's refusal. */
export const repeatedProblem = (earlier: number): RowProblem => ({
  column: 'product_id',
  message: CATALOG_ROW_MESSAGES.repeated(earlier),
});

/** What the import would do with each row of `rows` (the file's records after its header). */
export function planRows(
  rows: readonly CatalogRowText[],
  existing: ReadonlyMap<string, ExistingProduct>,
  names: PlanNames,
): PlannedRow[] {
  const repeated = repeatedRows(rows);
  return rows.map((text, i) => {
    const row = FIRST_ROW + i;
    const planned = { row, productId: null, name: text.name.trim(), changes: [], problems: [], review: false };
    const refuse = (problems: RowProblem[]): PlannedRow => ({ ...planned, action: 'refuse', problems });
    const checked = checkRow(text);
    if (!checked.ok) return refuse(checked.problems);
    const { product } = checked;
    if (!names.hasCategory(product.categoryId))
      return refuse([{ column: 'category', message: CATALOG_ROW_MESSAGES.unknownCategory }]);
    if (product.productId === null) return { ...planned, action: 'create' };
    const earlier = repeated.get(row);
    if (earlier !== undefined) return refuse([repeatedProblem(earlier)]);
    const current = existing.get(product.productId);
    if (!current) return refuse([{ column: 'product_id', message: CATALOG_ROW_MESSAGES.notYours }]);
    const { changes, content } = rowChanges(product, current, names);
    return {
      ...planned,
      productId: product.productId,
      action: changes.length === 0 ? 'unchanged' : 'update',
      changes,
      review: content && current.verification === 'verified',
    };
  });
}
