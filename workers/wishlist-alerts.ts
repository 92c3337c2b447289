/**
 * Tells buyers of the products and variants on their wishlist: a lower price, or stock again
 * after none.
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
import { type Product, productDecider } from '../domain/product/decider.ts';
import type { ProductEvent } from '../domain/product/events.ts';
import {
  ALERTING_EVENTS,
  type WishlistAlert,
  alertKindOf,
  wishlistAlert,
  wishlistAlertId,
} from '../domain/wishlist/alerts.ts';
import type { WishlistEvent } from '../domain/wishlist/events.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import { type Recorded, type Streams, isOneOf } from '../platform/eventstore/streams.ts';
import type { Projection } from '../platform/projection/projection.ts';
import type { Doc, UnitOfWork } from '../platform/readstore/port.ts';
import { causeOf, causedBy } from './worker.ts';

export const WISHLIST_REACTOR = 'reactor:wishlist-alerts';
/** Id: the product id. */
export const WISHLIST_WATCHERS = 'wishlist_watchers';

interface WatchersDoc extends Doc {
  /** The buyers who have the product saved, in the order they saved it. */
  buyerIds: string[];
  /** The buyers who have one variant of it saved (absent before variants: none). */
  variantWatchers?: Array<{ buyerId: string; variantId: string }>;
}

async function watch(work: UnitOfWork, { type, data }: WishlistEvent): Promise<void> {
  const kept = await work.get<WatchersDoc>(WISHLIST_WATCHERS, data.productId);
  let buyerIds = kept?.buyerIds ?? [];
  let variantWatchers = kept?.variantWatchers ?? [];
  const saves = type === 'WishlistItemSaved';
  const { userId, variantId } = data;
  if (variantId === undefined) {
    buyerIds = [...buyerIds.filter((id) => id !== userId), ...(saves ? [userId] : [])];
  } else {
    const others = variantWatchers.filter((one) => one.buyerId !== userId || one.variantId !== variantId);
    variantWatchers = [...others, ...(saves ? [{ buyerId: userId, variantId }] : [])];
  }
  if (buyerIds.length === 0 && variantWatchers.length === 0) work.delete(WISHLIST_WATCHERS, data.productId);
  else
    work.put<WatchersDoc>(WISHLIST_WATCHERS, {
      id: data.productId,
      buyerIds,
      ...(variantWatchers.length > 0 && { variantWatchers }),
    });
}

/**
 * Each watcher's alert of `event`, by buyer: those who saved a variant hear of that variant
 * (its price, its stock), those who saved the product of the product; a buyer who saved both
 * hears once, of the variant.
 */
function alertsOf(watchers: WatchersDoc, event: AlertingEvent, product: Product): Map<string, WishlistAlert> {
  const alerts = new Map<string, WishlistAlert>();
  for (const { buyerId, variantId } of watchers.variantWatchers ?? []) {
    const alert = alerts.has(buyerId) ? null : wishlistAlert(event, product, variantId);
    if (alert) alerts.set(buyerId, alert);
  }
  const ofProduct = wishlistAlert(event, product, null);
  if (ofProduct) for (const buyerId of watchers.buyerIds) if (!alerts.has(buyerId)) alerts.set(buyerId, ofProduct);
  return alerts;
}

/** A product event that may call for an alert. */
type AlertingEvent = Extract<ProductEvent, { type: (typeof ALERTING_EVENTS)[number] }>;

const WISHLIST_EVENTS = new Set<WishlistEvent['type']>(['WishlistItemSaved', 'WishlistItemRemoved']);
const ALERTING = new Set(ALERTING_EVENTS);

/** Records the buyer's notification of `cause` unless it is recorded already (by another process passing the same event, too). */
async function notifyBuyer(
  streams: Streams,
  buyerId: string,
  cause: Recorded<AlertingEvent>,
  productId: string,
  alert: WishlistAlert,
): Promise<void> {
  const notificationId = wishlistAlertId(buyerId, cause.id);
  const notify = { type: 'NotifyBuyer', notificationId, buyerId, productId, alert, at: cause.data.at } as const;
  await streams.handle(notificationStream(notificationId), notificationDecider, notify, causedBy(causeOf(cause)));
}

/** The product as `event` left it: its stream read up to the event, so a replay sees what the first pass saw. */
async function productAt(streams: Streams, event: RecordedEvent) {
  return fold(productDecider, await streams.read<ProductEvent>(event.stream, { limit: event.revision + 1 }));
}

export function wishlistReactor(streams: Streams): Projection {
  return {
    name: WISHLIST_REACTOR,
    collections: [{ name: WISHLIST_WATCHERS }],
    eventTypes: new Set<string>([...WISHLIST_EVENTS, ...ALERTING]),

    async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
      if (isOneOf<WishlistEvent>(recorded, WISHLIST_EVENTS)) return watch(work, recorded);
      // Most product events change neither way: those are passed without a read.
      if (!isOneOf<AlertingEvent>(recorded, ALERTING) || alertKindOf(recorded) === null) return;
      const { productId } = recorded.data;
      const watchers = await work.get<WatchersDoc>(WISHLIST_WATCHERS, productId);
      if (!watchers) return;
      const product = await productAt(streams, recorded);
      if (!product) return;
      for (const [buyerId, alert] of alertsOf(watchers, recorded, product))
        await notifyBuyer(streams, buyerId, recorded, productId, alert);
    },
  };
}
