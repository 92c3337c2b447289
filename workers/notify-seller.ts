import { accountDecider } from '../domain/account/decider.ts';
import { accountStream } from '../domain/account/events.ts';
import type { Locale } from '../domain/i18n/locales.ts';
import { type Notification, notificationDecider } from '../domain/notification/decider.ts';
import { notificationId, notificationStream } from '../domain/notification/events.ts';
import { type OrderEvent, type OrderLine, orderStream } from '../domain/order/events.ts';
import { type LegacyOrderEvent, purchaseOf } from '../domain/order/upcast.ts';
import type { Streams } from '../platform/eventstore/streams.ts';
import { noticeMailIn } from './mail-language.ts';
import { type Cause, type Worker, type WorkerContext, causedBy } from './worker.ts';

export const NOTIFY_SELLER = 'notify-seller';

export interface NotifySellerJob {
  orderId: string;
  sellerOrderId: string;
  sellerId: string;
  /** The lines of the seller order. */
  lines: OrderLine[];
  /** The OrderPlaced event, recorded as the cause of the notification. */
  cause: Cause;
}

/** A job queued before seller orders existed names none; it is still in the queue after an upgrade. */
export type QueuedNotifySellerJob = Omit<NotifySellerJob, 'sellerOrderId'> & { sellerOrderId?: string };

/** The job, naming its seller order: for a job queued before seller orders, the one the purchase gives its seller. */
async function withSellerOrder(streams: Streams, job: QueuedNotifySellerJob): Promise<NotifySellerJob> {
  if (job.sellerOrderId !== undefined) return { ...job, sellerOrderId: job.sellerOrderId };
  const [placed] = await streams.read<OrderEvent | LegacyOrderEvent>(orderStream(job.orderId), { limit: 1 });
  if (placed?.type !== 'OrderPlaced') throw new Error(`No purchase ${job.orderId}`);
  const part = purchaseOf(placed).sellerOrders.find((sellerOrder) => sellerOrder.sellerId === job.sellerId);
  if (!part) throw new Error(`Order ${job.orderId} has no seller order of seller ${job.sellerId}`);
  return { ...job, sellerOrderId: part.sellerOrderId };
}

/** Records the in-app notification unless an earlier attempt did, and answers it. */
async function recordNotification({ streams, now }: WorkerContext, job: NotifySellerJob): Promise<Notification> {
  const { sellerId, orderId, sellerOrderId, lines, cause } = job;
  const stream = notificationStream(notificationId(sellerId, orderId));
  const notify = { type: 'NotifySeller', sellerId, orderId, sellerOrderId, lines, at: now() } as const;
  // Of two attempts racing, the one that records second finds it recorded and records nothing.
  await streams.handle(stream, notificationDecider, notify, causedBy(cause));
  return (await streams.load(stream, notificationDecider)).state!;
}

/** Records that the notification's e-mail went out, so no later attempt sends it again. */
async function recordMailed({ streams, now }: WorkerContext, job: QueuedNotifySellerJob, to: string): Promise<void> {
  const stream = notificationStream(notificationId(job.sellerId, job.orderId));
  const mailed = { type: 'RecordNotificationMailed', to, at: now() } as const;
  await streams.handle(stream, notificationDecider, mailed, causedBy(job.cause));
}

/** The mail of a new seller order, in the seller's language (English when they chose none). */
export function newOrderMail(
  sellerName: string,
  { title, body }: Pick<Notification, 'title' | 'body'>,
  language: Locale | null,
): { subject: string; text: string } {
  return noticeMailIn(
    language,
    sellerName,
    { title, body },
    (t) => [t(/*i18n*/ 'Open your seller dashboard to prepare it for dispatch.')],
    (t, order) => t(/*i18n*/ '{order} is waiting for you on MIBI:', { order }),
  );
}

/**
 * Tells a seller of a new seller order: an in-app notification, then an e-mail, each recorded in the
 * notification's stream. A failed or interrupted attempt is retried by the queue (and a job the
 * queue lost is added again by the reconciliation); the retry does only what is not recorded,
 * so the seller gets one of each. A crash between the mail server's acceptance and the record
 * sends the e-mail again under the same key (the same Message-ID), so the seller sees one.
 */
export const notifySeller: Worker<QueuedNotifySellerJob> = {
  name: NOTIFY_SELLER,
  async handle({ data }, cx) {
    const seller = (await cx.streams.load(accountStream(data.sellerId), accountDecider)).state;
    if (!seller) throw new Error(`No account for seller ${data.sellerId}`);
    const notification = await recordNotification(cx, await withSellerOrder(cx.streams, data));
    if (notification.mailed) return;
    const mail = { to: seller.email, ...newOrderMail(seller.fullName, notification, seller.language) };
    await cx.platform.mail.send({ ...mail, key: `notification:${notification.notificationId}` });
    await recordMailed(cx, data, seller.email);
  },
};
