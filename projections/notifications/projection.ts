/**
 * A seller's in-app notifications (new orders, admins' decisions, buyers' cancels, returns and
 * reviews), newest first, and how many are unread.
 *
 * Each names the seller order it tells of. One recorded before seller orders existed names
 * only the purchase: its seller order is the one the purchase's OrderPlaced (earlier in the
 * log) gives the seller, kept for purchases placed then until their notifications come.
 */
import { notificationId, type NotificationEvent } from '../../domain/notification/events.ts';
import type { OrderEvent } from '../../domain/order/events.ts';
import { type LegacyOrderEvent, isLegacyOrderEvent, sellerOrdersOf } from '../../domain/order/upcast.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Doc, UnitOfWork } from '../../platform/readstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { NotificationDoc } from './documents.ts';

export const NOTIFICATIONS = 'notifications';
/** Id: the notification id of a seller and a purchase placed before seller orders. */
const LEGACY_SELLER_ORDERS = 'notifications_legacy_seller_orders';

interface LegacySellerOrderDoc extends Doc {
  sellerOrderId: string;
}

type Placed = Extract<OrderEvent | LegacyOrderEvent, { type: 'OrderPlaced' }>;

/** A seller's new notification, unread, dated when they were told. */
const told = (work: UnitOfWork, notice: Omit<NotificationDoc, 'read' | 'createdAt'>, at: string) =>
  work.put<NotificationDoc>(NOTIFICATIONS, { ...notice, read: false, createdAt: at });

export const notifications: Projection = {
  name: 'notifications',
  // 2: a notification names its seller order.
  version: 2,
  collections: [
    {
      name: NOTIFICATIONS,
      indexes: [
        ['sellerId', 'createdAt'],
        ['sellerId', 'read'],
      ],
    },
    { name: LEGACY_SELLER_ORDERS },
  ],
  eventTypes: new Set<(NotificationEvent | Placed)['type']>([
    'SellerNotified',
    'SellerDecisionNotified',
    'NoticeRecorded',
    'NotificationRead',
    'OrderPlaced',
  ]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as (NotificationEvent | Placed) & RecordedEvent;
    switch (event.type) {
      case 'OrderPlaced': {
        if (!isLegacyOrderEvent(event)) return;
        const { orderId, lines, placedAt } = event.data;
        for (const { sellerId, sellerOrderId } of sellerOrdersOf(orderId, lines, placedAt)) {
          work.put<LegacySellerOrderDoc>(LEGACY_SELLER_ORDERS, {
            id: notificationId(sellerId, orderId),
            sellerOrderId,
          });
        }
        return;
      }
      case 'NotificationRead':
        await work.patch<NotificationDoc>(NOTIFICATIONS, event.data.notificationId, { read: true });
        return;
      case 'SellerNotified': {
        const { notificationId: id, sellerId, orderId, title, body, at } = event.data;
        const legacy = await work.get<LegacySellerOrderDoc>(LEGACY_SELLER_ORDERS, id);
        if (legacy) work.delete(LEGACY_SELLER_ORDERS, id);
        // Null only when the log holds no OrderPlaced of the purchase (an import of notification streams alone).
        const sellerOrderId = event.data.sellerOrderId ?? legacy?.sellerOrderId ?? null;
        told(work, { id, sellerId, orderId, sellerOrderId, title, body }, at);
        return;
      }
      case 'NoticeRecorded': {
        // A buyer's notice is the buyers' notifications'.
        const { notificationId: id, recipientId, role, orderId, sellerOrderId, title, body, at } = event.data;
        if (role !== 'seller') return;
        told(work, { id, sellerId: recipientId, orderId, sellerOrderId, title, body }, at);
        return;
      }
      case 'SellerDecisionNotified': {
        const { notificationId: id, sellerId, title, body, at } = event.data;
        told(work, { id, sellerId, orderId: null, sellerOrderId: null, title, body }, at);
        return;
      }
    }
  },
};
