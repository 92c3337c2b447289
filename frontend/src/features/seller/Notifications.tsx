import { useLingui } from '@lingui/react/macro';
import { call, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { NotificationsSection } from '../../components/NotificationsSection.tsx';
import { withNotification } from '../../lists.ts';
import { useLiveEvent } from '../../state/live.ts';
import type { SellerNotification } from './types.ts';

/** The seller's notifications, newest first, kept live, with the unread count. */
export function Notifications() {
  const { t } = useLingui();
  const notifications = useApiGet(
    (options) => server.notifications.$get({ query: {} }, options),
    [],
    t`Failed to load notifications`,
    { live: true },
  );
  const keep = (notification: SellerNotification) =>
    notifications.update((list) => withNotification(list, notification));
  useLiveEvent('notification.added', keep);
  useLiveEvent('notification.read', keep);

  return (
    <NotificationsSection
      emptyText={t`You will be told here when an order comes in, when a buyer cancels, asks for a return or reviews a product, and of what the admins decide about your products.`}
      notifications={notifications}
      keep={keep}
      markRead={(notification) =>
        call(server.notifications[':id'].read.$post({ param: { id: encodeURIComponent(notification.id) } }))
      }
    />
  );
}
