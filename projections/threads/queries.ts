/** Reads of the conversations read model. */
import type { ThreadReader } from '../../domain/conversation/access.ts';
import type { Party } from '../../domain/conversation/events.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { ThreadDoc, ThreadList, ThreadMessageDoc, ThreadView } from './documents.ts';
import { THREADS, THREAD_MESSAGES } from './projection.ts';

const unreadOf = (thread: ThreadDoc, as: Party): number => (as === 'buyer' ? thread.buyerUnread : thread.sellerUnread);

/** The thread of a seller order for `as` (already allowed to read it): empty before its first message. */
export async function threadView(
  read: ReadStore,
  parties: { sellerOrderId: string; orderId: string },
  as: Exclude<ThreadReader, null>,
): Promise<ThreadView> {
  const { sellerOrderId, orderId } = parties;
  const [thread, messages] = await Promise.all([
    read.collection<ThreadDoc>(THREADS).get(sellerOrderId),
    read.collection<ThreadMessageDoc>(THREAD_MESSAGES).find({ where: { sellerOrderId }, sort: [['seq', 'asc']] }),
  ]);
  const unread = thread && as !== 'staff' ? unreadOf(thread, as) : 0;
  return { sellerOrderId, orderId, as, unread, messages };
}

/** A user's threads, as buyer and as seller, latest message first, and their unread messages in all. */
export async function threadsOf(read: ReadStore, userId: string): Promise<ThreadList> {
  const threads = read.collection<ThreadDoc>(THREADS);
  const [asBuyer, asSeller] = await Promise.all([
    threads.find({ where: { buyerId: userId } }),
    threads.find({ where: { sellerId: userId } }),
  ]);
  const items = [
    ...asBuyer.map((t) => ({ t, as: 'buyer' as const })),
    ...asSeller.map((t) => ({ t, as: 'seller' as const })),
  ]
    .map(({ t, as }) => ({
      sellerOrderId: t.id,
      orderId: t.orderId,
      as,
      unread: unreadOf(t, as),
      messageCount: t.messageCount,
      lastMessageAt: t.lastMessageAt,
    }))
    .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
  return { items, unread: items.reduce((total, item) => total + item.unread, 0) };
}
