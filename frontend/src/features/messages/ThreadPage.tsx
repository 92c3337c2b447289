import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, useEffect, useRef } from 'react';
import { Link, Redirect, useParams } from 'wouter';
import { MAX_MESSAGE_LENGTH, messageSchema } from '../../../../domain/conversation/schemas.ts';
import { shortSellerOrderId } from '../../../../domain/order/status.ts';
import { call, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { TextAreaField } from '../../components/Field.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { formatDateTime } from '../../format.ts';
import { useForm } from '../../forms.ts';
import { loginHref } from '../../links.ts';
import { useLiveEvent } from '../../state/live.ts';
import { session, sessionKnown } from '../../state/session.ts';
import { threadPath } from './paths.ts';
import { AttachedPhotos, AttachPhotoButton, useThreadAttachments } from './ThreadAttachments.tsx';
import { refreshThreads } from './threads.ts';
import type { ThreadMessage, ThreadView } from './types.ts';

/** /messages/:id: the conversation of a seller order between its buyer and its seller, live. */
export default function ThreadPage() {
  useSignals();
  const { t } = useLingui();
  const { id = '' } = useParams<{ id: string }>();
  if (!sessionKnown.value) return <span className="loading loading-spinner m-8" aria-label={t`Loading`} />;
  if (!session.value) return <Redirect to={loginHref(threadPath(id))} replace />;
  return <Thread sellerOrderId={id} />;
}

function Thread({ sellerOrderId }: { sellerOrderId: string }) {
  const { t } = useLingui();
  const param = { id: encodeURIComponent(sellerOrderId) };
  const thread = useApiGet(
    (options) => server.threads[':id'].$get({ param }, options),
    [sellerOrderId],
    t`Failed to load the conversation`,
    { live: true },
  );
  const onChange = (doc: { id: string }) => {
    if (doc.id === sellerOrderId) void thread.reload();
  };
  useLiveEvent('thread.changed', onChange);
  useLiveEvent('seller-thread.changed', onChange);

  // What is on screen is read: say so, so the other party's messages stop counting as unread.
  const unread = thread.data?.as === 'staff' ? 0 : (thread.data?.unread ?? 0);
  useEffect(() => {
    if (unread === 0) return;
    void call(server.threads[':id'].read.$post({ param })).then(
      ({ position }) => refreshThreads(position),
      (error: unknown) => console.error('Could not mark the conversation read', error),
    );
  }, [unread, thread.data?.messages.length]);

  const orderId = shortSellerOrderId(sellerOrderId);
  const title = t`Order #${orderId}`;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-1 text-2xl font-bold">
        <Trans>Messages</Trans>
      </h1>
      <p className="mb-6 text-base-content/80">{title}</p>
      {thread.failed && <LoadFailed what={t`this conversation`} onRetry={() => void thread.reload()} />}
      {thread.loading && <span className="loading loading-spinner" aria-label={t`Loading`} />}
      {thread.data && (
        <>
          <MessageList thread={thread.data} />
          {thread.data.as !== 'staff' && (
            <MessageForm sellerOrderId={sellerOrderId} onSent={(position) => void thread.reload(position)} />
          )}
        </>
      )}
      <p className="mt-6">
        <Link href={thread.data?.as === 'seller' ? '/dashboard/seller' : '/dashboard/buyer'} className="link">
          <Trans>Back to your orders</Trans>
        </Link>
      </p>
    </section>
  );
}

const AUTHOR: Record<ThreadView['as'], Record<ThreadMessage['from'], MessageDescriptor>> = {
  buyer: { buyer: msg`You`, seller: msg`Seller` },
  seller: { buyer: msg`Buyer`, seller: msg`You` },
  staff: { buyer: msg`Buyer`, seller: msg`Seller` },
};

function MessageList({ thread }: { thread: ThreadView }) {
  const { t } = useLingui();
  if (thread.messages.length === 0)
    return (
      <p className="mb-4 text-base-content/80">
        <Trans>No messages yet. Write the first one below.</Trans>
      </p>
    );
  return (
    <ol className="mb-6 space-y-3" aria-label={t`Messages`}>
      {thread.messages.map((message) => {
        const mine = message.from === thread.as;
        return (
          <li key={message.id} className={`chat ${mine ? 'chat-end' : 'chat-start'}`}>
            <div className="chat-header text-xs">
              {t(AUTHOR[thread.as][message.from])}{' '}
              <time dateTime={message.at} className="opacity-70">
                {formatDateTime(message.at)}
              </time>
            </div>
            <div className={`chat-bubble whitespace-pre-wrap ${mine ? 'chat-bubble-primary' : ''}`} dir="auto">
              {message.text}
              {message.images.length > 0 && (
                <span className="mt-2 flex flex-wrap gap-2">
                  {message.images.map((image) => (
                    <a key={image.id} href={image.url} target="_blank" rel="noreferrer">
                      <img
                        src={image.sizes[0]?.url ?? image.url}
                        alt={t`Attached`}
                        width={96}
                        height={96}
                        loading="lazy"
                        className="size-24 rounded object-cover"
                      />
                    </a>
                  ))}
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function MessageForm({ sellerOrderId, onSent }: { sellerOrderId: string; onSent: (position: number) => void }) {
  const { t } = useLingui();
  const param = { id: encodeURIComponent(sellerOrderId) };
  const attachments = useThreadAttachments(sellerOrderId);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, busy, onSubmit } = useForm(
    messageSchema,
    async (values) => {
      const { position } = await call(server.threads[':id'].messages.$post({ param, json: values }));
      formRef.current?.reset();
      attachments.clear();
      onSent(position);
    },
    t`Could not send your message`,
    () => ({ images: attachments.images.map((image) => image.id) }),
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
      className="space-y-3"
    >
      <TextAreaField label={t`Your message`} name="text" rows={3} maxLength={MAX_MESSAGE_LENGTH} error={errors.text} />
      <AttachedPhotos attachments={attachments} error={errors.images} />
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy || attachments.uploading}>
          <Trans>Send</Trans>
        </button>
        <AttachPhotoButton attachments={attachments} />
      </div>
    </form>
  );
}
