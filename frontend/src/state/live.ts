import { effect, signal } from '@preact/signals-react';
import { useEffect, useEffectEvent } from 'react';
import type { Data, server } from '../api/client.ts';
import { session, sessionKnown } from './session.ts';

// The live messages carry the documents the API answers with.
/** A product on sale, as GET /products/{id} gives it. */
type Product = Data<(typeof server.products)[':id']['$get']>;
/** A seller's storefront, as GET /sellers/{id} gives it. */
type Storefront = Data<(typeof server.sellers)[':id']['$get']>;
/** One of the seller's own products, whole, as GET /seller/products lists it. */
type SellerProduct = Data<typeof server.seller.products.$get>['items'][number];
/** A purchase, as GET /orders/{id} gives it. */
type Order = Data<(typeof server.orders)[':id']['$get']>;
/** One seller's part of a purchase, as GET /seller-orders/{id} gives it. */
type SellerOrder = Data<(typeof server)['seller-orders'][':id']['$get']>;
/** A seller's balance, as GET /seller/ledger gives it (the live message names the seller `id`). */
type LedgerBalance = Omit<Data<typeof server.seller.ledger.$get>['balance'], 'sellerId'> & { id: string };
/** A buyer's notification of a saved product, as GET /wishlist/notifications gives it. */
type BuyerNotification = Data<typeof server.wishlist.notifications.$get>['items'][number];
/** A seller's notice of a new order, as GET /notifications gives it. */
type SellerNotification = Data<typeof server.notifications.$get>['items'][number];

/** The events of GET /api/live and their data. */
export interface LiveEvents {
  'product.added': Product;
  'product.changed': Product;
  'product.removed': { id: string };
  /** To its seller: any change of one of their products (a decision, a revision, stock), on sale or not. */
  'seller-product.changed': SellerProduct;
  'storefront.changed': Storefront;
  /** The storefront's seller was suspended or lost the role: buyers no longer see it. */
  'storefront.removed': { id: string };
  /** To the purchase's buyer. */
  'order.changed': Order;
  /** To the seller of the seller order (a new one, or a change). */
  'seller-order.changed': SellerOrder;
  /** To the seller: their balance after an earning, a reversal or a payout. */
  'ledger.changed': LedgerBalance;
  'notification.added': SellerNotification;
  'notification.read': SellerNotification;
  /** To the buyer: a notification of a saved product, new or read. */
  'buyer-notification.changed': BuyerNotification;
  /** Updates may have been missed (the server no longer holds them, or the stream started over): refetch. */
  reset: Record<string, never>;
}

export type LiveEvent = keyof LiveEvents;

type Listener = (data: never) => void;

/** True while the stream is open and caught up (its `ready` event arrived). */
export const liveConnected = signal(false);

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

const listeners = new Map<LiveEvent, Set<Listener>>();
let source: EventSource | null = null;
let retryMs = RETRY_MIN_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function dispatch<E extends LiveEvent>(event: E, data: LiveEvents[E]): void {
  for (const listener of listeners.get(event) ?? []) (listener as (data: LiveEvents[E]) => void)(data);
}

function listen(stream: EventSource, event: LiveEvent): void {
  stream.addEventListener(event, (message) => dispatch(event, JSON.parse((message as MessageEvent<string>).data)));
}

/**
 * Opens the one stream of the app. EventSource itself reconnects after a drop, sending
 * Last-Event-ID, and the server replays what was missed. A new stream (`resync`) starts
 * from now instead, so once it is ready the screens are told to refetch.
 */
function open(resync: boolean): void {
  const stream = new EventSource('/api/live');
  source = stream;
  for (const event of listeners.keys()) listen(stream, event);
  let missedSomething = resync;
  stream.addEventListener('ready', () => {
    liveConnected.value = true;
    retryMs = RETRY_MIN_MS;
    if (missedSomething) dispatch('reset', {});
    missedSomething = false;
  });
  stream.addEventListener('error', () => {
    liveConnected.value = false;
    // CLOSED: the browser gave up (the server refused the stream); try again later, from now.
    if (stream.readyState !== EventSource.CLOSED) return;
    retryTimer = setTimeout(reopen, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  });
}

function reopen(): void {
  clearTimeout(retryTimer);
  source?.close();
  liveConnected.value = false;
  open(true);
}

/** Calls `listener` with the data of each `event`; opens the stream on first use. Returns the unsubscribe. */
export function subscribeLive<E extends LiveEvent>(event: E, listener: (data: LiveEvents[E]) => void): () => void {
  let forEvent = listeners.get(event);
  if (!forEvent) {
    forEvent = new Set();
    listeners.set(event, forEvent);
    if (source) listen(source, event);
  }
  forEvent.add(listener);
  if (!source) open(false);
  return () => void forEvent.delete(listener);
}

/** Runs `handler` on each live `event` while the component is mounted; the latest handler is called. */
export function useLiveEvent<E extends LiveEvent>(event: E, handler: (data: LiveEvents[E]) => void): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => subscribeLive(event, (data) => onEvent(data)), [event]);
}

// The server picks the messages for the user of the session cookie when the stream opens:
// after a sign-in or sign-out, open it again. (Undefined until the session is first known.)
let streamUser: string | null | undefined;
effect(() => {
  const userId = sessionKnown.value ? (session.value?.id ?? null) : undefined;
  if (userId === undefined) return;
  if (source && streamUser !== undefined && userId !== streamUser) reopen();
  streamUser = userId;
});
