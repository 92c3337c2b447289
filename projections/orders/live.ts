/** The orders read model's live events: a purchase to its buyer, a seller order to its seller. */
import { ADMINS, type LiveChange, liveEvent, liveSlice } from '../live.ts';
import type { OrderDoc, SellerOrderDoc } from './documents.ts';
import { ORDERS, SELLER_ORDERS } from './projection.ts';

/** To the purchase's buyer; its id to the admins, whose list of orders (and the returns in them) fetches again. */
export const ordersLive = liveSlice({
  collection: ORDERS,
  events: {
    'order.changed': liveEvent<OrderDoc>('buyer', 'the order'),
    'admin.order.changed': liveEvent<{ id: string }>('admin', '`{ id }` of the purchase'),
  },
  messages: ({ id, doc }: LiveChange<OrderDoc>) => [
    ...(doc ? [{ event: 'order.changed' as const, data: doc, audience: doc.buyerId }] : []),
    { event: 'admin.order.changed' as const, data: { id }, audience: ADMINS },
  ],
});

/** To the seller of the seller order (a new one, or a change). */
export const sellerOrdersLive = liveSlice({
  collection: SELLER_ORDERS,
  events: { 'seller-order.changed': liveEvent<SellerOrderDoc>('seller', 'the seller order') },
  messages: ({ doc }: LiveChange<SellerOrderDoc>) =>
    doc ? [{ event: 'seller-order.changed', data: doc, audience: doc.sellerId }] : [],
});
