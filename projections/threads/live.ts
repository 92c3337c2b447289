/** The conversations' live events: a thread's change (a message, a read) to each of its two parties only. */
import { type LiveChange, liveEvent, liveSlice } from '../live.ts';
import type { ThreadDoc } from './documents.ts';
import { THREADS } from './projection.ts';

export const threadsLive = liveSlice({
  collection: THREADS,
  events: {
    'thread.changed': liveEvent<ThreadDoc>('buyer', 'the thread (its counts; the messages are fetched)'),
    'seller-thread.changed': liveEvent<ThreadDoc>('seller', 'the thread (its counts; the messages are fetched)'),
  },
  messages: ({ doc }: LiveChange<ThreadDoc>) =>
    doc
      ? [
          { event: 'thread.changed' as const, data: doc, audience: doc.buyerId },
          { event: 'seller-thread.changed' as const, data: doc, audience: doc.sellerId },
        ]
      : [],
});
