/**
 * Tells buyers of the products on their wishlist: a lower price, or stock again after none.
 * It follows the log as a projection whose output is notifications, recorded in the
 * notification streams. Who is watching a product is its own read model, kept with its
 * checkpoint, so the watchers of a product event are those who had saved it by then.
 *
 * Exactly once: a notification's id is the buyer's and the product event's, and it is
 * recorded only into a new stream. Passing an event again (a crash before the checkpoint, a
 * replay of the reactor from zero, two processes during a lease handover) finds it recorded.
 */
import { fold } from '../domain/decider.ts';
import { notificationDecider } from '../domain/notification/decider.ts';
import { notificationStream } from '../domain/notification/events.ts';
import { productDecider } from '../domain/product/decider.ts';
import type { ProductEvent } from '../domain/product/events.ts';
import {
  ALERTING_EVENTS,
  type WishlistAlert,
  alertKindOf,
  wishlistAlert,
  wishlistAlertId,
} from '../domain/wishlist/alerts.ts';
import type { WishlistEvent } from '../domain/wishlist/events.ts';
import { type EventStore, type RecordedEvent, WrongExpectedRevisionError } from '../platform/eventstore/port.ts';
import type { Projection } from '../platform/projection/projection.ts';
import type { Doc, UnitOfWork } from '../platform/readstore/port.ts';

export const WISHLIST_REACTOR = 'reactor:wishlist-alerts';
/** Id: the product id. */
export const WISHLIST_WATCHERS = 'wishlist_watchers';

interface WatchersDoc extends Doc {
  /** The buyers who have the product saved, in the order they saved it. */
  buyerIds: string[];
}

async function watch(work: UnitOfWork, { type, data }: WishlistEvent): Promise<void> {
  const buyerIds = (await work.get<WatchersDoc>(WISHLIST_WATCHERS, data.productId))?.buyerIds ?? [];
  const others = buyerIds.filter((id) => id !== data.userId);
  const next = type === 'WishlistItemSaved' ? [...others, data.userId] : others;
  if (next.length === 0) work.delete(WISHLIST_WATCHERS, data.productId);
  else work.put<WatchersDoc>(WISHLIST_WATCHERS, { id: data.productId, buyerIds: next });
}

/** Records the buyer's notification of `cause` unless it is recorded already. */
async function notifyBuyer(
  events: EventStore,
  buyerId: string,
  cause: RecordedEvent,
  productId: string,
  alert: WishlistAlert,
): Promise<void> {
  const notificationId = wishlistAlertId(buyerId, cause.id);
  const stream = notificationStream(notificationId);
  const state = fold(notificationDecider, (await events.readStream(stream)) as never[]);
  const at = (cause.data as { at: string }).at;
  const recorded = notificationDecider.decide(
    { type: 'NotifyBuyer', notificationId, buyerId, productId, alert, at },
    state,
  );
  if (recorded.length === 0) return;
  const metadata = { actor: null, correlationId: cause.metadata.correlationId, causationId: cause.id };
  try {
    await events.append(
      stream,
      recorded.map((event) => ({ ...event, metadata })),
      'no_stream',
    );
  } catch (error) {
    // Another process passing the same event recorded it first.
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
}

/** The product as `event` left it: its stream read up to the event, so a replay sees what the first pass saw. */
async function productAt(events: EventStore, event: RecordedEvent) {
  return fold(productDecider, (await events.readStream(event.stream, { limit: event.revision + 1 })) as ProductEvent[]);
}

export function wishlistReactor(events: EventStore): Projection {
  return {
    name: WISHLIST_REACTOR,
    collections: [{ name: WISHLIST_WATCHERS }],
    eventTypes: new Set<string>(['WishlistItemSaved', 'WishlistItemRemoved', ...ALERTING_EVENTS]),

    async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
      if (recorded.type === 'WishlistItemSaved' || recorded.type === 'WishlistItemRemoved')
        return watch(work, recorded as WishlistEvent & RecordedEvent);
      const event = recorded as ProductEvent & RecordedEvent;
      // Most product events change neither way: those are passed without a read.
      if (alertKindOf(event) === null) return;
      const { productId } = event.data as { productId: string };
      const watchers = await work.get<WatchersDoc>(WISHLIST_WATCHERS, productId);
      if (!watchers) return;
      const product = await productAt(events, recorded);
      const alert = product && wishlistAlert(event, product);
      if (!alert) return;
      for (const buyerId of watchers.buyerIds) await notifyBuyer(events, buyerId, recorded, productId, alert);
    },
  };
}
