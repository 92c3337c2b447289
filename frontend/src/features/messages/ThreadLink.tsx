import { plural } from '@lingui/core/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { threadPath } from './paths.ts';
import { threads, unreadIn } from './threads.ts';

/** A link to the conversation of a seller order ("Message seller", "Message buyer"), with its unread messages. */
export function ThreadLink({
  sellerOrderId,
  label,
  describedBy,
}: {
  sellerOrderId: string;
  label: string;
  describedBy?: string;
}) {
  useSignals();
  const unread = unreadIn(threads.value, sellerOrderId);
  return (
    <Link href={threadPath(sellerOrderId)} className="btn btn-outline btn-sm" aria-describedby={describedBy}>
      {label}
      {unread > 0 && (
        <span
          className="badge badge-primary badge-sm"
          aria-label={plural(unread, { one: '# unread message', other: '# unread messages' })}
        >
          {unread}
        </span>
      )}
    </Link>
  );
}
