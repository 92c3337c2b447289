import type { Decider } from '../domain/decider.ts';
import type { OrderEvent } from '../domain/order/events.ts';
import type { ReviewEvent } from '../domain/review/events.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { Doc, UnitOfWork } from '../platform/readstore/port.ts';
import { COLLECTIONS, type ReviewDoc } from './models.ts';
import type { Projection } from '../platform/projection/projection.ts';

/** Orders not yet delivered (id: the order id): the products they will let their buyer review. */
export const REVIEW_ORDERS = 'review_orders';
/** Buyers who received a product (id `${buyerId}:${productId}`): who may review what. */
export const REVIEW_ELIGIBILITY = 'review_eligibility';

interface ReviewOrderDoc extends Doc {
  buyerId: string;
  productIds: string[];
}

export interface ReviewEligibilityDoc extends Doc {
  buyerId: string;
  productId: string;
  orderId: string;
  deliveredAt: string;
}

const { reviews: REVIEWS } = COLLECTIONS;

export const reviewId = (productId: string, buyerId: string): string => `${productId}:${buyerId}`;
export const eligibilityId = (buyerId: string, productId: string): string => `${buyerId}:${productId}`;

/** The review document after each event of a review stream: the projection's and the submit route's. */
export const reviewDocs: Pick<Decider<never, ReviewDoc | null, ReviewEvent>, 'initialState' | 'evolve'> = {
  initialState: null,
  evolve(review, { type, data }) {
    if (type === 'ReviewSubmitted') {
      const { productId, buyerId, authorName, rating, comment, at } = data;
      return { id: reviewId(productId, buyerId), productId, buyerId, authorName, rating, comment, createdAt: at, updatedAt: at };
    }
    return review && { ...review, rating: data.rating, comment: data.comment, updatedAt: data.at };
  },
};

async function saveReview(work: UnitOfWork, event: ReviewEvent): Promise<void> {
  const id = reviewId(event.data.productId, event.data.buyerId);
  const review = reviewDocs.evolve(await work.get<ReviewDoc>(REVIEWS, id), event);
  if (review) work.put<ReviewDoc>(REVIEWS, review);
}

/** A delivered order makes its buyer eligible to review each of its products. */
async function deliver(work: UnitOfWork, orderId: string, deliveredAt: string): Promise<void> {
  const order = await work.get<ReviewOrderDoc>(REVIEW_ORDERS, orderId);
  if (!order) return;
  for (const productId of order.productIds) {
    const { buyerId } = order;
    work.put<ReviewEligibilityDoc>(REVIEW_ELIGIBILITY, { id: eligibilityId(buyerId, productId), buyerId, productId, orderId, deliveredAt });
  }
  work.delete(REVIEW_ORDERS, orderId);
}

type ReviewsEvent = ReviewEvent | Extract<OrderEvent, { type: 'OrderPlaced' | 'OrderDelivered' | 'OrderCancelled' }>;

/**
 * Reviews of the products, and who may write one. The orders are followed here rather than
 * read from the orders projection, so this projection depends on the log alone.
 */
export const reviews: Projection = {
  name: 'reviews',
  collections: [{ name: REVIEWS, indexes: [['productId', 'createdAt']] }, { name: REVIEW_ORDERS }, { name: REVIEW_ELIGIBILITY }],
  eventTypes: new Set<ReviewsEvent['type']>(['ReviewSubmitted', 'ReviewEdited', 'OrderPlaced', 'OrderDelivered', 'OrderCancelled']),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as ReviewsEvent & RecordedEvent;
    switch (event.type) {
      case 'ReviewSubmitted':
      case 'ReviewEdited':
        return saveReview(work, event);
      case 'OrderPlaced': {
        const { orderId, buyerId, lines } = event.data;
        work.put<ReviewOrderDoc>(REVIEW_ORDERS, { id: orderId, buyerId, productIds: [...new Set(lines.map((line) => line.productId))] });
        return;
      }
      case 'OrderDelivered':
        return deliver(work, event.data.orderId, event.data.at);
      case 'OrderCancelled':
        work.delete(REVIEW_ORDERS, event.data.orderId);
        return;
    }
  },
};
