/** Reads of the reviews read models: the `reviews` collection and who may review what (`review_eligibility`). */
import { averageRating } from '../../domain/review/rating.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { COLLECTIONS, type ReviewDoc } from '../../projections/models.ts';
import { REVIEW_ELIGIBILITY, type ReviewEligibilityDoc, eligibilityId } from '../../projections/reviews.ts';

const reviews = (read: ReadStore) => read.collection<ReviewDoc>(COLLECTIONS.reviews);
const eligibility = (read: ReadStore) => read.collection<ReviewEligibilityDoc>(REVIEW_ELIGIBILITY);

export interface ReviewList {
  /** Newest first. */
  items: ReviewDoc[];
  count: number;
  /** Average rating to one decimal, null without reviews. */
  average: number | null;
}

/** The reviews of a product, newest first, with their average rating. */
export async function productReviews(read: ReadStore, productId: string): Promise<ReviewList> {
  const items = await reviews(read).find({ where: { productId }, sort: [['createdAt', 'desc']] });
  const ratingSum = items.reduce((total, review) => total + review.rating, 0);
  return { items, count: items.length, average: averageRating(ratingSum, items.length) };
}

/** A buyer may review what an order of theirs delivered. */
export const hasDeliveredPurchase = async (read: ReadStore, buyerId: string, productId: string): Promise<boolean> =>
  (await eligibility(read).get(eligibilityId(buyerId, productId))) !== null;
