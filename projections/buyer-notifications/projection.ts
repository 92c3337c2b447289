/** A buyer's in-app notifications (the wishlist's alerts), newest first, and whether each is read. */
import type { NotificationEvent } from '../../domain/notification/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { BuyerNotificationDoc } from './documents.ts';

export const BUYER_NOTIFICATIONS = 'buyer_notifications';

type Handled = Extract<NotificationEvent, { type: 'BuyerNotified' | 'NotificationRead' }>;

export const buyerNotifications: Projection = {
  name: 'buyer-notifications',
  version: 1,
  collections: [
    {
      name: BUYER_NOTIFICATIONS,
      indexes: [
        ['buyerId', 'position'],
        ['buyerId', 'read'],
      ],
    },
  ],
  eventTypes: new Set<Handled['type']>(['BuyerNotified', 'NotificationRead']),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as Handled & RecordedEvent;
    if (event.type === 'NotificationRead') {
      // A seller's notification is not here: nothing is written for it.
      await work.patch<BuyerNotificationDoc>(BUYER_NOTIFICATIONS, event.data.notificationId, { read: true });
      return;
    }
    const { notificationId: id, buyerId, productId, kind, title, body, at } = event.data;
    work.put<BuyerNotificationDoc>(BUYER_NOTIFICATIONS, {
      id,
      buyerId,
      productId,
      kind,
      title,
      body,
      read: false,
      createdAt: at,
      position: event.position,
    });
  },
};
