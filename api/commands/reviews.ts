/**
 * Reviews: submitting (or editing) one, and whether the review area offers the form. A buyer's
 * own review is read from its stream, so it is current the moment a submit returns.
 */
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { reviewDecider } from '../../domain/review/decider.ts';
import { reviewStream } from '../../domain/review/events.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { reviewDocs } from '../../projections/reviews/projection.ts';
import { hasDeliveredPurchase } from '../../projections/reviews/queries.ts';
import type { CommandContext } from './context.ts';
import { ApiError } from '../http/errors.ts';
import { type ProductOnSale, isForSale, loadProduct } from './product-facts.ts';
import type { ReviewDoc } from '../../projections/reviews/documents.ts';

/** A review command also reads who received what, from the read store. */
export interface ReviewContext extends CommandContext {
  platform: { read: ReadStore };
}

export interface ReviewInput {
  productId: string;
  /** The buyer's full name, shown with the review. */
  authorName: string;
  rating: number;
  comment: string;
}

export interface ReviewResult {
  review: ReviewDoc;
  position: number;
  /** A first review, not an edit (nor a submit that changed nothing). */
  created: boolean;
}

/**
 * A product whose reviews `viewer` may see: one on sale, for anyone; one not on sale (pending
 * review, rejected, delisted, its seller suspended) only for its seller and the admins, as
 * GET /api/products/{id} has it. Anyone else gets the 404 of a product never listed, so
 * reviews do not show what the catalog hides.
 */
export async function visibleProduct(
  cx: CommandContext,
  productId: string,
  viewer: Actor | null,
): Promise<ProductOnSale> {
  const product = await loadProduct(cx, productId);
  if (isForSale(product) || (viewer && (viewer.userId === product.sellerId || isAdmin(viewer)))) return product;
  throw new ApiError(404, 'not_found', /*i18n*/ 'Product not found');
}

/** The buyer's review of a product from its stream; null when they wrote none. */
const ownReview = async (cx: CommandContext, productId: string, buyerId: string): Promise<ReviewDoc | null> =>
  (await cx.streams.load(reviewStream(productId, buyerId), reviewDocs)).state;

/**
 * Records `actor`'s review of a product they received, or edits the one they wrote; a 404 for
 * a product not on sale, which nobody reviews (its own seller and the admins may not either).
 */
export async function submitReview(
  cx: ReviewContext,
  actor: Actor,
  { productId, authorName, rating, comment }: ReviewInput,
): Promise<ReviewResult> {
  await visibleProduct(cx, productId, null);
  const command = {
    type: 'SubmitReview',
    actor,
    productId,
    authorName,
    rating,
    comment,
    hasDeliveredPurchase: await hasDeliveredPurchase(cx.platform.read, actor.userId, productId),
    at: cx.now(),
  } as const;
  const { events, position } = await cx.streams.handle(reviewStream(productId, actor.userId), reviewDecider, command, {
    actor: actor.userId,
  });
  const review = (await ownReview(cx, productId, actor.userId))!;
  return { review, position, created: events[0]?.type === 'ReviewSubmitted' };
}

export type ReviewEligibility = { state: 'purchase' } | { state: 'allowed'; review?: ReviewDoc };

/** Whether a signed-in buyer may review the product: not without a delivered order of it; otherwise with their review, if any. */
export async function reviewEligibility(
  cx: ReviewContext,
  buyerId: string,
  productId: string,
): Promise<ReviewEligibility> {
  if (!(await hasDeliveredPurchase(cx.platform.read, buyerId, productId))) return { state: 'purchase' };
  const review = await ownReview(cx, productId, buyerId);
  return { state: 'allowed', ...(review && { review }) };
}
