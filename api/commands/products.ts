/**
 * Product commands: a seller lists, edits, restocks and delists (an admin may too); an admin
 * verifies, rejects and features; a seller or an admin brings back an earlier version.
 */
import type { Actor } from '../../domain/actor.ts';
import { english } from '../../domain/i18n/message.ts';
import type { Verification } from '../../domain/catalog/status.ts';
import { type ProductCommand, productDecider } from '../../domain/product/decider.ts';
import { type ImportMark, type ProductDetails, type ProductEvent, productStream } from '../../domain/product/events.ts';
import { type FieldChange, detailChanges, occurredAt } from '../../domain/product/history.ts';
import type { ProductBody, ProductChangesBody } from '../../domain/product/schemas.ts';
import type { ProductTranslation, TranslatedLocale } from '../../domain/product/translation.ts';
import type { Config } from '../../platform/config/config.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { ApiError } from '../http/errors.ts';
import { productAsOf } from '../history/as-of.ts';
import { categoryNames } from '../history/entries.ts';
import { sellerProductEvents } from '../history/product-events.ts';
import { assertCategoryExists } from './categories.ts';
import type { CommandContext } from './context.ts';
import { decideWithSkus } from './product-skus.ts';
import { assertActorMaySell } from './sellers.ts';
import { assertVerifiedToList } from './email-verification.ts';
import { type ProductInputContext, checkedChanges, checkedListing } from './product-input.ts';
import { EDIT_MESSAGES, type EditOutcome, editOutcome, submittedRevision } from './product-revisions.ts';

/** What a product command answers: the product's id and the log position reached. */
export interface ProductCommandResult {
  id: string;
  position: number;
}

/** A new listing's answer: on sale at once (AUTO_VERIFY) or waiting for review, and that in words for the seller. */
export interface ListingResult extends ProductCommandResult {
  verification: Extract<Verification, 'verified' | 'pending'>;
  message: string;
}

export const LISTING_MESSAGES = {
  verified: /*i18n*/ 'Your product is now live on the marketplace.',
  pending: /*i18n*/ 'It is waiting for review and goes live once an admin has verified it.',
} as const;

/** Listing asks whether the server verifies new products itself (AUTO_VERIFY). */
export interface ListingContext extends CommandContext {
  config: Pick<Config, 'AUTO_VERIFY'>;
}

/** Restoring names the categories of the fields it brings back, from the categories read model. */
export interface RestoreContext extends ListingContext {
  platform: { read: ReadStore };
}

/** An edit's answer: what it saved, and which content changes wait for an admin's review. */
export interface ProductUpdateResult extends ProductCommandResult, EditOutcome {}

export interface RestoreResult extends ProductUpdateResult {
  /** The fields brought back (or sent for review); empty when the version matches the product. */
  changes: FieldChange[];
}

export const RESTORE_MESSAGES = {
  restored: /*i18n*/ 'Restored as a new edit',
  restoredWith: /*i18n*/ 'Restored as a new edit. {outcome}',
  unchanged: /*i18n*/ 'Nothing to restore: this version matches the product as it is',
} as const;

/** Verifies new listings when AUTO_VERIFY is on (the demo's default), in place of an admin's review. */
const SYSTEM_ADMIN: Actor = { userId: 'system', roles: ['admin'] };

/** A command on an existing product by `actor`; the decider checks who may (its seller, an admin). */
async function decideOnProduct(
  cx: CommandContext,
  actor: Actor,
  productId: string,
  command: ProductCommand,
): Promise<ProductCommandResult> {
  const { position } = await cx.streams.handle(productStream(productId), productDecider, command, {
    actor: actor.userId,
  });
  return { id: productId, position };
}

/** A listing by a catalog import: under the id the import gives the row, so a repeat finds it listed. */
export interface ImportedListing {
  productId: string;
  mark: ImportMark;
}

/**
 * A seller lists a new product in an existing category; it waits for review (Pending
 * Review) unless the server verifies it at once. A suspended seller cannot list, nor change
 * what it sells (edits, stock, delisting, restores, uploads).
 */
export async function listProduct(
  cx: ListingContext & ProductInputContext,
  actor: Actor,
  input: ProductBody,
  imported?: ImportedListing,
): Promise<ListingResult> {
  await assertActorMaySell(cx, actor);
  await assertVerifiedToList(cx, actor.userId);
  await assertCategoryExists(cx, input.categoryId);
  const product = await checkedListing(cx, actor, input);
  const productId = imported?.productId ?? cx.newId();
  const at = cx.now();
  const stream = productStream(productId);
  const list: ProductCommand = {
    type: 'ListProduct',
    actor,
    productId,
    product,
    at,
    ...(imported && { imported: imported.mark }),
  };
  let { position } = await decideWithSkus(cx, productId, list, { actor: actor.userId });
  if (cx.config.AUTO_VERIFY) {
    const verify: ProductCommand = { type: 'VerifyProduct', actor: SYSTEM_ADMIN, at };
    ({ position } = await cx.streams.handle(stream, productDecider, verify, { actor: SYSTEM_ADMIN.userId }));
  }
  const verification = cx.config.AUTO_VERIFY ? 'verified' : 'pending';
  return { id: productId, position, verification, message: LISTING_MESSAGES[verification] };
}

/**
 * Changes the fields given (null clears the original price or the image); a new category must
 * exist; a catalog import marks the change with its row. The seller's content changes of a verified product wait for review as a revision.
 */
export async function updateProduct(
  cx: ListingContext & ProductInputContext,
  actor: Actor,
  productId: string,
  input: ProductChangesBody,
  imported?: ImportMark,
): Promise<ProductUpdateResult> {
  await assertActorMaySell(cx, actor);
  if (input.categoryId !== undefined) await assertCategoryExists(cx, input.categoryId);
  const changes = await checkedChanges(cx, actor, productId, input);
  const command: ProductCommand = {
    type: 'UpdateProduct',
    actor,
    changes,
    at: cx.now(),
    ...(imported && { imported }),
  };
  const decided = await decideWithSkus(cx, productId, command, { actor: actor.userId });
  return edited(cx, productId, decided);
}

/** AUTO_VERIFY approves a revision at once, as it verifies new listings. */
async function edited(
  cx: ListingContext,
  productId: string,
  decided: { events: ProductEvent[]; position: number },
): Promise<ProductUpdateResult> {
  const submitted = submittedRevision(decided.events);
  if (!submitted || !cx.config.AUTO_VERIFY)
    return { id: productId, position: decided.position, ...editOutcome(decided.events, false) };
  const approve: ProductCommand = {
    type: 'ApproveProductRevision',
    actor: SYSTEM_ADMIN,
    revisionId: submitted.data.revisionId,
    at: cx.now(),
  };
  const { position } = await cx.streams.handle(productStream(productId), productDecider, approve, {
    actor: SYSTEM_ADMIN.userId,
  });
  return { id: productId, position, ...editOutcome(decided.events, true) };
}

export async function setStock(
  cx: CommandContext,
  actor: Actor,
  productId: string,
  stockQuantity: number,
  variantId?: string,
): Promise<ProductCommandResult> {
  await assertActorMaySell(cx, actor);
  const command = { type: 'AdjustStock', actor, stockQuantity, variantId, at: cx.now() } as const;
  return decideOnProduct(cx, actor, productId, command);
}

/** The product leaves the catalog and the seller's list; its history stays. */
export async function delistProduct(
  cx: CommandContext,
  actor: Actor,
  productId: string,
): Promise<ProductCommandResult> {
  await assertActorMaySell(cx, actor);
  return decideOnProduct(cx, actor, productId, { type: 'DelistProduct', actor, at: cx.now() });
}

/** Gives, changes or (null) takes away the product's name, description and tags in `locale`; they apply at once. */
export async function translateProduct(
  cx: CommandContext,
  actor: Actor,
  productId: string,
  locale: TranslatedLocale,
  translation: ProductTranslation | null,
): Promise<ProductCommandResult> {
  await assertActorMaySell(cx, actor);
  const command = { type: 'TranslateProduct', actor, locale, translation, at: cx.now() } as const;
  return decideOnProduct(cx, actor, productId, command);
}

/** An admin verifies a product: it goes on sale. */
export const verifyProduct = (cx: CommandContext, actor: Actor, productId: string): Promise<ProductCommandResult> =>
  decideOnProduct(cx, actor, productId, { type: 'VerifyProduct', actor, at: cx.now() });

/** An admin rejects a product with a reason its seller sees; editing it sends it back for review. */
export const rejectProduct = (
  cx: CommandContext,
  actor: Actor,
  productId: string,
  reason: string,
): Promise<ProductCommandResult> =>
  decideOnProduct(cx, actor, productId, { type: 'RejectProduct', actor, reason, at: cx.now() });

/** An admin features a verified product: it joins the featured products, which come first in the catalog. */
export const featureProduct = (cx: CommandContext, actor: Actor, productId: string): Promise<ProductCommandResult> =>
  decideOnProduct(cx, actor, productId, { type: 'FeatureProduct', actor, at: cx.now() });

export const unfeatureProduct = (cx: CommandContext, actor: Actor, productId: string): Promise<ProductCommandResult> =>
  decideOnProduct(cx, actor, productId, { type: 'UnfeatureProduct', actor, at: cx.now() });

/**
 * Brings back the name, description, prices, category, image and tags of the version at
 * `position` (one of the product's events) as a new edit; stock and status stay. Only the
 * fields that differ change, and none when the version matches the product as it is.
 */
export async function restoreProductVersion(
  cx: RestoreContext,
  actor: Actor,
  productId: string,
  position: number,
): Promise<RestoreResult> {
  await assertActorMaySell(cx, actor);
  const events = await sellerProductEvents(cx, actor, productId);
  const then = events.some((event) => event.position === position) ? productAsOf(events, { position }) : null;
  if (!then) throw new ApiError(404, 'not_found', /*i18n*/ 'This product has no version at that position');
  // All the editable fields of that version: the decider keeps those that differ from the product now
  // (on a verified product its seller's content changes go to review, as with any edit).
  const command = {
    type: 'UpdateProduct',
    actor,
    changes: then.product.details,
    at: cx.now(),
    restores: occurredAt(then.last),
  } as const;
  const decided = await decideWithSkus(cx, productId, command, { actor: actor.userId });
  const result = await edited(cx, productId, decided);
  // The fields changed at once and those sent for review, told together in form order.
  const before: Partial<ProductDetails> = {};
  const after: Partial<ProductDetails> = {};
  for (const event of decided.events) {
    if (event.type !== 'ProductUpdated' && event.type !== 'ProductRevisionSubmitted') continue;
    Object.assign(before, event.data.before);
    Object.assign(after, event.data.after);
  }
  const restored = detailChanges(before, after, await categoryNames(cx.platform.read));
  if (decided.events.length === 0) return { ...result, changes: [], message: RESTORE_MESSAGES.unchanged };
  // Changes waiting for review (or withdrawn) are told as any edit tells them.
  const message =
    result.message === EDIT_MESSAGES.saved
      ? RESTORE_MESSAGES.restored
      : english(RESTORE_MESSAGES.restoredWith, { outcome: result.message });
  return { ...result, changes: restored, message };
}
