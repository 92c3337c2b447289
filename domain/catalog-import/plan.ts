/**
 * The dry run of a catalog import: row by row, what the import would do with the seller's
 * catalog as it stands (list a new product, change one, leave one as it is) or why it refuses
 * the row, in the product form's words. The import itself decides each row again when it runs.
 */
import type { Verification } from '../catalog/status.ts';
import { type FieldChange, type HistoryNames, STOCK_LABEL, detailChanges } from '../product/history.ts';
import type { ProductDetails } from '../product/events.ts';
import { CONTENT_FIELDS, sameValue } from '../product/revision.ts';
import { formatInr } from '../money.ts';
import { VARIANT_MESSAGES } from '../product/variants.ts';
import {
  type CatalogProduct,
  type CatalogRowText,
  type CheckedRow,
  type ExportedProduct,
  type ExportedVariant,
  type RowProblem,
  checkRow,
  rowVariantLabel,
} from './rows.ts';

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
  notYours: /*i18n*/ 'No product of yours has this id',
  repeated: (row: number) => `This product is already in row ${row}`,
  skuRepeated: (row: number) => `This SKU is already in row ${row}`,
  unknownCategory: /*i18n*/ 'Choose one of the categories',
  /** A new product with options is listed from all its rows (those of its name), or not at all. */
  groupRefused: (row: number) => `Row ${row} of this product is refused`,
  /** A new SKU adds a variant: a value of each of the product's options, in their order. */
  optionsOfProduct: (names: readonly string[]) => `Give a value of each of this product's options: ${names.join(', ')}`,
  combinationTaken: (label: string, sku: string) => `${label} is already a variant of this product, SKU ${sku}`,
  /** Two rows of one file adding the same combination to one product: the second is refused. */
  combinationRepeated: (label: string, row: number) => `${label} is already added to this product by row ${row}`,
} as const;

/** The first data row: the header is row 1. */
export const FIRST_ROW = 2;

/** The names the changes are written with, and which categories exist. */
export interface PlanNames extends HistoryNames {
  hasCategory(categoryId: string): boolean;
}

/** A SKU, option name or value as compared: case and surrounding spaces aside. */
const folded = (text: string): string => text.trim().toLowerCase();

/**
 * Rows naming a product (by id, without a SKU) or a SKU an earlier row names already, each with
 * that earlier row's number: refused, dry run and import alike.
 */
export function repeatedRows(rows: readonly CatalogRowText[]): Map<number, { earlier: number; sku: boolean }> {
  const first = new Map<string, number>();
  const repeated = new Map<number, { earlier: number; sku: boolean }>();
  rows.forEach((text, i) => {
    const sku = folded(text.sku);
    const productId = text.product_id.trim();
    const key = sku !== '' ? `sku:${sku}` : productId !== '' ? `id:${productId}` : null;
    if (key === null) return;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, FIRST_ROW + i);
    else repeated.set(FIRST_ROW + i, { earlier, sku: sku !== '' });
  });
  return repeated;
}

/** A repeated row's refusal. */
export const repeatedProblem = ({ earlier, sku }: { earlier: number; sku: boolean }): RowProblem =>
  sku
    ? { column: 'sku', message: CATALOG_ROW_MESSAGES.skuRepeated(earlier) }
    : { column: 'product_id', message: CATALOG_ROW_MESSAGES.repeated(earlier) };

/**
 * The rows of each new product with options: rows without a product id whose SKU the seller does
 * not have, with options, grouped by name; by the number of each row, its group's rows in order.
 */
export function newProductGroups(
  rows: readonly CatalogRowText[],
  knownSkus: ReadonlySet<string>,
): Map<number, number[]> {
  const byName = new Map<string, number[]>();
  rows.forEach((text, i) => {
    if (text.product_id.trim() !== '' || knownSkus.has(folded(text.sku))) return;
    if (![text.option1_value, text.option2_value, text.option3_value].some((value) => value.trim() !== '')) return;
    const name = text.name.trim().toLowerCase();
    byName.set(name, [...(byName.get(name) ?? []), FIRST_ROW + i]);
  });
  const groups = new Map<number, number[]>();
  for (const group of byName.values()) for (const row of group) groups.set(row, group);
  return groups;
}

/**
 * Rows adding a combination of options that an earlier row of the file adds to the same product
 * (one of the seller's, or a new one listed from its rows), each with its refusal naming that
 * row: dry run and import alike, so the second is refused before the product refuses it.
 */
export function repeatedCombinations(
  checked: readonly CheckedRow[],
  existing: ReadonlyMap<string, ExistingProduct>,
  skus: ReturnType<typeof skuIndex>,
  groups: ReadonlyMap<number, number[]>,
): Map<number, RowProblem> {
  const first = new Map<string, { row: number; label: string }>();
  const repeated = new Map<number, RowProblem>();
  checked.forEach((result, i) => {
    const row = FIRST_ROW + i;
    if (!result.ok || result.product.options.length === 0) return;
    const { product } = result;
    const group = groups.get(row);
    const target = group ? null : targetOf(product, existing, skus);
    const adds = target !== null && !('problem' in target) && target.variant === 'new' ? target.product : null;
    if (!group && !adds) return;
    const owner = group ? `new:${group[0]}` : `id:${adds!.id}`;
    const key = [owner, ...product.options.map((option) => folded(option.value))].join('\n');
    const earlier = first.get(key);
    // Named as the first row spells it (as the product will have it).
    const label = adds ? labelIn(adds, product.options) : rowVariantLabel(product.options);
    if (earlier === undefined) first.set(key, { row, label });
    else
      repeated.set(row, {
        column: 'option1_value',
        message: CATALOG_ROW_MESSAGES.combinationRepeated(earlier.label, earlier.row),
      });
  });
  return repeated;
}

/** A row's option values as the product's options spell them; a value they lack as the row does. */
export const speltValues = (
  options: ReadonlyArray<{ values: readonly string[] }>,
  rowOptions: CatalogProduct['options'],
): string[] =>
  rowOptions.map(({ value }, i) => options[i]?.values.find((known) => folded(known) === folded(value)) ?? value);

/** "Size 8 · Tan" of a row's options, spelt as the product's. */
const labelIn = (existing: ExistingProduct, rowOptions: CatalogProduct['options']): string => {
  const values = speltValues(existing.options, rowOptions);
  return rowVariantLabel(rowOptions.map((option, i) => ({ ...option, value: values[i]! })));
};

/** A variant's own made-to-order days as a body gives them: none when its row leaves them to the product. */
export const ownDays = (product: CatalogProduct): { madeToOrderDays?: number | null } =>
  product.variantMadeToOrderDays === undefined ? {} : { madeToOrderDays: product.variantMadeToOrderDays };

/** The images a row's variant pictures must be among: those the row gives, else its product's. */
export const galleryOf = (product: CatalogProduct, existing: ExportedProduct | null): string[] =>
  product.imageUrls.length > 0 ? product.imageUrls : (existing?.images.map((image) => image.url) ?? []);

const variantImagesProblem = (product: CatalogProduct, gallery: readonly string[]): RowProblem | null =>
  product.variantImageUrls.every((url) => gallery.includes(url))
    ? null
    : { column: 'variant_image_urls', message: VARIANT_MESSAGES.variantImageUnknown };

/** Why a new product's rows (checked, in file order) cannot list it: options named otherwise, pictures not among its first row's images. */
export function groupProblem(products: readonly CatalogProduct[]): RowProblem | null {
  if (!groupVariants(products).sameOptions)
    return { column: 'option1_name', message: VARIANT_MESSAGES.optionValuesCount };
  const gallery = products[0]!.imageUrls;
  for (const product of products) {
    const problem = variantImagesProblem(product, gallery);
    if (problem) return problem;
  }
  return null;
}

/** A new product's options and variants from its rows' (already checked) products, in file order; the product's made-to-order days are its first row's. */
export function groupVariants(products: readonly CatalogProduct[]) {
  const names = products[0]!.options.map((option) => option.name);
  const options = names.map((name, i) => ({
    name,
    values: [...new Set(products.map((product) => product.options[i]?.value ?? ''))],
  }));
  const variants = products.map((product) => ({
    sku: product.sku ?? '',
    optionValues: product.options.map((option) => option.value),
    pricePaise: product.pricePaise,
    originalPricePaise: product.originalPricePaise,
    stockQuantity: product.stockQuantity,
    imageUrls: product.variantImageUrls,
    ...ownDays(product),
  }));
  const sameOptions = products.every(
    (product) =>
      product.options.length === names.length && product.options.every((option, i) => option.name === names[i]),
  );
  return { options, variants, sameOptions };
}

/**
 * What a row does to a product of the seller's: change the product sold as one thing (null), one
 * of its variants, or add a variant ('new': a new SKU with a combination the product lacks).
 */
export type RowVariant = ExportedVariant | 'new' | null;

/** Which of the product's fields a row would change, its images and tax only when the row gives them. */
function rowChanges(
  product: CatalogProduct,
  existing: ExistingProduct,
  variant: RowVariant,
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
  // A variant's price and stock are its own: told with its label below.
  if (!variant) {
    compare('pricePaise', existing.pricePaise, product.pricePaise);
    compare('originalPricePaise', existing.originalPricePaise, product.originalPricePaise);
  }
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
  if (variant === 'new') {
    const price = formatInr(product.pricePaise);
    changes.push({
      field: `New variant ${labelIn(existing, product.options)}`,
      before: '',
      after: `SKU ${product.sku}, ${price}, stock ${product.stockQuantity}`,
    });
    // A new variant is content: on a verified product it waits for review.
    return { changes, content: true };
  }
  const of = variant ? ` of ${rowVariantLabel(product.options) || variant.sku}` : '';
  const told = (field: string, from: string, to: string) => {
    if (from !== to) changes.push({ field: `${field}${of}`, before: from, after: to });
  };
  const newPictures =
    variant !== null && product.variantImageUrls.length > 0 && !sameValue(variant.imageUrls, product.variantImageUrls);
  if (variant) {
    const price = detailChanges(
      { pricePaise: variant.pricePaise, originalPricePaise: variant.originalPricePaise },
      { pricePaise: product.pricePaise, originalPricePaise: product.originalPricePaise },
      names,
    );
    for (const change of price) told(change.field, change.before, change.after);
    told('Made to order', ownDaysText(variant.madeToOrderDays), ownDaysText(product.variantMadeToOrderDays));
    if (newPictures) {
      changes.push({
        field: `Images${of}`,
        before: imagesText(variant.imageUrls, urls),
        after: imagesText(product.variantImageUrls, galleryOf(product, existing)),
      });
    }
  }
  const stockBefore = variant ? variant.stockQuantity : existing.stockQuantity;
  told(STOCK_LABEL, String(stockBefore), String(product.stockQuantity));
  if (!variant && product.sku !== null) told('SKU', existing.variants[0]?.sku ?? '', product.sku);
  // A variant's pictures are content, like the product's images.
  return { changes, content: newPictures || CONTENT_FIELDS.some((field) => field in after) };
}

/** A variant's own made-to-order days in words. */
const ownDaysText = (days: number | null | undefined): string =>
  days === undefined ? "the product's" : days === null ? 'ships from stock' : `${days} ${days === 1 ? 'day' : 'days'}`;

/** A variant's pictures in words, by their places in the product's images ('images 1, 3'); the product's when it has none. */
const imagesText = (urls: readonly string[], gallery: readonly string[]): string =>
  urls.length === 0
    ? "the product's"
    : `${urls.length === 1 ? 'image' : 'images'} ${urls.map((url) => gallery.indexOf(url) + 1).join(', ')}`;

/** The seller's variants by SKU (lower case), with their products. */
export function skuIndex(existing: ReadonlyMap<string, ExistingProduct>) {
  const index = new Map<string, { product: ExistingProduct; variant: ExportedVariant }>();
  for (const product of existing.values())
    for (const variant of product.variants)
      if (variant.sku !== '') index.set(folded(variant.sku), { product, variant });
  return index;
}

/** The product of the seller's a checked row changes (by id, else by SKU), its variant, or why not; null: a new product. */
export function targetOf(
  product: CatalogProduct,
  existing: ReadonlyMap<string, ExistingProduct>,
  skus: ReturnType<typeof skuIndex>,
): { product: ExistingProduct; variant: RowVariant } | { problem: RowProblem } | null {
  const bySku = product.sku === null ? undefined : skus.get(folded(product.sku));
  if (product.productId === null && !bySku) return null;
  const current = product.productId === null ? bySku!.product : existing.get(product.productId);
  if (!current) return { problem: { column: 'product_id', message: CATALOG_ROW_MESSAGES.notYours } };
  if (bySku && bySku.product.id !== current.id)
    return { problem: { column: 'sku', message: VARIANT_MESSAGES.skuTaken } };
  if (current.options.length === 0) {
    if (product.options.length > 0)
      return { problem: { column: 'option1_name', message: VARIANT_MESSAGES.variantsWithoutOptions } };
    return { product: current, variant: null };
  }
  const pictures = variantImagesProblem(product, galleryOf(product, current));
  if (pictures) return { problem: pictures };
  if (bySku) return { product: current, variant: bySku.variant };
  if (product.sku === null) return { problem: { column: 'sku', message: VARIANT_MESSAGES.skuOfVariants } };
  const names = current.options.map((option) => option.name);
  if (
    product.options.length !== names.length ||
    product.options.some((option, i) => folded(option.name) !== folded(names[i]!))
  )
    return { problem: { column: 'option1_name', message: CATALOG_ROW_MESSAGES.optionsOfProduct(names) } };
  const combination = product.options.map((option) => folded(option.value)).join('\n');
  const taken = current.variants.find((variant) => variant.optionValues.map(folded).join('\n') === combination);
  if (taken)
    return {
      problem: {
        column: 'sku',
        message: CATALOG_ROW_MESSAGES.combinationTaken(labelIn(current, product.options), taken.sku),
      },
    };
  return { product: current, variant: 'new' };
}

/** What the import would do with each row of `rows` (the file's records after its header). */
export function planRows(
  rows: readonly CatalogRowText[],
  existing: ReadonlyMap<string, ExistingProduct>,
  names: PlanNames,
): PlannedRow[] {
  const repeated = repeatedRows(rows);
  const skus = skuIndex(existing);
  const groups = newProductGroups(rows, new Set(skus.keys()));
  const checked = rows.map((text) => checkRow(text));
  const combinations = repeatedCombinations(checked, existing, skus, groups);
  const planned = rows.map((text, i): PlannedRow => {
    const row = FIRST_ROW + i;
    const base = { row, productId: null, name: text.name.trim(), changes: [], problems: [], review: false };
    const refuse = (problems: RowProblem[]): PlannedRow => ({ ...base, action: 'refuse', problems });
    const result = checked[i]!;
    if (!result.ok) return refuse(result.problems);
    const { product } = result;
    if (!names.hasCategory(product.categoryId))
      return refuse([{ column: 'category', message: CATALOG_ROW_MESSAGES.unknownCategory }]);
    const earlier = repeated.get(row);
    if (earlier !== undefined) return refuse([repeatedProblem(earlier)]);
    const combination = combinations.get(row);
    if (combination) return refuse([combination]);
    const target = targetOf(product, existing, skus);
    if (target === null) return { ...base, action: 'create' };
    if ('problem' in target) return refuse([target.problem]);
    const { changes, content } = rowChanges(product, target.product, target.variant, names);
    return {
      ...base,
      productId: target.product.id,
      action: changes.length === 0 ? 'unchanged' : 'update',
      changes,
      review: content && target.product.verification === 'verified',
    };
  });
  // A new product with options is listed from all its rows, or refused with them.
  for (const group of new Set(groups.values())) {
    const rowsOf = group.map((row) => planned[row - FIRST_ROW]!);
    const refused = rowsOf.find((one) => one.action === 'refuse');
    const products = group.map((row) => checked[row - FIRST_ROW]!).flatMap((one) => (one.ok ? [one.product] : []));
    const problem: RowProblem | null = refused
      ? { column: 'name', message: CATALOG_ROW_MESSAGES.groupRefused(refused.row) }
      : groupProblem(products);
    if (problem === null) continue;
    for (const one of rowsOf)
      if (one.action !== 'refuse') Object.assign(one, { action: 'refuse', problems: [problem] });
  }
  return planned;
}
