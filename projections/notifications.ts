import type { NotificationEvent } from '../domain/notification/events.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { UnitOfWork } from '../platform/readstore/port.ts';
import { COLLECTIONS, type NotificationDoc } from './models.ts';
import type { Projection } from '../platform/projection/projection.ts';

const { notifications: NOTIFICATIONS } = COLLECTIONS;

/** A seller's in-app notifications, newest first, and how many are unread. */
export const notifications: Projection = {
  name: 'notifications',
  collections: [{ name: NOTIFICATIONS, indexes: [['sellerId', 'createdAt'], ['sellerId', 'read']] }],
  eventTypes: new Set<NotificationEvent['type']>(['SellerNotified', 'NotificationRead']),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as NotificationEvent & RecordedEvent;
    if (event.type === 'NotificationRead') {
      await work.patch<NotificationDoc>(NOTIFICATIONS, event.data.notificationId, { read: true });
      return;
    }
    if (event.type !== 'SellerNotified') return;
    const { notificationId, sellerId, orderId, title, body, at } = event.data;
    work.put<NotificationDoc>(NOTIFICATIONS, { id: notificationId, sellerId, orderId, title, body, read: false, createdAt: at });
  },
};
