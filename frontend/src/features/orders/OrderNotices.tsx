import { useLingui } from '@lingui/react/macro';
import { call, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { NotificationsSection } from '../../components/NotificationsSection.tsx';
import { withNotification } from '../../lists.ts';
import { useLiveEvent } from '../../state/live.ts';
import type { OrderNotice } from './types.ts';

/** The buyer's notices of their orders (a part prepared, shipped, delivered or cancelled, a return answered), newest first, kept live. */
export function OrderNotices() {
  const { t } = useLingui();
  const notices = useApiGet(
    (options) => server.orders.notifications.$get({ query: {} }, options),
    [],
    t`Failed to load notifications`,
    { live: true },
  );
  const keep = (notice: OrderNotice) => notices.update((list) => withNotification(list, notice));
  // The same live event tells of saved products: those are the wishlist's.
  useLiveEvent('buyer-notification.changed', (notice) => {
    if (notice.topic === 'orders') keep(notice);
  });

  return (
    <NotificationsSection
      emptyText={t`You will be told here when a seller prepares, ships, delivers or cancels your order, and of the answer to a return.`}
      notifications={notices}
      keep={keep}
      markRead={(notice) =>
        call(server.orders.notifications[':id'].read.$post({ param: { id: encodeURIComponent(notice.id) } }))
      }
    />
  );
}
