/**
 * Revisions of a verified product: which fields of a seller's edit change at once (price,
 * original price) and which wait for an admin's review (the content buyers trusted when the
 * product was approved), what a new edit does to a revision already waiting, and what an
 * approval makes live (`approvedVersion`, the one place it is said).
 */
import { z } from 'zod';
import { type ProductTax, sameTax } from '../tax/product-tax.ts';
import type { ProductContent, ProductDetails } from './events.ts';
import { type ProductImage, mainImageUrl, sameImages } from './image.ts';
import { rejectProductSchema } from './schemas.ts';
import { type Variant, type Variants, cheapestPrice } from './variants.ts';

/**
 * Reviewed before they go live on a verified product, in the order of the Add Product form.
 * `imageUrl` follows `images` (withImageUrl), so it is no field of its own. Of `variants`, the
 * review sees which combinations are sold, their values and pictures (withAtOnceOf says the rest).
 */
export const CONTENT_FIELDS = [
  'name',
  'description',
  'categoryId',
  'images',
  'tags',
  'options',
  'variants',
] as const satisfies ReadonlyArray<keyof ProductContent>;

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
  // Of the variants on sale, their price, SKU and made-to-order days (withAtOnceOf, atOnceChanges).
  'variants',
] as const satisfies ReadonlyArray<keyof ProductDetails>;

/**
 * `variant` with the at-once fields of `from`, its keys in the one order the comparisons rely on.
 *
 * Of each variant a verified product has on sale, what changes at once: its price and original
 * price and its made-to-order days, as the product's own do, and its SKU, the seller's
 * stock-keeping code (it claims nothing about the goods, and catalog imports match rows by it).
 * Its stock has events of its own and always changes at once. The rest of an edit of the
 * variants waits for review with the options: which combinations are sold, their values and
 * their pictures. A new variant is held (not shown, not buyable) until approved; a removed one
 * stays on sale until then too, so that the admin approves the whole set the seller asked for
 * (the seller can set its stock to 0 at once meanwhile).
 */
function withAtOnceOf(variant: Variant, from: Variant): Variant {
  const { id, optionValues, imageUrls } = variant;
  const { sku, pricePaise, originalPricePaise, madeToOrderDays } = from;
  return {
    id,
    sku,
    optionValues,
    pricePaise,
    originalPricePaise,
    imageUrls,
    ...(madeToOrderDays !== undefined && { madeToOrderDays }),
  };
}

const matching = (variants: readonly Variant[], variant: Variant) => variants.find((one) => one.id === variant.id);

/** The variants on sale, each with the at-once fields the edit asks of it: what changes before any review. */
export const liveVariantsAfter = (live: readonly Variant[], asked: readonly Variant[]): Variant[] =>
  live.map((variant) => withAtOnceOf(variant, matching(asked, variant) ?? variant));

/** The variants asked for, those on sale at their live at-once fields: what a review sees, and what an approval makes live. */
export const reviewedVariants = (live: readonly Variant[], asked: readonly Variant[]): Variant[] =>
  asked.map((variant) => withAtOnceOf(variant, matching(live, variant) ?? variant));

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
const isVariant = (value: unknown): value is Variant => isRecord(value) && 'optionValues' in value;
/** A variant as one text, its keys in one order whoever wrote it. */
const variantKey = (value: unknown): string => (isVariant(value) ? JSON.stringify(withAtOnceOf(value, value)) : '');

/** Text, numbers, null, tax data, or lists of text compared item by item, images by id, questions, options and variants whole. */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (isTax(a) && isTax(b)) return sameTax(a, b);
  if (!Array.isArray(a) || !Array.isArray(b)) return a === b;
  if (a.some(isImage) || b.some(isImage)) return sameImages(a, b);
  if (a.some(isVariant) || b.some(isVariant))
    return a.length === b.length && a.every((item, i) => variantKey(item) === variantKey(b[i]));
  // Questions and options as the schemas write them, their keys always in one order.
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

/**
 * What of an edit changes a verified product at once: the IMMEDIATE_FIELDS it gives and, when it
 * gives variants, those on sale with their at-once fields (liveVariantsAfter), the product's
 * price then their cheapest's.
 */
export function atOnceChanges(live: ProductDetails, changes: Partial<ProductDetails>): Partial<ProductDetails> {
  const given: Partial<ProductDetails> = Object.fromEntries(
    IMMEDIATE_FIELDS.filter((key) => changes[key] !== undefined).map((key) => [key, changes[key]]),
  );
  if (changes.variants === undefined) return given;
  const variants = liveVariantsAfter(live.variants, changes.variants);
  return { ...given, variants, ...cheapestPrice(variants) };
}

/** The details a revision applies to: the decider's, or a read model's with more beside each variant. */
type Versioned = Variants & Pick<Variant, 'pricePaise' | 'originalPricePaise'>;
/** Those details with the variants a revision gives, which have only a variant's own fields. */
type WithVariants<T extends Versioned> = Omit<T, 'variants'> & { variants: Variant[] };

/**
 * The product once a revision is approved: the content it asks for, each variant already on
 * sale keeping its at-once fields as they are now (they may have changed since), and, when the
 * variants change, the product's price their cheapest's. The decider and the catalog read
 * model apply an approval with it alone.
 */
export function approvedVersion<T extends Versioned>(live: T, after: Partial<ProductContent>): WithVariants<T> {
  if (after.variants === undefined) return { ...live, ...after };
  const variants = reviewedVariants(live.variants, after.variants);
  return { ...live, ...after, variants, ...cheapestPrice(variants) };
}

/** The product as its seller last asked for it: the approved version with the revision waiting approved. */
export const proposedVersion = <T extends Versioned>(
  live: T,
  revision: Pick<PendingRevision, 'after'> | null,
): WithVariants<T> => (revision ? approvedVersion(live, revision.after) : live);

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
  // Variants on sale are compared and proposed at their live price and SKU: those changed at once.
  const reviewed = (content: Partial<ProductContent>): Partial<ProductContent> =>
    content.variants === undefined
      ? content
      : { ...content, variants: reviewedVariants(approved.variants, content.variants) };
  const proposed: ProductContent = {
    ...pick(approved, CONTENT_FIELDS),
    ...reviewed(pending?.after ?? {}),
    ...reviewed(definedContent(changes)),
  } as ProductContent;
  const differing = changedKeys(approved, proposed, CONTENT_FIELDS);
  if (differing.length === 0) return pending ? { kind: 'withdraw', revisionId: pending.revisionId } : { kind: 'none' };
  const after = withImageUrl(pick(proposed, differing));
  if (pending && sameContent(reviewed(pending.after), after)) return { kind: 'none' };
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
  .string({ error: /*i18n*/ 'Name the changes reviewed (revisionId)' })
  .min(1, /*i18n*/ 'Name the changes reviewed (revisionId)')
  .max(40, /*i18n*/ 'Revision id must be at most 40 characters');

/** Body of "approve a revision": the one the admin reviewed. */
export const approveRevisionSchema = z.object({ revisionId });

/** Body of "reject a revision": the one the admin reviewed, and a reason its seller sees. */
export const rejectRevisionSchema = rejectProductSchema.extend({ revisionId });
