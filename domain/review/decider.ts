import type { Actor } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import { NOTICES } from '../notices.ts';
import type { ReviewEvent } from './events.ts';

/** Sent to stream `review-{productId}-{actor.userId}`. */
export type ReviewCommand = {
  type: 'SubmitReview';
  actor: Actor;
  productId: string;
  authorName: string;
  rating: number;
  comment: string;
  /** Whether the actor has a delivered order of the product, read by the API from the orders. */
  hasDeliveredPurchase: boolean;
  at: string;
};

export type ReviewState = { rating: number; comment: string } | null;

export const reviewDecider: Decider<ReviewCommand, ReviewState, ReviewEvent> = {
  initialState: null,

  evolve: (_, { data }) => ({ rating: data.rating, comment: data.comment }),

  decide({ actor, productId, authorName, rating, comment, hasDeliveredPurchase, at }, review) {
    if (!hasDeliveredPurchase)
      throw new DomainError('purchase_required', NOTICES.purchaseRequired.description, 'forbidden');
    const buyerId = actor.userId;
    if (review === null)
      return [{ type: 'ReviewSubmitted', data: { productId, buyerId, authorName, rating, comment, at } }];
    // Submitting again edits the review; the same words again change nothing.
    if (review.rating === rating && review.comment === comment) return [];
    return [{ type: 'ReviewEdited', data: { productId, buyerId, rating, comment, at } }];
  },
};
