import { useEffect, useState } from 'react';
import { call, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { NotificationItem } from '../../components/NotificationItem.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { withNotification } from '../../lists.ts';
import { useLiveEvent } from '../../state/live.ts';
import { toast } from '../../state/toasts.ts';
import type { WishlistUpdate } from './types.ts';
import { unreadUpdates } from './wishlistState.ts';

/** The buyer's notifications of saved products (a lower price, stock again), newest first, kept live. */
export function WishlistUpdates() {
  const updates = useApiGet(
    (options) => server.wishlist.notifications.$get({ query: {} }, options),
    [],
    'Failed to load your wishlist updates',
    { live: true },
  );
  const [marking, setMarking] = useState<string | null>(null);

  const keep = (update: WishlistUpdate) => updates.update((list) => withNotification(list, update));
  useLiveEvent('buyer-notification.changed', keep);
  // The header badge shows what this list counts.
  const unread = updates.data?.unread;
  useEffect(() => {
    if (unread !== undefined) unreadUpdates.value = unread;
  }, [unread]);

  async function markRead(update: WishlistUpdate) {
    setMarking(update.id);
    try {
      await call(server.wishlist.notifications[':id'].read.$post({ param: { id: encodeURIComponent(update.id) } }));
      keep({ ...update, read: true });
    } catch (error) {
      toast({ title: 'Error updating notification', description: (error as Error).message, tone: 'error' });
    } finally {
      setMarking(null);
    }
  }

  return (
    <section aria-labelledby="updates-title">
      <h2 id="updates-title" className="mb-4 flex items-center gap-2 text-xl font-semibold">
        <Icon name="bell" />
        Updates
        {unread !== undefined && unread > 0 && (
          <span className="badge badge-primary">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </h2>
      {updates.loading ? (
        <Skeleton className="h-48 rounded-box" />
      ) : updates.failed ? (
        <LoadFailed what="your wishlist updates" onRetry={() => void updates.reload()} />
      ) : updates.data!.items.length === 0 ? (
        <EmptyState
          title="No updates yet"
          text="You will be told here when a saved product’s price drops or it is back in stock."
        />
      ) : (
        <ul className="space-y-3" aria-label="Wishlist updates">
          {updates.data!.items.map((update) => (
            <NotificationItem
              key={update.id}
              notification={update}
              busy={marking === update.id}
              onMarkRead={() => markRead(update)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
