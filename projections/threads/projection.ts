/** The conversations: a document per thread (its unread counts) and one per message. */
import type { ThreadEvent } from '../../domain/conversation/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { ThreadDoc, ThreadMessageDoc } from './documents.ts';

export const THREADS = 'threads';
export const THREAD_MESSAGES = 'thread_messages';

export const threads: Projection = {
  name: 'threads',
  collections: [
    { name: THREADS, indexes: [['buyerId'], ['sellerId']] },
    { name: THREAD_MESSAGES, indexes: [['sellerOrderId', 'seq']] },
  ],
  eventTypes: new Set<ThreadEvent['type']>(['ThreadMessagePosted', 'ThreadRead']),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as ThreadEvent & RecordedEvent;
    switch (event.type) {
      case 'ThreadMessagePosted': {
        const { sellerOrderId, orderId, buyerId, sellerId, messageId, from, text, images, at } = event.data;
        const thread = (await work.get<ThreadDoc>(THREADS, sellerOrderId)) ?? {
          id: sellerOrderId,
          orderId,
          buyerId,
          sellerId,
          messageCount: 0,
          buyerUnread: 0,
          sellerUnread: 0,
          lastMessageAt: at,
        };
        const seq = thread.messageCount + 1;
        work.put<ThreadMessageDoc>(THREAD_MESSAGES, { id: messageId, sellerOrderId, seq, from, text, images, at });
        // The author has read everything up to their own message.
        work.put<ThreadDoc>(THREADS, {
          ...thread,
          messageCount: seq,
          buyerUnread: from === 'buyer' ? 0 : thread.buyerUnread + 1,
          sellerUnread: from === 'seller' ? 0 : thread.sellerUnread + 1,
          lastMessageAt: at,
        });
        return;
      }
      case 'ThreadRead': {
        const { sellerOrderId, party, through } = event.data;
        const thread = await work.get<ThreadDoc>(THREADS, sellerOrderId);
        if (!thread) return;
        const unread = thread.messageCount - through;
        work.put<ThreadDoc>(THREADS, { ...thread, [party === 'buyer' ? 'buyerUnread' : 'sellerUnread']: unread });
        return;
      }
    }
  },
};
