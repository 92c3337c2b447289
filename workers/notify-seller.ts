import { accountDecider } from '../domain/account/decider.ts';
import { accountStream } from '../domain/account/events.ts';
import { type Decider, fold } from '../domain/decider.ts';
import { type Notification, notificationDecider } from '../domain/notification/decider.ts';
import { notificationId, notificationStream } from '../domain/notification/events.ts';
import { type OrderEvent, type OrderLine, type OrderPlacedEvent, orderStream } from '../domain/order/events.ts';
import { type LegacyOrderEvent, upcast } from '../domain/order/upcast.ts';
import type { EventStore } from '../platform/eventstore/port.ts';
import type { Worker } from './worker.ts';

export const NOTIFY_SELLER = 'notify-seller';

export interface NotifySellerJob {
  orderId: string;
  sellerOrderId: string;
  sellerId: string;
  /** The lines of the seller order. */
  lines: OrderLine[];
  /** The OrderPlaced event, recorded as the cause of the notification. */
  cause: { eventId: string; correlationId: string };
}

/** A job queued before seller orders existed names none; it is still in the queue after an upgrade. */
export type QueuedNotifySellerJob = Omit<NotifySellerJob, 'sellerOrderId'> & { sellerOrderId?: string };

/** The job, naming its seller order: for a job queued before seller orders, the one the purchase gives its seller. */
async function withSellerOrder(events: EventStore, job: QueuedNotifySellerJob): Promise<NotifySellerJob> {
  if (job.sellerOrderId !== undefined) return { ...job, sellerOrderId: job.sellerOrderId };
  const [placed] = await events.readStream(orderStream(job.orderId), { limit: 1 });
  const [current] = upcast(placed as unknown as OrderEvent | LegacyOrderEvent, []) as [OrderPlacedEvent];
  const part = current.data.sellerOrders.find((sellerOrder) => sellerOrder.sellerId === job.sellerId);
  if (!part) throw new Error(`Order ${job.orderId} has no seller order of seller ${job.sellerId}`);
  return { ...job, sellerOrderId: part.sellerOrderId };
}

/** A stream's current state, folded from all its events. */
async function load<S>(
  events: EventStore,
  stream: string,
  decider: Pick<Decider<unknown, S, never>, 'initialState' | 'evolve'>,
): Promise<S> {
  return fold(decider, (await events.readStream(stream)) as never[]);
}

/** Records the in-app notification unless an earlier attempt did, and answers it. */
async function recordNotification(events: EventStore, job: NotifySellerJob): Promise<Notification> {
  const { sellerId, orderId, sellerOrderId, lines, cause } = job;
  const stream = notificationStream(notificationId(sellerId, orderId));
  const state = await load(events, stream, notificationDecider);
  const notify = {
    type: 'NotifySeller' as const,
    sellerId,
    orderId,
    sellerOrderId,
    lines,
    at: new Date().toISOString(),
  };
  const recorded = notificationDecider.decide(notify, state);
  if (recorded.length === 0) return state!;
  const metadata = { actor: null, correlationId: cause.correlationId, causationId: cause.eventId };
  // 'no_stream': of two attempts racing, only one records the notification; the other fails and is retried.
  await events.append(
    stream,
    recorded.map((event) => ({ ...event, metadata })),
    'no_stream',
  );
  return recorded.reduce(notificationDecider.evolve, state)!;
}

/** Records that the notification's e-mail went out, so no later attempt sends it again. */
async function recordMailed(events: EventStore, job: QueuedNotifySellerJob, to: string): Promise<void> {
  const stream = notificationStream(notificationId(job.sellerId, job.orderId));
  const recorded = await events.readStream(stream);
  const state = fold(notificationDecider, recorded as never[]);
  const mailed = notificationDecider.decide(
    { type: 'RecordNotificationMailed', to, at: new Date().toISOString() },
    state,
  );
  if (mailed.length === 0) return;
  const metadata = { actor: null, correlationId: job.cause.correlationId, causationId: job.cause.eventId };
  // Expected revision: of two attempts racing, one records it and the other is retried, finding it done.
  await events.append(
    stream,
    mailed.map((event) => ({ ...event, metadata })),
    recorded.length - 1,
  );
}

const newOrderMail = (sellerName: string, { title, body }: Notification) =>
  `Hello ${sellerName},\n\n${title} is waiting for you on MIBI:\n\n${body}\n\nOpen your seller dashboard to prepare it for dispatch.\n`;

/**
 * Tells a seller of a new seller order: an in-app notification, then an e-mail, each recorded in the
 * notification's stream. A failed or interrupted attempt is retried by the queue (and a job the
 * queue lost is added again by the reconciliation); the retry does only what is not recorded,
 * so the seller gets one of each. A crash between the mail server's acceptance and the record
 * sends the e-mail again under the same key (the same Message-ID), so the seller sees one.
 */
export const notifySeller: Worker<QueuedNotifySellerJob> = {
  name: NOTIFY_SELLER,
  async handle({ data }, platform) {
    const seller = await load(platform.events, accountStream(data.sellerId), accountDecider);
    if (!seller) throw new Error(`No account for seller ${data.sellerId}`);
    const notification = await recordNotification(platform.events, await withSellerOrder(platform.events, data));
    if (notification.mailed) return;
    const mail = { to: seller.email, subject: notification.title, text: newOrderMail(seller.fullName, notification) };
    await platform.mail.send({ ...mail, key: `notification:${notification.notificationId}` });
    await recordMailed(platform.events, data, seller.email);
  },
};
