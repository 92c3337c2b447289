/**
 * A seller's catalog as CSV rows, both ways: the columns, a row read into a product with the
 * product form's own messages (productFormSchema, so a CSV row is refused in the words the form
 * uses), and a product written as a row (RFC 4180, text guarded against formulas: domain/csv.ts).
 */
import { csvField, csvOf, csvText } from '../csv.ts';
import { fieldErrors } from '../fields.ts';
import { decimalRupees } from '../ledger/statement.ts';
import type { Paise } from '../money.ts';
import { MAX_PRODUCT_IMAGES } from '../product/image.ts';
import { MADE_TO_ORDER_MESSAGE, madeToOrderDaysField } from '../product/made-to-order.ts';
import { PRODUCT_MESSAGES, productFormSchema, productUpdateSchema } from '../product/schemas.ts';
import { VARIANT_MESSAGES, type Variant, variantLabel } from '../product/variants.ts';
import type { ProductTax } from '../tax/product-tax.ts';

/**
 * The columns, in the order the export writes them. A row is a product sold as one thing, or one
 * variant of a product with options (its `sku`, its value of each option named, its price and
 * stock; the product's columns repeated). `product_id` names a product of the seller's to update
 * (the export fills it in), as does a `sku` the seller has; else the row lists a new product, whose
 * variants are the rows of the same name with options. `made_to_order_days` are the product's;
 * a variant's own are `variant_made_to_order_days` (empty: the product's; 0: it ships from
 * stock), its pictures `variant_image_urls` (among the product's images; empty: as they are).
 * `hsn` and `gst_rate` both empty take the category's defaults; image addresses are separated
 * by spaces.
 */
export const CATALOG_COLUMNS = [
  'product_id',
  'name',
  'description',
  'price',
  'original_price',
  'stock',
  'made_to_order_days',
  'category',
  'tags',
  'hsn',
  'gst_rate',
  'image_urls',
  'sku',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'variant_made_to_order_days',
  'variant_image_urls',
] as const;

/** The option columns of a row, in order: a name and the row's value of that option. */
const OPTION_COLUMNS = [
  ['option1_name', 'option1_value'],
  ['option2_name', 'option2_value'],
  ['option3_name', 'option3_value'],
] as const satisfies ReadonlyArray<readonly [CatalogColumn, CatalogColumn]>;

export type CatalogColumn = (typeof CATALOG_COLUMNS)[number];

/** The columns a file must have; the others may be left out (empty). */
const REQUIRED_COLUMNS: readonly CatalogColumn[] = ['name', 'description', 'price', 'stock', 'category'];

const CATALOG_FILE_MESSAGES = {
  missingColumns: (columns: readonly string[]) => `The first row must name the columns; missing: ${columns.join(', ')}`,
  unknownColumns: (columns: readonly string[]) =>
    `Unknown columns: ${columns.join(', ')}. The columns are: ${CATALOG_COLUMNS.join(', ')}`,
  repeatedColumns: (columns: readonly string[]) => `Columns named twice: ${columns.join(', ')}`,
  variantColumnsWithoutOptions: /*i18n*/ 'Only the row of a variant (with options) has variant columns',
  variantDays: `${MADE_TO_ORDER_MESSAGE}, or 0 when this variant ships from stock`,
} as const;

/** A row as read: every column's text (an absent column reads as empty). */
export type CatalogRowText = Record<CatalogColumn, string>;

/** A row's product, as the list and edit commands take it (images still as addresses). */
export interface CatalogProduct {
  /** The seller's product the row updates; null: a new product. */
  productId: string | null;
  name: string;
  description: string;
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  stockQuantity: number;
  /** The product's days to make it after the order; null: shipped from stock. */
  madeToOrderDays: number | null;
  /** The variant's own made-to-order days (null: it ships from stock); undefined: the product's. */
  variantMadeToOrderDays: number | null | undefined;
  /** Addresses of the variant's pictures, among the product's images; none: as they are. */
  variantImageUrls: string[];
  categoryId: string;
  tags: string[];
  /** Null: the category's defaults. */
  tax: ProductTax | null;
  /** Addresses of the images, the main one first: https URLs fetched once, or our own `/media/...` paths. */
  imageUrls: string[];
  /** The product's SKU, or its variant's; null when not given. */
  sku: string | null;
  /** The variant's value of each option, in order; none for a product sold as one thing. */
  options: Array<{ name: string; value: string }>;
}

export interface RowProblem {
  column: CatalogColumn;
  message: string;
}

export type CheckedRow = { ok: true; product: CatalogProduct } | { ok: false; problems: RowProblem[] };

/** The form's fields and the column each one is typed in. */
const FORM_COLUMNS: Record<string, CatalogColumn> = {
  name: 'name',
  description: 'description',
  price: 'price',
  originalPrice: 'original_price',
  stockQuantity: 'stock',
  madeToOrderDays: 'made_to_order_days',
  categoryId: 'category',
  tags: 'tags',
  hsn: 'hsn',
  gstRateBps: 'gst_rate',
  imageUrl: 'image_urls',
};

/** Which columns the header names, or why it cannot be read as a catalog. */
export function checkHeader(header: readonly string[]): { ok: true } | { ok: false; message: string } {
  const names = header.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(CATALOG_COLUMNS);
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  if (repeated.length > 0) return { ok: false, message: CATALOG_FILE_MESSAGES.repeatedColumns([...new Set(repeated)]) };
  const missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) return { ok: false, message: CATALOG_FILE_MESSAGES.missingColumns(missing) };
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) return { ok: false, message: CATALOG_FILE_MESSAGES.unknownColumns(unknown) };
  return { ok: true };
}

/** The apostrophe the export puts before a text that a spreadsheet would run as a formula (csvText). */
const unguarded = (field: string): string => (/^'[=+\-@\t\r]/.test(field) ? field.slice(1) : field);

/** A record of the file (its fields in the header's order) as every column's text. */
export function rowText(header: readonly string[], fields: readonly string[]): CatalogRowText {
  const row = Object.fromEntries(CATALOG_COLUMNS.map((column) => [column, ''])) as CatalogRowText;
  header.forEach((name, i) => {
    row[name.trim().toLowerCase() as CatalogColumn] = unguarded(fields[i] ?? '');
  });
  return row;
}

/** A GST rate as people write it ("5", "5%", "0.25 %") in basis points, as text for the form's rate field. */
function rateBpsText(text: string): string {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return text.trim() === '' ? '' : 'x';
  return String(Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')));
}

/** Our own image paths, or https addresses the server fetches once (api/images/remote-image.ts). */
const SITE_PATH = /^\/(?!\/)/;

const addresses = (text: string): string[] => text.split(/\s+/).filter((url) => url !== '');

function imageProblems(urls: readonly string[]): string | null {
  if (urls.length > MAX_PRODUCT_IMAGES) return PRODUCT_MESSAGES.tooManyImages;
  if (new Set(urls).size !== urls.length) return PRODUCT_MESSAGES.imageRepeated;
  for (const url of urls) {
    const parsed = productUpdateSchema.safeParse({ imageUrl: url });
    if (!parsed.success) return fieldErrors(parsed.error).imageUrl ?? PRODUCT_MESSAGES.imageUrlInvalid;
    if (!SITE_PATH.test(url) && !url.startsWith('https://')) return PRODUCT_MESSAGES.imageUrlInsecure;
  }
  return null;
}

/** The row's options (name and value), or the problem with them; a SKU is then required. */
function optionsOf(row: CatalogRowText): { options: CatalogProduct['options']; problems: RowProblem[] } {
  const options: CatalogProduct['options'] = [];
  const problems: RowProblem[] = [];
  for (const [nameColumn, valueColumn] of OPTION_COLUMNS) {
    const [name, value] = [row[nameColumn].trim(), row[valueColumn].trim()];
    if (name === '' && value === '') continue;
    if (name === '') problems.push({ column: nameColumn, message: VARIANT_MESSAGES.optionNameRequired });
    else if (value === '') problems.push({ column: valueColumn, message: VARIANT_MESSAGES.optionValuesCount });
    else options.push({ name, value });
  }
  if (options.length > 0 && row.sku.trim() === '')
    problems.push({ column: 'sku', message: VARIANT_MESSAGES.skuRequired });
  return { options, problems };
}

/** The variant's own made-to-order days as the column gives them: empty is the product's, 0 ships from stock. */
function variantDays(text: string): number | null | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (trimmed === '0') return null;
  const parsed = madeToOrderDaysField.safeParse(trimmed);
  return parsed.success ? parsed.data : 'invalid';
}

/**
 * A variant's own columns: only on a row with options; its pictures among the row's images when
 * it gives them (else among the product's, which only the dry run and the import know).
 */
function variantColumns(row: CatalogRowText, withOptions: boolean, imageUrls: readonly string[]) {
  const problems: RowProblem[] = [];
  const days = variantDays(row.variant_made_to_order_days);
  const variantImageUrls = addresses(row.variant_image_urls);
  const given = days !== undefined || variantImageUrls.length > 0;
  if (given && !withOptions) {
    const column = days !== undefined ? 'variant_made_to_order_days' : 'variant_image_urls';
    problems.push({ column, message: CATALOG_FILE_MESSAGES.variantColumnsWithoutOptions });
  } else if (days === 'invalid')
    problems.push({ column: 'variant_made_to_order_days', message: CATALOG_FILE_MESSAGES.variantDays });
  const imageProblem = imageProblems(variantImageUrls);
  if (imageProblem !== null) problems.push({ column: 'variant_image_urls', message: imageProblem });
  else if (imageUrls.length > 0 && variantImageUrls.some((url) => !imageUrls.includes(url)))
    problems.push({ column: 'variant_image_urls', message: VARIANT_MESSAGES.variantImageUnknown });
  return { days: days === 'invalid' ? undefined : days, imageUrls: variantImageUrls, problems };
}

function skuProblem(sku: string): string | null {
  if (sku === '') return null;
  const parsed = productUpdateSchema.safeParse({ sku });
  return parsed.success ? null : (fieldErrors(parsed.error).sku ?? VARIANT_MESSAGES.skuInvalid);
}

/** A row read into a product, or every column's first problem in the product form's words. */
export function checkRow(row: CatalogRowText): CheckedRow {
  const noTax = row.hsn.trim() === '' && row.gst_rate.trim() === '';
  const form = {
    name: row.name,
    description: row.description,
    price: row.price,
    originalPrice: row.original_price,
    stockQuantity: row.stock,
    categoryId: row.category,
    imageUrl: '',
    tags: row.tags,
    // Stand-ins the schema takes when both are empty: the category's defaults apply instead.
    hsn: noTax ? '0101' : row.hsn,
    gstRateBps: noTax ? '0' : rateBpsText(row.gst_rate),
    madeToOrderDays: row.made_to_order_days,
  };
  const parsed = productFormSchema.safeParse(form);
  const imageUrls = addresses(row.image_urls);
  const problems: RowProblem[] = parsed.success
    ? []
    : Object.entries(fieldErrors(parsed.error)).map(([field, message]) => ({
        column: FORM_COLUMNS[field] ?? 'name',
        message,
      }));
  const imageProblem = imageProblems(imageUrls);
  if (imageProblem !== null) problems.push({ column: 'image_urls', message: imageProblem });
  const sku = row.sku.trim();
  const badSku = skuProblem(sku);
  if (badSku !== null) problems.push({ column: 'sku', message: badSku });
  const options = optionsOf(row);
  problems.push(...options.problems);
  const variant = variantColumns(row, options.options.length > 0, imageUrls);
  problems.push(...variant.problems);
  if (!parsed.success || problems.length > 0) return { ok: false, problems };
  const { imageUrl: _, tax, ...product } = parsed.data;
  const productId = row.product_id.trim();
  return {
    ok: true,
    product: {
      ...product,
      productId: productId === '' ? null : productId,
      tax: noTax ? null : tax,
      imageUrls,
      sku: sku === '' ? null : sku,
      options: options.options,
      variantMadeToOrderDays: variant.days,
      variantImageUrls: variant.imageUrls,
    },
  };
}

/** A variant as the export writes it: its stock beside it. */
export type ExportedVariant = Pick<
  Variant,
  'sku' | 'optionValues' | 'pricePaise' | 'originalPricePaise' | 'madeToOrderDays' | 'imageUrls'
> & {
  stockQuantity: number;
};

/** What the export writes of a product. */
export interface ExportedProduct {
  id: string;
  name: string;
  description: string;
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  stockQuantity: number;
  madeToOrderDays: number | null;
  categoryId: string;
  tags: readonly string[];
  tax: ProductTax;
  images: readonly { url: string }[];
  options: ReadonlyArray<{ name: string; values: readonly string[] }>;
  variants: readonly ExportedVariant[];
}

const rateText = (bps: number): string =>
  `${Math.trunc(bps / 100)}${bps % 100 === 0 ? '' : `.${String(bps % 100).padStart(2, '0')}`}`;

/** A product as rows of the catalog's columns: one, or one per variant of a product with options. */
const exportedRows = (product: ExportedProduct): string[][] =>
  product.options.length === 0
    ? [exportedRow(product, null)]
    : product.variants.map((variant) => exportedRow(product, variant));

const daysText = (days: number | null): string => (days === null ? '' : String(days));

/** A variant's own days as its column has them: empty for the product's, 0 when it ships from stock. */
const variantDaysText = (days: number | null | undefined): string =>
  days === undefined ? '' : days === null ? '0' : String(days);

/** A row of the product sold as one thing (`variant` null: its default variant), or of one of its variants. */
const exportedRow = (product: ExportedProduct, variant: ExportedVariant | null): string[] => [
  csvField(product.id),
  csvText(product.name),
  csvText(product.description),
  decimalRupees((variant ?? product).pricePaise),
  (variant ?? product).originalPricePaise === null ? '' : decimalRupees((variant ?? product).originalPricePaise!),
  String((variant ?? product).stockQuantity),
  daysText(product.madeToOrderDays),
  csvText(product.categoryId),
  csvText(product.tags.join(', ')),
  csvText(product.tax.hsn),
  rateText(product.tax.gstRateBps),
  csvText(product.images.map((image) => image.url).join(' ')),
  csvText(variant?.sku ?? product.variants[0]?.sku ?? ''),
  ...OPTION_COLUMNS.flatMap((_, i) => {
    const option = product.options[i];
    return option && variant ? [csvText(option.name), csvText(variant.optionValues[i] ?? '')] : ['', ''];
  }),
  variant ? variantDaysText(variant.madeToOrderDays) : '',
  csvText(variant?.imageUrls.join(' ') ?? ''),
];

/** The seller's catalog as a CSV file: the header, then a row per product or variant. */
export const catalogCsv = (products: readonly ExportedProduct[]): string =>
  csvOf([[...CATALOG_COLUMNS], ...products.flatMap(exportedRows)]);

/** "Size 8 · Tan" of a row's options: how the report names a variant. */
export const rowVariantLabel = (options: CatalogProduct['options']): string =>
  variantLabel(
    options.map(({ name, value }) => ({ name, values: [value] })),
    options.map(({ value }) => value),
  );

/** mibi-catalog-2026-11-27.csv */
export const catalogFileName = (date: string): string => `mibi-catalog-${date}.csv`;
