/** Reads of the reviews read model: the reviews, and who may review what. */
import { averageRating } from '../../domain/review/rating.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { ReviewDoc, ReviewList } from './documents.ts';
import { REVIEW_ELIGIBILITY, REVIEWS, type ReviewEligibilityDoc, eligibilityId } from './projection.ts';

const reviews = (read: ReadStore) => read.collection<ReviewDoc>(REVIEWS);
const eligibility = (read: ReadStore) => read.collection<ReviewEligibilityDoc>(REVIEW_ELIGIBILITY);

/** The reviews of a product, newest first, with their average rating. */
export async function productReviews(read: ReadStore, productId: string): Promise<ReviewList> {
  const items = await reviews(read).find({ where: { productId }, sort: [['createdAt', 'desc']] });
  const ratingSum = items.reduce((total, review) => total + review.rating, 0);
  return { items, count: items.length, average: averageRating(ratingSum, items.length) };
}

/** A buyer may review what an order of theirs delivered. */
export const hasDeliveredPurchase = async (read: ReadStore, buyerId: string, productId: string): Promise<boolean> =>
  (await eligibility(read).get(eligibilityId(buyerId, productId))) !== null;
