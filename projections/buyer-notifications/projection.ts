/** A buyer's in-app notifications (the wishlist's alerts, and sellers' moves on their orders), newest first, and whether each is read. */
import type { NotificationEvent } from '../../domain/notification/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { BuyerNotificationDoc } from './documents.ts';

export const BUYER_NOTIFICATIONS = 'buyer_notifications';

type Handled = Extract<NotificationEvent, { type: 'BuyerNotified' | 'NoticeRecorded' | 'NotificationRead' }>;

export const buyerNotifications: Projection = {
  name: 'buyer-notifications',
  // 2: notices of orders beside those of saved products, each list by topic.
  version: 2,
  collections: [
    {
      name: BUYER_NOTIFICATIONS,
      indexes: [
        ['buyerId', 'topic', 'position'],
        ['buyerId', 'topic', 'read'],
      ],
    },
  ],
  eventTypes: new Set<Handled['type']>(['BuyerNotified', 'NoticeRecorded', 'NotificationRead']),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as Handled & RecordedEvent;
    const unread = { read: false, position: event.position };
    switch (event.type) {
      case 'NotificationRead':
        // A seller's notification is not here: nothing is written for it.
        await work.patch<BuyerNotificationDoc>(BUYER_NOTIFICATIONS, event.data.notificationId, { read: true });
        return;
      case 'BuyerNotified': {
        const { notificationId: id, buyerId, productId, kind, title, body, at } = event.data;
        work.put<BuyerNotificationDoc>(BUYER_NOTIFICATIONS, {
          id,
          buyerId,
          topic: 'wishlist',
          kind,
          productId,
          orderId: null,
          sellerOrderId: null,
          title,
          body,
          createdAt: at,
          ...unread,
        });
        return;
      }
      case 'NoticeRecorded': {
        // A seller's notice is the seller notifications'.
        if (event.data.role !== 'buyer') return;
        const { notificationId: id, recipientId, kind, orderId, sellerOrderId, title, body, at } = event.data;
        work.put<BuyerNotificationDoc>(BUYER_NOTIFICATIONS, {
          id,
          buyerId: recipientId,
          topic: 'orders',
          kind,
          productId: null,
          orderId,
          sellerOrderId,
          title,
          body,
          createdAt: at,
          ...unread,
        });
        return;
      }
    }
  },
};
