/** The events a product's history is made of: its own stream and the streams of its reviews. */
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { type ProductEvent, productStream } from '../../domain/product/events.ts';
import { type ReviewEvent, reviewStream } from '../../domain/review/events.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { ApiError } from '../http/errors.ts';
import { productReviews } from '../../projections/reviews/queries.ts';
import type { Recorded, Streams } from '../../platform/eventstore/streams.ts';

export type RecordedProductEvent = Recorded<ProductEvent>;
export type RecordedReviewEvent = Recorded<ReviewEvent>;

/** What a history is read from: the streams, and the read models that name categories, users and reviews. */
export interface HistorySource {
  streams: Streams;
  platform: { read: ReadStore };
}

export const productNotFound = () => new ApiError(404, 'not_found', /*i18n*/ 'Product not found');

/** The product's events, for its seller or an admin; to anyone else the product does not exist. */
export async function sellerProductEvents(
  source: Pick<HistorySource, 'streams'>,
  viewer: Actor,
  productId: string,
): Promise<RecordedProductEvent[]> {
  const events = await source.streams.read<ProductEvent>(productStream(productId));
  const listed = events[0];
  const mayRead = listed?.type === 'ProductListed' && (listed.data.sellerId === viewer.userId || isAdmin(viewer));
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
export async function reviewEventsOf(source: HistorySource, productId: string): Promise<ReviewEvents[]> {
  const { items: reviews } = await productReviews(source.platform.read, productId);
  return Promise.all(
    reviews.map(async ({ buyerId, authorName }) => ({
      authorName,
      events: await source.streams.read<ReviewEvent>(reviewStream(productId, buyerId)),
    })),
  );
}
