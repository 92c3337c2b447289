/** Reads of the buyers' notifications read model. */
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { BuyerNotificationDoc, BuyerNotificationList } from './documents.ts';
import { BUYER_NOTIFICATIONS } from './projection.ts';

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
