import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { formatDateTime } from '../format.ts';
import { domainLines } from '../i18n/domain-text.ts';

interface NotificationItemProps {
  notification: { title: string; body: string; read: boolean; createdAt: string };
  busy: boolean;
  onMarkRead: () => void;
}

/**
 * One in-app notification of a list: its title (marked unread for screen readers), text, time, and
 * Mark as read while unread. The log records its words in English; they show in the language on screen.
 */
export function NotificationItem({ notification, busy, onMarkRead }: NotificationItemProps) {
  const titleId = useId();
  const { title, body, read, createdAt } = notification;
  return (
    <li className={`card gap-1 border p-4 ${read ? 'border-base-300' : 'border-primary bg-orange-50'}`}>
      <h3 id={titleId} className="font-semibold">
        {!read && (
          <span className="sr-only">
            <Trans>Unread:</Trans>{' '}
          </span>
        )}
        {domainLines(title)}
      </h3>
      <p className="text-sm whitespace-pre-line">{domainLines(body)}</p>
      <p className="text-xs text-base-content/80">
        <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
      </p>
      {!read && (
        <button
          type="button"
          className="btn btn-ghost btn-xs self-start"
          aria-describedby={titleId}
          disabled={busy}
          onClick={onMarkRead}
        >
          <Trans>Mark as read</Trans>
        </button>
      )}
    </li>
  );
}
