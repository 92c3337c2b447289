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
import {
  CATALOG_ROW_MESSAGES,
  FIRST_ROW,
  groupVariants,
  newProductGroups,
  ownDays,
  repeatedCombinations,
  repeatedProblem,
  repeatedRows,
  skuIndex,
  speltValues,
  targetOf,
} from '../../domain/catalog-import/plan.ts';
import { type CatalogProduct, type RowProblem, checkRow } from '../../domain/catalog-import/rows.ts';
import { VARIANT_MESSAGES } from '../../domain/product/variants.ts';
import { productDecider } from '../../domain/product/decider.ts';
import { proposedVersion } from '../../domain/product/revision.ts';
import { type ImportMark, type ProductEvent, productStream } from '../../domain/product/events.ts';
import type { ProductImage } from '../../domain/product/image.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { ImportRowWriter } from '../../workers/catalog-import.ts';
import { existingProducts } from './check.ts';
import { ApiError } from '../http/errors.ts';
import { EDIT_MESSAGES } from '../commands/product-revisions.ts';
import { type ListingContext, listProduct, updateProduct } from '../commands/products.ts';
import { imageAtUrl } from '../commands/uploads.ts';
import type { ProductInputContext } from '../commands/product-input.ts';

export type ImportRowContext = ListingContext & ProductInputContext & { platform: { read: ReadStore } };

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

type Outcome = Pick<RowResult, 'outcome' | 'productId' | 'message'>;

/** The product columns every row gives, as a body's fields. */
function productFields(product: CatalogProduct) {
  const {
    productId: _,
    imageUrls: __,
    options: ___,
    sku: ____,
    variantMadeToOrderDays: _____,
    variantImageUrls: ______,
    tax,
    ...fields
  } = product;
  return { ...fields, ...(tax && { tax }) };
}

/** The ids of a variant's pictures: each address is one of `addresses` (the row's), whose stored image is at the same place in `images`; or one of the product's. */
function pictureIds(urls: readonly string[], addresses: readonly string[], images: readonly ProductImage[]): string[] {
  return urls.map((url) => {
    const image = addresses.includes(url) ? images[addresses.indexOf(url)] : images.find((own) => own.url === url);
    const message = VARIANT_MESSAGES.variantImageUnknown;
    if (!image) throw new DomainError('validation_failed', message, 'invalid', { variantImages: message });
    return image.id;
  });
}

/** Lists the row's product (with the variants of its group's rows, when it has options) under the row's own id. */
async function create(cx: ImportRowContext, seller: Actor, products: readonly CatalogProduct[], mark: ImportMark) {
  const productId = importedProductId(mark.importId, mark.row);
  const done = await cx.streams.read<ProductEvent>(productStream(productId), { limit: 1 });
  if (done.length > 0) return { outcome: 'created' as const, productId, message: null };
  const [first] = products;
  const images = await imagesOf(cx, seller.userId, first!.imageUrls, []);
  const fields = productFields(first!);
  const { options, variants } = groupVariants(products);
  const sold =
    options.length === 0
      ? { options: [], ...(first!.sku !== null && { sku: first!.sku }) }
      : {
          options,
          variants: variants.map(({ imageUrls, ...variant }) => ({
            ...variant,
            images: pictureIds(imageUrls, first!.imageUrls, images),
          })),
        };
  const body = { ...fields, personalisation: [], images: images.map((image) => image.id), ...sold };
  await listProduct(cx, seller, body, { productId, mark });
  return { outcome: 'created' as const, productId, message: null };
}

/** Changes the product's columns, and the price and stock of the row's variant (or of the product sold as one thing), or adds the row's variant. */
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
    return refused({ column: 'product_id', message: CATALOG_ROW_MESSAGES.notYours });
  if ((await cx.streams.read<ProductEvent>(stream)).some((event) => marked(event, mark)))
    return { outcome: 'updated' as const, productId, message: null };
  const own = [...state.details.images, ...(state.revision?.after.images ?? [])];
  const images = product.imageUrls.length > 0 ? await imagesOf(cx, seller.userId, product.imageUrls, own) : null;
  const { pricePaise, originalPricePaise, stockQuantity, ...fields } = productFields(product);
  // The row changes the product as its seller last asked for it, as the form does: a variant waiting for review stays in.
  const details = proposedVersion(state.details, state.revision);
  // The row's variant pictures, among the images it gives, else among the product's.
  const pictures = pictureIds(product.variantImageUrls, product.imageUrls, images ?? details.images);
  const isMine = (variant: { sku: string }) => variant.sku.toLowerCase() === product.sku?.toLowerCase();
  const { options } = details;
  // A SKU the product lacks adds a variant (targetOf checked its combination); its values as the options spell them.
  const added = options.length > 0 && !details.variants.some(isMine);
  const addedValues = speltValues(options, product.options);
  const sold =
    options.length === 0
      ? { pricePaise, originalPricePaise, stockQuantity, ...(product.sku !== null && { sku: product.sku }) }
      : {
          ...(added && {
            options: options.map(({ name, values }, i) => ({
              name,
              values: values.includes(addedValues[i]!) ? values : [...values, addedValues[i]!],
            })),
          }),
          // Every variant as it is, the row's with its price and stock.
          variants: [
            ...details.variants.map((variant) => {
              const mine = isMine(variant);
              const imageIds = details.images
                .filter((image) => variant.imageUrls.includes(image.url))
                .map((image) => image.id);
              return {
                id: variant.id,
                sku: variant.sku,
                optionValues: variant.optionValues,
                pricePaise: mine ? pricePaise : variant.pricePaise,
                originalPricePaise: mine ? originalPricePaise : variant.originalPricePaise,
                stockQuantity: mine ? stockQuantity : (state.stock.get(variant.id) ?? 0),
                images: mine && pictures.length > 0 ? pictures : imageIds,
                // A variant's row gives its own made-to-order days; the others keep theirs.
                ...(mine
                  ? ownDays(product)
                  : variant.madeToOrderDays !== undefined && { madeToOrderDays: variant.madeToOrderDays }),
              };
            }),
            ...(added
              ? [
                  {
                    sku: product.sku!,
                    optionValues: addedValues,
                    pricePaise,
                    originalPricePaise,
                    stockQuantity,
                    images: pictures,
                    ...ownDays(product),
                  },
                ]
              : []),
          ],
        };
  const body = { ...fields, ...sold, ...(images && { images: images.map((image) => image.id) }) };
  const result = await updateProduct(cx, seller, productId, body, mark);
  if (result.message === EDIT_MESSAGES.unchanged) return { outcome: 'unchanged' as const, productId, message: null };
  return { outcome: 'updated' as const, productId, message: result.review ? result.message : null };
}

const refused = ({ column, message }: RowProblem): Outcome => ({
  outcome: 'refused',
  productId: null,
  message: `${column}: ${message}`,
});

/**
 * What the job runs for an import: the seller's own commands, as each row asks. The file is
 * read once (its repeated rows, the new products with options and their rows, the seller's SKUs).
 */
export function catalogRowWriter(cx: ImportRowContext): ImportRowWriter {
  return async ({ importId, sellerId }, rows) => {
    const existing = await existingProducts(cx.platform.read, sellerId);
    const skus = skuIndex(existing);
    const repeated = repeatedRows(rows);
    // A product this import listed already (a run cut short, found by its id) keeps its rows together.
    const ours = new Set(rows.map((_, i) => importedProductId(importId, FIRST_ROW + i)));
    const known = [...skus].filter(([, { product }]) => !ours.has(product.id)).map(([sku]) => sku);
    const groups = newProductGroups(rows, new Set(known));
    const seller: Actor = { userId: sellerId, roles: ['seller'] };
    const checked = rows.map((text) => checkRow(text));
    const checkedRow = (row: number) => checked[row - FIRST_ROW]!;
    const combinations = repeatedCombinations(checked, existing, skus, groups);
    /** Why a row is refused before any product is looked at, if it is. */
    const refusalOf = (row: number): RowProblem | undefined => {
      const result = checkedRow(row);
      if (!result.ok) return result.problems[0];
      const earlier = repeated.get(row);
      return earlier === undefined ? combinations.get(row) : repeatedProblem(earlier);
    };

    async function apply(row: number): Promise<Outcome> {
      const result = checkedRow(row);
      if (!result.ok) return { ...refused(result.problems[0]!), message: problemsText(result.problems) };
      const problem = refusalOf(row);
      if (problem) return refused(problem);
      const { product } = result;
      const group = groups.get(row);
      if (group) {
        const products = group.map(checkedRow);
        const bad = group.find((one) => refusalOf(one) !== undefined);
        if (bad !== undefined) return refused({ column: 'name', message: CATALOG_ROW_MESSAGES.groupRefused(bad) });
        // The product is listed by its group's first row; the others say where.
        const first = group[0]!;
        if (row !== first) return { outcome: 'created', productId: importedProductId(importId, first), message: null };
        return create(
          cx,
          seller,
          products.flatMap((one) => (one.ok ? [one.product] : [])),
          { importId, row },
        );
      }
      const target = targetOf(product, existing, skus);
      if (target === null) return create(cx, seller, [product], { importId, row });
      if ('problem' in target) return refused(target.problem);
      return update(cx, seller, target.product.id, product, { importId, row });
    }

    return async (row) => {
      const name = rows[row - FIRST_ROW]!.name.trim();
      try {
        return { row, name, ...(await apply(row)) };
      } catch (error) {
        // The seller's mistakes refuse the row in the words the product form uses; anything else is retried.
        if (error instanceof ApiError && error.status < 500)
          return { row, outcome: 'refused', productId: null, name, message: fieldMessage(error) };
        if (error instanceof DomainError)
          return { row, outcome: 'refused', productId: null, name, message: fieldMessage(error) };
        throw error;
      }
    };
  };
}

const problemsText = (problems: readonly RowProblem[]): string =>
  problems.map((problem) => `${problem.column}: ${problem.message}`).join('; ');

/** An API error's message, after the column it concerns when it names one. */
function fieldMessage(error: ApiError | DomainError): string {
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
  sku: 'sku',
  variants: 'sku',
  variantImages: 'variant_image_urls',
};
