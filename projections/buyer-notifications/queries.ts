/** Reads of the buyers' notifications read model. */
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { BuyerNotificationDoc, BuyerNotificationList, BuyerTopic } from './documents.ts';
import { BUYER_NOTIFICATIONS } from './projection.ts';

/** A buyer's latest `limit` notifications of `topic`, newest first, and how many of all theirs of it are unread. */
export async function buyerNotificationsOf(
  read: ReadStore,
  buyerId: string,
  topic: BuyerTopic,
  limit: number,
): Promise<BuyerNotificationList> {
  const notifications = read.collection<BuyerNotificationDoc>(BUYER_NOTIFICATIONS);
  const [items, unread] = await Promise.all([
    notifications.find({ where: { buyerId, topic }, sort: [['position', 'desc']], limit }),
    notifications.count({ buyerId, topic, read: false }),
  ]);
  return { items, unread };
}
