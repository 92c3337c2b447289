/**
 * The signed-in user's conversations as every screen needs them: the unread messages in all
 * (the header badge) and per thread (the links from the orders). They follow the session and
 * the live feed: when a thread of theirs changes, as buyer or as seller, the list is read again.
 */
import { effect, signal, untracked } from '@preact/signals-react';
import { call, readAfter, server } from '../../api/client.ts';
import { subscribeLive } from '../../state/live.ts';
import { session } from '../../state/session.ts';
import type { ThreadList } from './types.ts';

const EMPTY: ThreadList = { items: [], unread: 0 };

export const threads = signal<ThreadList>(EMPTY);

/** Unread messages of one thread; 0 for one without messages. */
export const unreadIn = (list: ThreadList, sellerOrderId: string): number =>
  list.items.find((item) => item.sellerOrderId === sellerOrderId)?.unread ?? 0;

/** Reads the list again (after the log position of the user's own write, when given). */
export async function refreshThreads(after?: number): Promise<void> {
  const userId = session.value?.id;
  if (!userId) return;
  try {
    const list = await call(server.threads.$get({}, readAfter(after)));
    if (session.value?.id === userId) threads.value = list;
  } catch (error) {
    console.error('Could not load the conversations', error);
  }
}

function follow(): () => void {
  void refreshThreads();
  const stops = [
    subscribeLive('thread.changed', () => void refreshThreads()),
    subscribeLive('seller-thread.changed', () => void refreshThreads()),
    subscribeLive('reset', () => void refreshThreads()),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

// The conversations belong to the user: load them whenever the user changes, forget them on sign-out.
effect(() => {
  const user = session.value;
  return untracked(() => {
    if (user) return follow();
    threads.value = EMPTY;
    return undefined;
  });
});
