/** The orders read model's live events: a purchase to its buyer, a seller order to its seller. */
import { type LiveChange, liveEvent, liveSlice } from '../live.ts';
import type { OrderDoc, SellerOrderDoc } from './documents.ts';
import { ORDERS, SELLER_ORDERS } from './projection.ts';

/** To the purchase's buyer. */
export const ordersLive = liveSlice({
  collection: ORDERS,
  events: { 'order.changed': liveEvent<OrderDoc>('buyer', 'the order') },
  messages: ({ doc }: LiveChange<OrderDoc>) =>
    doc ? [{ event: 'order.changed', data: doc, audience: doc.buyerId }] : [],
});

/** To the seller of the seller order (a new one, or a change). */
export const sellerOrdersLive = liveSlice({
  collection: SELLER_ORDERS,
  events: { 'seller-order.changed': liveEvent<SellerOrderDoc>('seller', 'the seller order') },
  messages: ({ doc }: LiveChange<SellerOrderDoc>) =>
    doc ? [{ event: 'seller-order.changed', data: doc, audience: doc.sellerId }] : [],
});
