/**
 * Tells a seller what an admin decided about their products or standing (verified, rejected
 * with the reason, changes approved or turned down, featured, suspended, reinstated): an
 * in-app notification, then an e-mail, each recorded in the notification's stream, as
 * notify-seller does for new orders. The notification is named after the decision's event,
 * so however often the job runs the seller is told once.
 */
import { accountDecider } from '../domain/account/decider.ts';
import { accountStream } from '../domain/account/events.ts';
import { fold } from '../domain/decider.ts';
import type { Locale } from '../domain/i18n/locales.ts';
import { notificationDecider } from '../domain/notification/decider.ts';
import {
  type Decision,
  type DecisionEvent,
  type DecisionType,
  PRODUCT_DECISIONS,
  STANDING_DECISIONS,
  decisionNotificationId,
} from '../domain/notification/decisions.ts';
import { notificationStream } from '../domain/notification/events.ts';
import { productDecider } from '../domain/product/decider.ts';
import type { ProductEvent } from '../domain/product/events.ts';
import type { Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { noticeMailIn } from './mail-language.ts';
import { type Worker, type WorkerContext, causedBy } from './worker.ts';

export const NOTIFY_DECISION = 'notify-decision';

/** The server's own decisions (AUTO_VERIFY) are not an admin's: nobody is told of them. */
const SYSTEM = 'system';

export interface NotifyDecisionJob {
  /** The decision's event: its stream and revision find the product as it was then. */
  eventId: string;
  type: DecisionType;
  stream: string;
  revision: number;
  data: { productId?: string; sellerId?: string; reason?: string | null; at: string };
  correlationId: string;
}

const notificationOf = async (streams: Streams, eventId: string) =>
  (await streams.load(notificationStream(decisionNotificationId(eventId)), notificationDecider)).state;

/** Every admin decision from the effect's first start on (decisions made before it are not told now). */
export const notifyDecisionEffect: Effect<NotifyDecisionJob, DecisionEvent> = {
  job: NOTIFY_DECISION,
  reactor: 'reactor:notify-decision',
  reconciler: 'reconcile:notify-decision',
  eventTypes: new Set<DecisionType>([...PRODUCT_DECISIONS, ...STANDING_DECISIONS]),
  jobsOf({ id, type, stream, revision, data, metadata }) {
    if (data.by === SYSTEM) return [];
    const job = { eventId: id, type, stream, revision, data, correlationId: metadata.correlationId };
    return [{ job, options: { jobId: `${NOTIFY_DECISION}:${id}` } }];
  },
  done: async (streams, { eventId }) => (await notificationOf(streams, eventId))?.mailed ?? false,
  from: 'now',
};

/** The decision, with the product named as it was when decided (its stream read up to the decision). */
async function decisionOf(streams: Streams, job: NotifyDecisionJob): Promise<Decision> {
  const { eventId, type, data } = job;
  const reason = data.reason ?? null;
  if (data.sellerId !== undefined)
    return { eventId, type, sellerId: data.sellerId, product: null, reason, at: data.at };
  const product = fold(productDecider, await streams.read<ProductEvent>(job.stream, { limit: job.revision + 1 }));
  if (!product) throw new Error(`No product on ${job.stream}`);
  return {
    eventId,
    type,
    sellerId: product.sellerId,
    product: { productId: product.productId, name: product.details.name },
    reason,
    at: data.at,
  };
}

/** Records the notification of the decision unless an earlier attempt (or a racing one) did. */
async function recordNotification({ streams }: WorkerContext, job: NotifyDecisionJob): Promise<void> {
  if (await notificationOf(streams, job.eventId)) return;
  const notify = { type: 'NotifyDecision', decision: await decisionOf(streams, job) } as const;
  const stream = notificationStream(decisionNotificationId(job.eventId));
  await streams.handle(stream, notificationDecider, notify, causedBy(job));
}

/** Records that the e-mail went out; a stream changed meanwhile (the seller read it) is read again and the record decided again. */
async function recordMailed({ streams, now }: WorkerContext, job: NotifyDecisionJob, to: string): Promise<void> {
  const stream = notificationStream(decisionNotificationId(job.eventId));
  const mailed = { type: 'RecordNotificationMailed', to, at: now() } as const;
  await streams.handle(stream, notificationDecider, mailed, causedBy(job));
}

/** The mail of an admin's decision, in the seller's language (English when they chose none). */
export function decisionMail(
  sellerName: string,
  { title, body }: { title: string; body: string },
  language: Locale | null,
): { subject: string; text: string } {
  return noticeMailIn(language, sellerName, { title, body }, (t) => [
    t(/*i18n*/ 'Your seller dashboard on MIBI shows your products as they stand now.'),
  ]);
}

export const notifyDecision: Worker<NotifyDecisionJob> = {
  name: NOTIFY_DECISION,
  async handle({ data: job }, cx) {
    await recordNotification(cx, job);
    const notification = (await notificationOf(cx.streams, job.eventId))!;
    if (notification.mailed) return;
    const seller = (await cx.streams.load(accountStream(notification.recipientId), accountDecider)).state;
    if (!seller) throw new Error(`No account for seller ${notification.recipientId}`);
    const { notificationId, title, body } = notification;
    await cx.platform.mail.send({
      to: seller.email,
      ...decisionMail(seller.fullName, { title, body }, seller.language),
      key: `notification:${notificationId}`,
    });
    await recordMailed(cx, job, seller.email);
  },
};
