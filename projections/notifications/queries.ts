/** Reads of the seller notifications read model. */
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { NotificationDoc, NotificationList } from './documents.ts';
import { NOTIFICATIONS } from './projection.ts';

const notifications = (read: ReadStore) => read.collection<NotificationDoc>(NOTIFICATIONS);

/** A seller's latest `limit` notifications, newest first, and how many of all theirs are unread. */
export async function sellerNotifications(read: ReadStore, sellerId: string, limit: number): Promise<NotificationList> {
  const [items, unread] = await Promise.all([
    notifications(read).find({ where: { sellerId }, sort: [['createdAt', 'desc']], limit }),
    notifications(read).count({ sellerId, read: false }),
  ]);
  return { items, unread };
}
