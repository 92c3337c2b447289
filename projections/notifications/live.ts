/** The seller notifications read model's live events: a notification, new or read, to its seller. */
import { type LiveChange, liveEvent, liveSlice } from '../live.ts';
import type { NotificationDoc } from './documents.ts';
import { NOTIFICATIONS } from './projection.ts';

export const notificationsLive = liveSlice({
  collection: NOTIFICATIONS,
  events: {
    'notification.added': liveEvent<NotificationDoc>('seller', 'the notification'),
    'notification.read': liveEvent<NotificationDoc>('seller', 'the notification'),
  },
  // A notification is made unread and can only become read.
  messages: ({ doc }: LiveChange<NotificationDoc>) =>
    doc ? [{ event: doc.read ? 'notification.read' : 'notification.added', data: doc, audience: doc.sellerId }] : [],
});
