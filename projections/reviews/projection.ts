import type { Decider } from '../../domain/decider.ts';
import type { OrderEvent } from '../../domain/order/events.ts';
import type { ReviewEvent } from '../../domain/review/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Doc, UnitOfWork } from '../../platform/readstore/port.ts';
import { legacyOrders } from '../legacy-orders.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { ReviewDoc } from './documents.ts';

export const REVIEWS = 'reviews';
/** Purchases (id: the order id): whose buyer a delivered seller order lets review its products. */
export const REVIEW_ORDERS = 'review_orders';
/** Buyers who received a product (id `${buyerId}:${productId}`): who may review what. */
export const REVIEW_ELIGIBILITY = 'review_eligibility';

interface ReviewOrderDoc extends Doc {
  buyerId: string;
}

export interface ReviewEligibilityDoc extends Doc {
  buyerId: string;
  productId: string;
  orderId: string;
  deliveredAt: string;
}

export const reviewId = (productId: string, buyerId: string): string => `${productId}:${buyerId}`;
export const eligibilityId = (buyerId: string, productId: string): string => `${buyerId}:${productId}`;

/** The review document after each event of a review stream: the projection's and the submit route's. */
export const reviewDocs: Pick<Decider<never, ReviewDoc | null, ReviewEvent>, 'initialState' | 'evolve'> = {
  initialState: null,
  evolve(review, { type, data }) {
    if (type === 'ReviewSubmitted') {
      const { productId, buyerId, authorName, rating, comment, at } = data;
      return {
        id: reviewId(productId, buyerId),
        productId,
        buyerId,
        authorName,
        rating,
        comment,
        createdAt: at,
        updatedAt: at,
      };
    }
    return review && { ...review, rating: data.rating, comment: data.comment, updatedAt: data.at };
  },
};

async function saveReview(work: UnitOfWork, event: ReviewEvent): Promise<void> {
  const id = reviewId(event.data.productId, event.data.buyerId);
  const review = reviewDocs.evolve(await work.get<ReviewDoc>(REVIEWS, id), event);
  if (review) work.put<ReviewDoc>(REVIEWS, review);
}

/** A delivered seller order makes its buyer eligible to review each of its products. */
async function deliver(
  work: UnitOfWork,
  { data }: Extract<OrderEvent, { type: 'SellerOrderDelivered' }>,
): Promise<void> {
  const order = await work.get<ReviewOrderDoc>(REVIEW_ORDERS, data.orderId);
  if (!order) return;
  const { buyerId } = order;
  // No self-dealing: a seller who bought its own products (possible only before the rule) never reviews them.
  if (buyerId === data.sellerId) return;
  for (const { productId } of data.settlement) {
    const id = eligibilityId(buyerId, productId);
    work.put<ReviewEligibilityDoc>(REVIEW_ELIGIBILITY, {
      id,
      buyerId,
      productId,
      orderId: data.orderId,
      deliveredAt: data.at,
    });
  }
}

const legacy = legacyOrders('reviews_legacy_orders');

/**
 * Reviews of the products, and who may write one. The orders are followed here rather than
 * read from the orders projection, so this projection depends on the log alone.
 */
export const reviews: Projection = {
  name: 'reviews',
  version: 2,
  collections: [
    { name: REVIEWS, indexes: [['productId', 'createdAt']] },
    { name: REVIEW_ORDERS },
    { name: REVIEW_ELIGIBILITY },
    legacy.collection,
  ],
  eventTypes: new Set<string>([
    'ReviewSubmitted',
    'ReviewEdited',
    'OrderPlaced',
    'SellerOrderDelivered',
    ...legacy.eventTypes,
  ]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    if (recorded.type === 'ReviewSubmitted' || recorded.type === 'ReviewEdited')
      return saveReview(work, recorded as unknown as ReviewEvent);
    for (const event of await legacy.current(recorded, work)) {
      if (event.type === 'OrderPlaced')
        work.put<ReviewOrderDoc>(REVIEW_ORDERS, { id: event.data.orderId, buyerId: event.data.buyerId });
      if (event.type === 'SellerOrderDelivered') await deliver(work, event);
    }
  },
};
