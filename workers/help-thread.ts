/**
 * Posts each party's step of a help request in the seller order's conversation
 * (domain/dispute/thread-copy.ts), as that party's message, so buyer and seller talk in one
 * place. Derived from the log as every effect is (effect.ts): a job per step, the message named
 * after the step's event (`help-{eventId}`), which the thread posts once however often the job
 * runs. The other party hears of the step by its notice (notify-parties), not by a message mail.
 *
 * The effect starts at the log's end on a log it did not follow (`from: 'now'`).
 */
import { type ThreadCommand, threadDecider } from '../domain/conversation/decider.ts';
import { threadStream } from '../domain/conversation/events.ts';
import { type HelpEvent, HELP_EVENT_TYPES } from '../domain/dispute/events.ts';
import { threadCopyOf } from '../domain/dispute/thread-copy.ts';
import { orderDecider } from '../domain/order/decider.ts';
import { orderStream } from '../domain/order/events.ts';
import type { Recorded, Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { type Cause, type Worker, causedBy } from './worker.ts';

export const HELP_THREAD = 'help-thread';

export interface HelpThreadJob {
  /** The step, found again by its stream and revision. */
  stream: string;
  revision: number;
  cause: Cause;
}

const messageIdOf = (eventId: string): string => `help-${eventId}`;

async function stepOf(streams: Streams, { stream, revision }: HelpThreadJob) {
  const [event] = await streams.read<HelpEvent>(stream, { fromRevision: revision, limit: 1 });
  if (!event) throw new Error(`No event ${revision} on ${stream}`);
  return event;
}

export const helpThreadEffect: Effect<HelpThreadJob, HelpEvent> = {
  job: HELP_THREAD,
  reactor: 'reactor:help-thread',
  reconciler: 'reconcile:help-thread',
  eventTypes: HELP_EVENT_TYPES as ReadonlySet<HelpEvent['type']>,
  jobsOf(recorded: Recorded<HelpEvent>) {
    if (threadCopyOf(recorded) === null) return [];
    const { id, stream, revision, metadata } = recorded;
    const job = { stream, revision, cause: { eventId: id, correlationId: metadata.correlationId } };
    return [{ job, options: { jobId: `${HELP_THREAD}:${id}` } }];
  },
  async done(streams, job) {
    const step = await stepOf(streams, job);
    const { state } = await streams.load(threadStream(step.data.sellerOrderId), threadDecider);
    return state?.messages.some((m) => m.messageId === messageIdOf(job.cause.eventId)) ?? false;
  },
  from: 'now',
};

export const helpThread: Worker<HelpThreadJob> = {
  name: HELP_THREAD,
  async handle({ data: job }, { streams }) {
    const step = await stepOf(streams, job);
    const copy = threadCopyOf(step);
    if (!copy) return;
    const { orderId, sellerOrderId, sellerId, helpId, at } = step.data;
    const { state: order } = await streams.load(orderStream(orderId), orderDecider);
    if (!order) throw new Error(`No purchase ${orderId}`);
    const parties = { sellerOrderId, orderId, buyerId: order.buyerId, sellerId };
    const author = copy.from === 'buyer' ? parties.buyerId : sellerId;
    // The party who took the step writes it; the thread names them by their user id alone.
    const command: ThreadCommand = {
      type: 'PostMessage',
      actor: { userId: author, roles: [copy.from] },
      parties,
      messageId: messageIdOf(job.cause.eventId),
      text: copy.text,
      images: copy.images,
      helpId,
      at,
    };
    await streams.handle(threadStream(sellerOrderId), threadDecider, command, causedBy(job.cause));
  },
};
