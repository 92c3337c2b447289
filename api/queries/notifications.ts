/** Reads of the notifications read model (the `notifications` collection). */
import type { ReadStore } from '../../platform/readstore/port.ts';
import { COLLECTIONS, type NotificationDoc } from '../../projections/models.ts';

const notifications = (read: ReadStore) => read.collection<NotificationDoc>(COLLECTIONS.notifications);

export interface NotificationList {
  /** Newest first. */
  items: NotificationDoc[];
  /** Unread notifications in all, not only in this page. */
  unread: number;
}

/** A seller's latest `limit` notifications, newest first, and how many of all theirs are unread. */
export async function sellerNotifications(read: ReadStore, sellerId: string, limit: number): Promise<NotificationList> {
  const [items, unread] = await Promise.all([
    notifications(read).find({ where: { sellerId }, sort: [['createdAt', 'desc']], limit }),
    notifications(read).count({ sellerId, read: false }),
  ]);
  return { items, unread };
}
