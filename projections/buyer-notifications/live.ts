/** The buyers' notifications read model's live event: a notification, new or read, to its buyer. */
import { type LiveChange, liveEvent, liveSlice } from '../live.ts';
import type { BuyerNotificationDoc } from './documents.ts';
import { BUYER_NOTIFICATIONS } from './projection.ts';

export const buyerNotificationsLive = liveSlice({
  collection: BUYER_NOTIFICATIONS,
  events: {
    /** To the buyer: a notification of a saved product, new or read. */
    'buyer-notification.changed': liveEvent<BuyerNotificationDoc>(
      'buyer',
      'the notification of a saved product, new or read',
    ),
  },
  messages: ({ doc }: LiveChange<BuyerNotificationDoc>) =>
    doc ? [{ event: 'buyer-notification.changed', data: doc, audience: doc.buyerId }] : [],
});
