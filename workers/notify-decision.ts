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
import { notificationDecider } from '../domain/notification/decider.ts';
import {
  type Decision,
  type DecisionType,
  PRODUCT_DECISIONS,
  STANDING_DECISIONS,
  decisionNotificationId,
} from '../domain/notification/decisions.ts';
import { notificationStream } from '../domain/notification/events.ts';
import { productDecider } from '../domain/product/decider.ts';
import type { ProductEvent } from '../domain/product/events.ts';
import { type EventStore, type RecordedEvent, WrongExpectedRevisionError } from '../platform/eventstore/port.ts';
import type { Effect } from './effect.ts';
import type { Worker } from './worker.ts';

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

const notificationOf = async (events: EventStore, eventId: string) =>
  fold(notificationDecider, (await events.readStream(notificationStream(decisionNotificationId(eventId)))) as never[]);

/** Every admin decision from the effect's first start on (decisions made before it are not told now). */
/** Every admin decision from the effect's first start on (decisions made before it are not told now). */
export const notifyDecisionEffect: Effect<NotifyDecisionJob> = {
  job: NOTIFY_DECISION,
  reactor: 'reactor:notify-decision',
  reconciler: 'reconcile:notify-decision',
  eventTypes: new Set<string>([...PRODUCT_DECISIONS, ...STANDING_DECISIONS]),
  jobsOf({ id, type, stream, revision, data, metadata }: RecordedEvent) {
    const decided = data as NotifyDecisionJob['data'] & { by: string };
    if (decided.by === SYSTEM) return [];
    const job = {
      eventId: id,
      type: type as DecisionType,
      stream,
      revision,
      data: decided,
      correlationId: metadata.correlationId,
    };
    return [{ job, options: { jobId: `${NOTIFY_DECISION}:${id}` } }];
  },
  done: async (events, { eventId }) => (await notificationOf(events, eventId))?.mailed ?? false,
  from: 'now',
};

/** The decision, with the product named as it was when decided (its stream read up to the decision). */
async function decisionOf(events: EventStore, job: NotifyDecisionJob): Promise<Decision> {
  const { eventId, type, data } = job;
  const reason = data.reason ?? null;
  if (data.sellerId !== undefined)
    return { eventId, type, sellerId: data.sellerId, product: null, reason, at: data.at };
  const product = fold(
    productDecider,
    (await events.readStream(job.stream, { limit: job.revision + 1 })) as ProductEvent[],
  );
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

/** Records the notification of the decision unless an earlier attempt did. */
async function recordNotification(events: EventStore, job: NotifyDecisionJob): Promise<void> {
  if (await notificationOf(events, job.eventId)) return;
  const recorded = notificationDecider.decide(
    { type: 'NotifyDecision', decision: await decisionOf(events, job) },
    null,
  );
  const metadata = { actor: null, correlationId: job.correlationId, causationId: job.eventId };
  try {
    await events.append(
      notificationStream(decisionNotificationId(job.eventId)),
      recorded.map((event) => ({ ...event, metadata })),
      'no_stream',
    );
  } catch (error) {
    // Of two attempts racing, the other recorded it first.
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
}

/** Records that the e-mail went out; a stream changed meanwhile (the seller read it) fails the attempt, and the retry records it. */
async function recordMailed(events: EventStore, job: NotifyDecisionJob, to: string): Promise<void> {
  const stream = notificationStream(decisionNotificationId(job.eventId));
  const recorded = await events.readStream(stream);
  const mailed = notificationDecider.decide(
    { type: 'RecordNotificationMailed', to, at: new Date().toISOString() },
    fold(notificationDecider, recorded as never[]),
  );
  const metadata = { actor: null, correlationId: job.correlationId, causationId: job.eventId };
  if (mailed.length > 0)
    await events.append(
      stream,
      mailed.map((event) => ({ ...event, metadata })),
      recorded.length - 1,
    );
}

const decisionMail = (sellerName: string, title: string, body: string) =>
  `Hello ${sellerName},\n\n${title}\n\n${body}\n\nYour seller dashboard on MIBI shows your products as they stand now.\n`;

export const notifyDecision: Worker<NotifyDecisionJob> = {
  name: NOTIFY_DECISION,
  async handle({ data: job }, { events, mail }) {
    await recordNotification(events, job);
    const notification = (await notificationOf(events, job.eventId))!;
    if (notification.mailed) return;
    const seller = fold(accountDecider, (await events.readStream(accountStream(notification.recipientId))) as never[]);
    if (!seller) throw new Error(`No account for seller ${notification.recipientId}`);
    const { notificationId, title, body } = notification;
    await mail.send({
      to: seller.email,
      subject: title,
      text: decisionMail(seller.fullName, title, body),
      key: `notification:${notificationId}`,
    });
    await recordMailed(events, job, seller.email);
  },
};
