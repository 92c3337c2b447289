/** Reads of the buyers' notifications read model (`buyer_notifications`). */
import type { ReadStore } from '../../platform/readstore/port.ts';
import { BUYER_NOTIFICATIONS, type BuyerNotificationDoc } from '../../projections/buyer-notifications.ts';

export interface BuyerNotificationList {
  /** Newest first. */
  items: BuyerNotificationDoc[];
  /** Unread notifications in all, not only in this page. */
  unread: number;
}

/** A buyer's latest `limit` notifications, newest first, and how many of all theirs are unread. */
export async function buyerNotificationsOf(
  read: ReadStore,
  buyerId: string,
  limit: number,
): Promise<BuyerNotificationList> {
  const notifications = read.collection<BuyerNotificationDoc>(BUYER_NOTIFICATIONS);
  const [items, unread] = await Promise.all([
    notifications.find({ where: { buyerId }, sort: [['position', 'desc']], limit }),
    notifications.count({ buyerId, read: false }),
  ]);
  return { items, unread };
}
