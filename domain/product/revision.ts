/**
 * Revisions of a verified product: which fields of a seller's edit change at once (price,
 * original price) and which wait for an admin's review (the content buyers trusted when the
 * product was approved), and what a new edit does to a revision already waiting.
 */
import { z } from 'zod';
import { type ProductTax, sameTax } from '../tax/product-tax.ts';
import type { ProductContent, ProductDetails } from './events.ts';
import { type ProductImage, mainImageUrl, sameImages } from './image.ts';
import { rejectProductSchema } from './schemas.ts';

/**
 * Reviewed before they go live on a verified product, in the order of the Add Product form.
 * `imageUrl` follows `images` (withImageUrl), so it is no field of its own.
 */
export const CONTENT_FIELDS = ['name', 'description', 'categoryId', 'images', 'tags'] as const satisfies ReadonlyArray<
  keyof ProductContent
>;

export type ContentField = (typeof CONTENT_FIELDS)[number];

/**
 * Changed at once even on a verified product: a price is not a claim about the goods, the
 * tax data is the seller's own declaration to the tax authorities, which a review cannot vouch
 * for, the made-to-order days are the seller's promise of time, like a price, and the
 * personalisation questions ask the buyer, claiming nothing (their words pass the text checks).
 */
export const IMMEDIATE_FIELDS = [
  'pricePaise',
  'originalPricePaise',
  'tax',
  'madeToOrderDays',
  'personalisation',
  // Each variant's price, SKU and images, and the options they combine: prices, as above.
  'options',
  'variants',
] as const satisfies ReadonlyArray<keyof ProductDetails>;

/** The content fields a revision changes: their approved values when it was submitted, and the proposed ones. */
export interface PendingRevision {
  revisionId: string;
  before: Partial<ProductContent>;
  after: Partial<ProductContent>;
}

/** How a revision stopped waiting: approving or rejecting twice is harmless, the others name why it cannot be. */
export type RevisionOutcome = 'approved' | 'rejected' | 'replaced' | 'withdrawn';

/** Revision ids count the product's revisions: unique within its stream, which the product id names. */
export const revisionIdOf = (number: number): string => `r${number}`;

const isImage = (value: unknown): value is ProductImage =>
  typeof value === 'object' && value !== null && 'sizes' in value;
const isRecord = (value: unknown): value is object => typeof value === 'object' && value !== null;
const isTax = (value: unknown): value is ProductTax => typeof value === 'object' && value !== null && 'hsn' in value;

/** Text, numbers, null, tax data, or lists of text compared item by item, images by id, questions, options and variants whole. */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (isTax(a) && isTax(b)) return sameTax(a, b);
  if (!Array.isArray(a) || !Array.isArray(b)) return a === b;
  if (a.some(isImage) || b.some(isImage)) return sameImages(a, b);
  // Questions, options and variants as the schemas write them, their keys always in one order.
  if (a.some(isRecord) || b.some(isRecord)) return JSON.stringify(a) === JSON.stringify(b);
  return a.length === b.length && a.every((item, i) => item === b[i]);
};

/**
 * Fields of an event with `imageUrl` set from `images` when they change: events keep the main
 * image's URL for readers of the shape before galleries (upcast.ts).
 */
export function withImageUrl<T extends Partial<Pick<ProductDetails, 'images' | 'imageUrl'>>>(fields: T): T {
  return fields.images === undefined ? fields : { ...fields, imageUrl: mainImageUrl(fields.images) };
}

export function pick<T extends object, K extends keyof T>(source: Partial<T>, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Partial<Pick<T, K>>;
}

/** Of `keys`, those `changes` gives (undefined is "leave as it is") with a value other than `current`'s. */
export function changedKeys<K extends keyof ProductDetails>(
  current: ProductDetails,
  changes: Partial<ProductDetails>,
  keys: readonly K[],
): K[] {
  return keys.filter((key) => changes[key] !== undefined && !sameValue(changes[key], current[key]));
}

/** What a seller's edit of a verified product's content asks of the review. */
export type ContentEdit =
  | { kind: 'submit'; before: Partial<ProductContent>; after: Partial<ProductContent> }
  | { kind: 'withdraw'; revisionId: string }
  | { kind: 'none' };

/**
 * The edit applies on top of the pending revision, as the seller's form shows it: the fields it
 * leaves out keep their proposed value. The result is one whole proposal against the approved
 * version, so an admin never approves half of what the seller asked for. A proposal equal to
 * the pending one changes nothing (a retried request); one equal to the approved version
 * withdraws the pending one.
 */
export function contentEdit(
  approved: ProductDetails,
  pending: PendingRevision | null,
  changes: Partial<ProductDetails>,
): ContentEdit {
  const proposed: ProductContent = {
    ...pick(approved, CONTENT_FIELDS),
    ...pending?.after,
    ...definedContent(changes),
  } as ProductContent;
  const differing = changedKeys(approved, proposed, CONTENT_FIELDS);
  if (differing.length === 0) return pending ? { kind: 'withdraw', revisionId: pending.revisionId } : { kind: 'none' };
  const after = withImageUrl(pick(proposed, differing));
  if (pending && sameContent(pending.after, after)) return { kind: 'none' };
  return { kind: 'submit', before: withImageUrl(pick(approved, differing)), after };
}

function definedContent(changes: Partial<ProductDetails>): Partial<ProductContent> {
  return Object.fromEntries(
    CONTENT_FIELDS.filter((key) => changes[key] !== undefined).map((key) => [key, changes[key]]),
  );
}

function sameContent(a: Partial<ProductContent>, b: Partial<ProductContent>): boolean {
  const keys = CONTENT_FIELDS.filter((key) => a[key] !== undefined || b[key] !== undefined);
  return keys.every((key) => sameValue(a[key], b[key]));
}

const revisionId = z
  .string({ error: 'Name the changes reviewed (revisionId)' })
  .min(1, 'Name the changes reviewed (revisionId)')
  .max(40, 'Revision id must be at most 40 characters');

/** Body of "approve a revision": the one the admin reviewed. */
export const approveRevisionSchema = z.object({ revisionId });

/** Body of "reject a revision": the one the admin reviewed, and a reason its seller sees. */
export const rejectRevisionSchema = rejectProductSchema.extend({ revisionId });
