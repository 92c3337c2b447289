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
import { PRODUCT_MESSAGES, productFormSchema, productUpdateSchema } from '../product/schemas.ts';
import type { ProductTax } from '../tax/product-tax.ts';

/**
 * The columns, in the order the export writes them. `product_id` names a product of the
 * seller's to update (the export fills it in); empty, the row lists a new product. `hsn` and
 * `gst_rate` both empty take the category's defaults; `image_urls` are separated by spaces.
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
] as const;

export type CatalogColumn = (typeof CATALOG_COLUMNS)[number];

/** The columns a file must have; the others may be left out (empty). */
export const REQUIRED_COLUMNS: readonly CatalogColumn[] = ['name', 'description', 'price', 'stock', 'category'];

export const CATALOG_FILE_MESSAGES = {
  missingColumns: (columns: readonly string[]) => `The first row must name the columns; missing: ${columns.join(', ')}`,
  unknownColumns: (columns: readonly string[]) =>
    `Unknown columns: ${columns.join(', ')}. The columns are: ${CATALOG_COLUMNS.join(', ')}`,
  repeatedColumns: (columns: readonly string[]) => `Columns named twice: ${columns.join(', ')}`,
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
  /** Days to make it after the order; null: shipped from stock. */
  madeToOrderDays: number | null;
  categoryId: string;
  tags: string[];
  /** Null: the category's defaults. */
  tax: ProductTax | null;
  /** Addresses of the images, the main one first: https URLs fetched once, or our own `/media/...` paths. */
  imageUrls: string[];
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
  const imageUrls = row.image_urls.split(/\s+/).filter((url) => url !== '');
  const problems: RowProblem[] = parsed.success
    ? []
    : Object.entries(fieldErrors(parsed.error)).map(([field, message]) => ({
        column: FORM_COLUMNS[field] ?? 'name',
        message,
      }));
  const imageProblem = imageProblems(imageUrls);
  if (imageProblem !== null) problems.push({ column: 'image_urls', message: imageProblem });
  if (!parsed.success || problems.length > 0) return { ok: false, problems };
  const { imageUrl: _, tax, ...product } = parsed.data;
  const productId = row.product_id.trim();
  return {
    ok: true,
    product: { ...product, productId: productId === '' ? null : productId, tax: noTax ? null : tax, imageUrls },
  };
}

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
}

const rateText = (bps: number): string =>
  `${Math.trunc(bps / 100)}${bps % 100 === 0 ? '' : `.${String(bps % 100).padStart(2, '0')}`}`;

/** A product as a row of the catalog's columns. */
export const exportedRow = (product: ExportedProduct): string[] => [
  csvField(product.id),
  csvText(product.name),
  csvText(product.description),
  decimalRupees(product.pricePaise),
  product.originalPricePaise === null ? '' : decimalRupees(product.originalPricePaise),
  String(product.stockQuantity),
  product.madeToOrderDays === null ? '' : String(product.madeToOrderDays),
  csvText(product.categoryId),
  csvText(product.tags.join(', ')),
  csvText(product.tax.hsn),
  rateText(product.tax.gstRateBps),
  csvText(product.images.map((image) => image.url).join(' ')),
];

/** The seller's catalog as a CSV file: the header, then a row per product. */
export const catalogCsv = (products: readonly ExportedProduct[]): string =>
  csvOf([[...CATALOG_COLUMNS], ...products.map(exportedRow)]);

/** mibi-catalog-2026-11-27.csv */
export const catalogFileName = (date: string): string => `mibi-catalog-${date}.csv`;
