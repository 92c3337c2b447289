/**
 * Tells a buyer of what a seller did to their order or return, a seller of a buyer's cancel,
 * return request or review or of a certificate ending (30 and 7 days before, and after), and both of a cancel by MIBI (domain/notification/notices.ts): for
 * each notice of the event, an in-app notice, then an
 * e-mail unless the recipient turned that kind off, each recorded in the notice's stream, as
 * notify-decision does. The notice is named after the event, so however often the job runs
 * the recipient is told once; the choice of mails is read when the mail is due, and what it
 * decided (mailed or declined) is recorded, so a later change of mind does not mail the past.
 *
 * The effect starts at the log's end on a log it did not follow (`from: 'now'`): an old log
 * tells nobody of its past.
 */
import { accountDecider } from '../domain/account/decider.ts';
import { accountStream } from '../domain/account/events.ts';
import { fold } from '../domain/decider.ts';
import type { Locale } from '../domain/i18n/locales.ts';
import { notificationDecider } from '../domain/notification/decider.ts';
import { notificationStream } from '../domain/notification/events.ts';
import {
  type CertificateNoticeEvent,
  certificateNotice,
  NOTICE_EVENTS,
  type Notice,
  type NoticeEvent,
  type OrderNoticeEvent,
  orderNotices,
  reviewNotice,
} from '../domain/notification/notices.ts';
import { orderDecider } from '../domain/order/decider.ts';
import type { OrderEvent } from '../domain/order/events.ts';
import { isPayable } from '../domain/order/payment.ts';
import { type LegacyOrderEvent, purchaseOf } from '../domain/order/upcast.ts';
import { productDecider } from '../domain/product/decider.ts';
import { type ProductEvent, productStream } from '../domain/product/events.ts';
import type { CertificateEvent } from '../domain/provenance/events.ts';
import type { Recorded, Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { noticeMailIn } from './mail-language.ts';
import { type Cause, type Worker, type WorkerContext, causedBy } from './worker.ts';

export const NOTIFY_PARTIES = 'notify-parties';

export interface NotifyPartiesJob {
  /** The event told of, found again by its stream and revision. */
  stream: string;
  revision: number;
  cause: Cause;
}

const noticeState = async (streams: Streams, notificationId: string) =>
  (await streams.load(notificationStream(notificationId), notificationDecider)).state;

const told = async (streams: Streams, notificationId: string) => {
  const notice = await noticeState(streams, notificationId);
  return notice !== null && (notice.mailed || notice.declined);
};

/** Each move of the events told of, from the effect's first start on. */
export const notifyPartiesEffect: Effect<NotifyPartiesJob, NoticeEvent> = {
  job: NOTIFY_PARTIES,
  reactor: 'reactor:notify-parties',
  reconciler: 'reconcile:notify-parties',
  eventTypes: new Set(NOTICE_EVENTS),
  jobsOf({ id, stream, revision, metadata }) {
    const job = { stream, revision, cause: { eventId: id, correlationId: metadata.correlationId } };
    return [{ job, options: { jobId: `${NOTIFY_PARTIES}:${id}` } }];
  },
  async done(streams, job) {
    for (const { notificationId } of await noticesOf(streams, job))
      if (!(await told(streams, notificationId))) return false;
    return true;
  },
  from: 'now',
};

/** The notices of the job's event, from the log as it stood then (the purchase; the product as named now). */
async function noticesOf(streams: Streams, { stream, revision, cause }: NotifyPartiesJob): Promise<Notice[]> {
  const [event] = await streams.read<NoticeEvent>(stream, { fromRevision: revision, limit: 1 });
  if (!event) throw new Error(`No event ${revision} on ${stream}`);
  if (event.type === 'ReviewSubmitted') {
    const product = fold(productDecider, await streams.read<ProductEvent>(productStream(event.data.productId)));
    if (!product) throw new Error(`No product ${event.data.productId}`);
    return [reviewNotice(event, cause.eventId, { sellerId: product.sellerId, name: product.details.name })];
  }
  if (event.type === 'CertificateExpiryNoticed' || event.type === 'CertificateExpired') {
    const [submitted] = await streams.read<CertificateEvent>(stream, { limit: 1 });
    if (submitted?.type !== 'CertificateSubmitted') throw new Error(`No certificate on ${stream}`);
    return [certificateNotice(event as Recorded<CertificateNoticeEvent>, cause.eventId, submitted.data.number)];
  }
  const before = await streams.read<OrderEvent | LegacyOrderEvent>(stream, { limit: revision });
  const [placed] = before;
  if (placed?.type !== 'OrderPlaced') throw new Error(`No purchase on ${stream}`);
  const notices = orderNotices(event as Recorded<OrderNoticeEvent>, cause.eventId, purchaseOf(placed));
  // Its sellers were never told of a purchase not paid yet, so they hear nothing of its cancel either.
  const paid = isPayable(fold(orderDecider, before)!.payment);
  return paid ? notices : notices.filter((notice) => notice.role !== 'seller');
}

async function record(
  { streams }: WorkerContext,
  { cause }: NotifyPartiesJob,
  { notificationId }: Notice,
  command: Parameters<typeof notificationDecider.decide>[0],
): Promise<void> {
  // Of two attempts racing, the one that records second finds it recorded and records nothing.
  await streams.handle(notificationStream(notificationId), notificationDecider, command, causedBy(cause));
}

/** Records the notice, then mails it unless its recipient chose not to get this kind; once. */
async function tell(cx: WorkerContext, job: NotifyPartiesJob, notice: Notice): Promise<void> {
  await record(cx, job, notice, { type: 'RecordNotice', notice });
  if (await told(cx.streams, notice.notificationId)) return;
  const recipient = (await cx.streams.load(accountStream(notice.recipientId), accountDecider)).state;
  if (!recipient) throw new Error(`No account ${notice.recipientId}`);
  if (recipient.mutedMails.includes(notice.kind)) {
    await record(cx, job, notice, { type: 'RecordMailDeclined', at: cx.now() });
    return;
  }
  await cx.platform.mail.send({
    to: recipient.email,
    ...noticeMail(recipient.fullName, notice, recipient.language),
    key: `notification:${notice.notificationId}`,
  });
  await record(cx, job, notice, { type: 'RecordNotificationMailed', to: recipient.email, at: cx.now() });
}

/** The mail of a notice, in its recipient's language (English when they chose none). */
export function noticeMail(
  name: string,
  { title, body, role }: Pick<Notice, 'title' | 'body' | 'role'>,
  language: Locale | null,
): { subject: string; text: string } {
  return noticeMailIn(language, name, { title, body }, (t) => [
    role === 'buyer'
      ? t(/*i18n*/ 'Follow your orders under My Account on MIBI.')
      : t(/*i18n*/ 'Your seller dashboard on MIBI has the details.'),
    t(/*i18n*/ 'Choose which of these mails you get on your account page.'),
  ]);
}

export const notifyParties: Worker<NotifyPartiesJob> = {
  name: NOTIFY_PARTIES,
  async handle({ data: job }, cx) {
    for (const notice of await noticesOf(cx.streams, job)) await tell(cx, job, notice);
  },
};
