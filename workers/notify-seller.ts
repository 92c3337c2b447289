import { accountDecider } from '../domain/account/decider.ts';
import { accountStream } from '../domain/account/events.ts';
import { type Decider, fold } from '../domain/decider.ts';
import { type Notification, notificationDecider } from '../domain/notification/decider.ts';
import { notificationId, notificationStream } from '../domain/notification/events.ts';
import type { OrderLine } from '../domain/order/events.ts';
import type { EventStore } from '../platform/eventstore/port.ts';
import type { Worker } from './worker.ts';

export const NOTIFY_SELLER = 'notify-seller';

export interface NotifySellerJob {
  orderId: string;
  sellerId: string;
  /** The seller's lines of the order. */
  lines: OrderLine[];
  /** The OrderPlaced event, recorded as the cause of the notification. */
  cause: { eventId: string; correlationId: string };
}

/** A stream's current state, folded from all its events. */
async function load<S>(events: EventStore, stream: string, decider: Pick<Decider<unknown, S, never>, 'initialState' | 'evolve'>): Promise<S> {
  return fold(decider, (await events.readStream(stream)) as never[]);
}

/** Records the in-app notification unless an earlier attempt did, and answers it. */
async function recordNotification(events: EventStore, job: NotifySellerJob): Promise<Notification> {
  const { sellerId, orderId, lines, cause } = job;
  const stream = notificationStream(notificationId(sellerId, orderId));
  const state = await load(events, stream, notificationDecider);
  const recorded = notificationDecider.decide({ type: 'NotifySeller', sellerId, orderId, lines, at: new Date().toISOString() }, state);
  if (recorded.length === 0) return state!;
  const metadata = { actor: null, correlationId: cause.correlationId, causationId: cause.eventId };
  // 'no_stream': of two attempts racing, only one records the notification; the other fails and is retried.
  await events.append(stream, recorded.map((event) => ({ ...event, metadata })), 'no_stream');
  return recorded.reduce(notificationDecider.evolve, state)!;
}

/** Records that the notification's e-mail went out, so no later attempt sends it again. */
async function recordMailed(events: EventStore, job: NotifySellerJob, to: string): Promise<void> {
  const stream = notificationStream(notificationId(job.sellerId, job.orderId));
  const recorded = await events.readStream(stream);
  const state = fold(notificationDecider, recorded as never[]);
  const mailed = notificationDecider.decide({ type: 'RecordNotificationMailed', to, at: new Date().toISOString() }, state);
  if (mailed.length === 0) return;
  const metadata = { actor: null, correlationId: job.cause.correlationId, causationId: job.cause.eventId };
  // Expected revision: of two attempts racing, one records it and the other is retried, finding it done.
  await events.append(stream, mailed.map((event) => ({ ...event, metadata })), recorded.length - 1);
}

const newOrderMail = (sellerName: string, { title, body }: Notification) =>
  `Hello ${sellerName},\n\n${title} is waiting for you on MIBI:\n\n${body}\n\nOpen your seller dashboard to prepare it for dispatch.\n`;

/**
 * Tells a seller of a new order: an in-app notification, then an e-mail, each recorded in the
 * notification's stream. A failed or interrupted attempt is retried by the queue (and a job the
 * queue lost is added again by the reconciliation); the retry does only what is not recorded,
 * so the seller gets one of each. A crash between the mail server's acceptance and the record
 * sends the e-mail again under the same key (the same Message-ID), so the seller sees one.
 */
export const notifySeller: Worker<NotifySellerJob> = {
  name: NOTIFY_SELLER,
  async handle({ data }, platform) {
    const seller = await load(platform.events, accountStream(data.sellerId), accountDecider);
    if (!seller) throw new Error(`No account for seller ${data.sellerId}`);
    const notification = await recordNotification(platform.events, data);
    if (notification.mailed) return;
    const mail = { to: seller.email, subject: notification.title, text: newOrderMail(seller.fullName, notification) };
    await platform.mail.send({ ...mail, key: `notification:${notification.notificationId}` });
    await recordMailed(platform.events, data, seller.email);
  },
};
