/**
 * One row of a confirmed catalog import, applied as the seller's own listing or edit would be
 * (api/commands/products.ts: the same checks, tax defaults, images fetched once through the safe
 * fetch, verified products' content changes sent for review), marked with the import's row so
 * the product's history says "imported". The job (workers/catalog-import.ts) calls it for each
 * row not yet recorded; a row done before a crash is found by its mark and not done again.
 */
import { createHash } from 'node:crypto';
import type { Actor } from '../../domain/actor.ts';
import { DomainError } from '../../domain/decider.ts';
import type { RowResult } from '../../domain/catalog-import/import.ts';
import { CATALOG_ROW_MESSAGES } from '../../domain/catalog-import/plan.ts';
import { type CatalogProduct, type CatalogRowText, checkRow } from '../../domain/catalog-import/rows.ts';
import { productDecider } from '../../domain/product/decider.ts';
import { type ImportMark, type ProductEvent, productStream } from '../../domain/product/events.ts';
import type { ProductImage } from '../../domain/product/image.ts';
import type { ImportRowWriter } from '../../workers/catalog-import.ts';
import { ApiError } from '../http/errors.ts';
import { EDIT_MESSAGES } from '../commands/product-revisions.ts';
import { type ListingContext, listProduct, updateProduct } from '../commands/products.ts';
import { imageAtUrl } from '../commands/uploads.ts';
import type { ProductInputContext } from '../commands/product-input.ts';

export type ImportRowContext = ListingContext & ProductInputContext;

/** The id a new product of a row gets: the same for the same row of the same import, so a repeat finds it listed. */
export function importedProductId(importId: string, row: number): string {
  const hex = createHash('sha256').update(`catalog-import:${importId}:${row}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const marked = (event: ProductEvent, mark: ImportMark): boolean => {
  const imported = 'imported' in event.data ? event.data.imported : undefined;
  return imported?.importId === mark.importId && imported.row === mark.row;
};

/** Our copies of the row's images, in its order: the product's own kept, others fetched once and stored. */
const imagesOf = (cx: ImportRowContext, sellerId: string, urls: readonly string[], own: readonly ProductImage[]) =>
  Promise.all(urls.map((url) => imageAtUrl(cx, sellerId, url, own)));

async function create(cx: ImportRowContext, seller: Actor, product: CatalogProduct, mark: ImportMark) {
  const productId = importedProductId(mark.importId, mark.row);
  const done = await cx.streams.read<ProductEvent>(productStream(productId), { limit: 1 });
  if (done.length > 0) return { outcome: 'created' as const, productId, message: null };
  const images = await imagesOf(cx, seller.userId, product.imageUrls, []);
  const { productId: _, imageUrls: __, tax, ...fields } = product;
  // A CSV row names no personalisation questions nor options: the seller adds them in the product form.
  const body = {
    ...fields,
    personalisation: [],
    options: [],
    images: images.map((image) => image.id),
    ...(tax && { tax }),
  };
  await listProduct(cx, seller, body, { productId, mark });
  return { outcome: 'created' as const, productId, message: null };
}

async function update(
  cx: ImportRowContext,
  seller: Actor,
  productId: string,
  product: CatalogProduct,
  mark: ImportMark,
) {
  const stream = productStream(productId);
  const { state } = await cx.streams.load(stream, productDecider);
  if (!state || state.sellerId !== seller.userId || state.delisted)
    return { outcome: 'refused' as const, productId: null, message: `product_id: ${CATALOG_ROW_MESSAGES.notYours}` };
  if ((await cx.streams.read<ProductEvent>(stream)).some((event) => marked(event, mark)))
    return { outcome: 'updated' as const, productId, message: null };
  const own = [...state.details.images, ...(state.revision?.after.images ?? [])];
  const images = product.imageUrls.length > 0 ? await imagesOf(cx, seller.userId, product.imageUrls, own) : null;
  const { productId: _, imageUrls: __, tax, ...fields } = product;
  const body = { ...fields, ...(tax && { tax }), ...(images && { images: images.map((image) => image.id) }) };
  const result = await updateProduct(cx, seller, productId, body, mark);
  if (result.message === EDIT_MESSAGES.unchanged) return { outcome: 'unchanged' as const, productId, message: null };
  return { outcome: 'updated' as const, productId, message: result.review ? result.message : null };
}

/** What the job runs for each row: the seller's own commands, as the row asks. */
export function catalogRowWriter(cx: ImportRowContext): ImportRowWriter {
  return async ({ importId, sellerId }, row, text: CatalogRowText): Promise<RowResult> => {
    const name = text.name.trim();
    const checked = checkRow(text);
    if (!checked.ok) {
      const message = checked.problems.map((problem) => `${problem.column}: ${problem.message}`).join('; ');
      return { row, outcome: 'refused', productId: null, name, message };
    }
    const seller: Actor = { userId: sellerId, roles: ['seller'] };
    const mark = { importId, row };
    const { product } = checked;
    try {
      const result =
        product.productId === null
          ? await create(cx, seller, product, mark)
          : await update(cx, seller, product.productId, product, mark);
      return { row, name, ...result };
    } catch (error) {
      // The seller's mistakes refuse the row in the words the product form uses; anything else is retried.
      if (error instanceof ApiError && error.status < 500)
        return { row, outcome: 'refused', productId: null, name, message: fieldMessage(error) };
      if (error instanceof DomainError)
        return { row, outcome: 'refused', productId: null, name, message: error.message };
      throw error;
    }
  };
}

/** An API error's message, after the column it concerns when it names one. */
function fieldMessage(error: ApiError): string {
  const field = Object.keys(error.fields ?? {})[0];
  const column = field === undefined ? undefined : FIELD_COLUMNS[field.split('.')[0]!];
  return column ? `${column}: ${error.message}` : error.message;
}

const FIELD_COLUMNS: Record<string, string> = {
  imageUrl: 'image_urls',
  images: 'image_urls',
  tax: 'gst_rate',
  categoryId: 'category',
  originalPricePaise: 'original_price',
  pricePaise: 'price',
};
