import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Resource } from '../api/useApiGet.ts';
import { toast } from '../state/toasts.ts';
import { EmptyState } from './EmptyState.tsx';
import { Icon } from './Icon.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import { Skeleton } from './Skeleton.tsx';

interface Notification {
  id: string;
  title: string;
  body: string;
  read: boolean;
  createdAt: string;
}

interface NotificationsSectionProps<N extends Notification> {
  /** The section's heading, and what a failed load names (by default the plain notifications list's). */
  title?: string;
  what?: string;
  /** What an empty list says; its heading by default 'No notifications yet'. */
  emptyTitle?: string;
  emptyText: string;
  /** The list, kept live by the caller. */
  notifications: Resource<{ items: N[]; unread: number }>;
  /** Marks one read on the server; the list then shows it read. */
  markRead(notification: N): Promise<unknown>;
  /** Applies a notification as it is now to the list (the caller's live events go through it too). */
  keep(notification: N): void;
}

/** A titled list of in-app notifications, newest first, with its unread count and Mark as read on each unread one. */
export function NotificationsSection<N extends Notification>({
  title: givenTitle,
  what: givenWhat,
  emptyTitle: givenEmptyTitle,
  emptyText,
  notifications,
  markRead,
  keep,
}: NotificationsSectionProps<N>) {
  const { t } = useLingui();
  const title = givenTitle ?? t`Notifications`;
  const what = givenWhat ?? t`your notifications`;
  const emptyTitle = givenEmptyTitle ?? t`No notifications yet`;
  const [marking, setMarking] = useState<string | null>(null);
  const titleId = useId();

  async function read(notification: N) {
    setMarking(notification.id);
    try {
      await markRead(notification);
      keep({ ...notification, read: true });
    } catch (error) {
      toast({ title: t`Error updating notification`, description: (error as Error).message, tone: 'error' });
    } finally {
      setMarking(null);
    }
  }

  const unread = notifications.data?.unread ?? 0;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="mb-4 flex items-center gap-2 text-xl font-semibold">
        <Icon name="bell" />
        {title}
        {unread > 0 && (
          <span className="badge badge-primary">
            {unread}
            <span className="sr-only">
              {' '}
              <Trans>unread</Trans>
            </span>
          </span>
        )}
      </h2>
      {notifications.loading ? (
        <Skeleton className="h-48 rounded-box" />
      ) : notifications.failed ? (
        <LoadFailed what={what} onRetry={() => void notifications.reload()} />
      ) : notifications.data!.items.length === 0 ? (
        <EmptyState title={emptyTitle} text={emptyText} />
      ) : (
        <ul className="space-y-3" aria-label={title}>
          {notifications.data!.items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              busy={marking === notification.id}
              onMarkRead={() => read(notification)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
