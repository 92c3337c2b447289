import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { call, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { NotificationsSection } from '../../components/NotificationsSection.tsx';
import { withNotification } from '../../lists.ts';
import { useLiveEvent } from '../../state/live.ts';
import type { WishlistUpdate } from './types.ts';
import { unreadUpdates } from './wishlistState.ts';

/** The buyer's notifications of saved products (a lower price, stock again), newest first, kept live. */
export function WishlistUpdates() {
  const { t } = useLingui();
  const updates = useApiGet(
    (options) => server.wishlist.notifications.$get({ query: {} }, options),
    [],
    t`Failed to load your wishlist updates`,
    { live: true },
  );
  const keep = (update: WishlistUpdate) => updates.update((list) => withNotification(list, update));
  // The same live event tells of the buyer's orders: those are listed on the dashboard.
  useLiveEvent('buyer-notification.changed', (update) => {
    if (update.topic === 'wishlist') keep(update);
  });
  // The header badge shows what this list counts.
  const unread = updates.data?.unread;
  useEffect(() => {
    if (unread !== undefined) unreadUpdates.value = unread;
  }, [unread]);

  return (
    <NotificationsSection
      title={t`Updates`}
      what={t`your wishlist updates`}
      emptyTitle={t`No updates yet`}
      emptyText={t`You will be told here when a saved product’s price drops or it is back in stock.`}
      notifications={updates}
      keep={keep}
      markRead={(update) =>
        call(server.wishlist.notifications[':id'].read.$post({ param: { id: encodeURIComponent(update.id) } }))
      }
    />
  );
}
