/** The events a product's history is made of: its own stream and the streams of its reviews. */
import { isAdmin } from '../../domain/actor.ts';
import { type ProductEvent, productStream } from '../../domain/product/events.ts';
import { type ReviewEvent, reviewStream } from '../../domain/review/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import { COLLECTIONS, type ReviewDoc } from '../../projections/models.ts';
import { actorOf } from '../auth/middleware.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { SessionUser } from '../http.ts';

export type RecordedProductEvent = RecordedEvent & ProductEvent;
export type RecordedReviewEvent = RecordedEvent & ReviewEvent;

export const productNotFound = () => new ApiError(404, 'not_found', 'Product not found');

/** The product's events, for its seller or an admin; to anyone else the product does not exist. */
export async function sellerProductEvents(ctx: AppContext, user: SessionUser, productId: string): Promise<RecordedProductEvent[]> {
  const events = (await ctx.streams.read(productStream(productId))) as RecordedProductEvent[];
  const listed = events[0];
  const mayRead = listed?.type === 'ProductListed' && (listed.data.sellerId === user.id || isAdmin(actorOf(user)));
  if (!mayRead) throw productNotFound();
  return events;
}

export interface ReviewEvents {
  authorName: string;
  events: RecordedReviewEvent[];
}

/**
 * The events of every review of the product. Each review has its own stream, found through
 * the reviews read model (indexed by product), so the cost grows with the product's reviews,
 * not with the log. A review submitted a moment ago may show once the projection has it.
 */
export async function reviewEventsOf(ctx: AppContext, productId: string): Promise<ReviewEvents[]> {
  const reviews = await ctx.platform.read.collection<ReviewDoc>(COLLECTIONS.reviews).find({ where: { productId } });
  return Promise.all(
    reviews.map(async ({ buyerId, authorName }) => ({
      authorName,
      events: (await ctx.streams.read(reviewStream(productId, buyerId))) as RecordedReviewEvent[],
    })),
  );
}
