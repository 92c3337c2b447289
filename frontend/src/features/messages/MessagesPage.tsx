import { ph, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { Link, Redirect } from 'wouter';
import { shortSellerOrderId } from '../../../../domain/order/status.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { formatDateTime } from '../../format.ts';
import { loginHref } from '../../links.ts';
import { session, sessionKnown } from '../../state/session.ts';
import { threadPath } from './paths.ts';
import { threads } from './threads.ts';

/** /messages: the user's conversations, as buyer and as seller, latest first, kept live. */
export default function MessagesPage() {
  useSignals();
  const { t } = useLingui();
  if (!sessionKnown.value) return <span className="loading loading-spinner m-8" aria-label={t`Loading`} />;
  if (!session.value) return <Redirect to={loginHref('/messages')} replace />;
  const { items } = threads.value;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">
        <Trans>Messages</Trans>
      </h1>
      {items.length === 0 ? (
        <EmptyState title={t`No messages yet`} text={t`Write to a seller from one of your orders.`} />
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {items.map(({ unread, ...item }) => (
            <li key={item.sellerOrderId}>
              <Link
                href={threadPath(item.sellerOrderId)}
                className="flex items-center justify-between gap-3 p-4 hover:bg-base-200"
              >
                <span>
                  <span className="font-semibold">
                    <Trans>Order #{ph({ orderId: shortSellerOrderId(item.sellerOrderId) })}</Trans>
                  </span>{' '}
                  <span className="text-sm text-base-content/80">
                    {item.as === 'buyer' ? t`with the seller` : t`with the buyer`} ·{' '}
                    {formatDateTime(item.lastMessageAt)}
                  </span>
                </span>
                {unread > 0 && (
                  <span className="badge badge-primary">
                    {plural(unread, { one: '# unread message', other: '# unread messages' })}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
