import { useState } from 'react';
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
import type { SellerNotification } from './types.ts';

/** The seller's notifications, newest first, kept live, with the unread count. */
export function Notifications() {
  const notifications = useApiGet(
    (options) => server.notifications.$get({ query: {} }, options),
    [],
    'Failed to load notifications',
    { live: true },
  );
  const [marking, setMarking] = useState<string | null>(null);

  const keep = (notification: SellerNotification) =>
    notifications.update((list) => withNotification(list, notification));
  useLiveEvent('notification.added', keep);
  useLiveEvent('notification.read', keep);

  async function markRead(notification: SellerNotification) {
    setMarking(notification.id);
    try {
      await call(server.notifications[':id'].read.$post({ param: { id: encodeURIComponent(notification.id) } }));
      keep({ ...notification, read: true });
    } catch (error) {
      toast({ title: 'Error updating notification', description: (error as Error).message, tone: 'error' });
    } finally {
      setMarking(null);
    }
  }

  const unread = notifications.data?.unread ?? 0;
  return (
    <section aria-labelledby="notifications-title">
      <h2 id="notifications-title" className="mb-4 flex items-center gap-2 text-xl font-semibold">
        <Icon name="bell" />
        Notifications
        {unread > 0 && (
          <span className="badge badge-primary">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </h2>
      {notifications.loading ? (
        <Skeleton className="h-48 rounded-box" />
      ) : notifications.failed ? (
        <LoadFailed what="your notifications" onRetry={() => void notifications.reload()} />
      ) : notifications.data!.items.length === 0 ? (
        <EmptyState
          title="No notifications yet"
          text="You will be told here when an order comes in, and of what the admins decide about your products."
        />
      ) : (
        <ul className="space-y-3">
          {notifications.data!.items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              busy={marking === notification.id}
              onMarkRead={() => markRead(notification)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
