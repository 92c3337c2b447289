/**
 * An effect outside the log (an e-mail, with what the app records of it), derived from the
 * log exactly once (README, "Effects happen exactly once"): a reactor follows the log and
 * queues a job per event that calls for it, under an id derived from the event, and
 * checkpoints only once the durable queue stored the jobs; the job records what it did in the
 * log, so a retry does only the rest; the reconciliation (reconcile.ts) adds again the jobs
 * whose effects the log does not show, which a lost queue dropped.
 */
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import { type EventShape, type Recorded, type Streams, isOneOf } from '../platform/eventstore/streams.ts';
import type { Projection } from '../platform/projection/projection.ts';
import type { JobOptions, Queue } from '../platform/queue/port.ts';
import type { Doc } from '../platform/readstore/port.ts';
import type { WorkerContext } from './worker.ts';

export type RetryPolicy = Required<Pick<JobOptions, 'attempts' | 'backoffMs'>>;

/** About ten minutes of retries (5 s, doubling) before a job goes to the dead letters. */
export const EFFECT_RETRY: RetryPolicy = { attempts: 8, backoffMs: 5000 };

/** One job an event calls for, and its id: the same event always gives the same id. */
export interface EffectJob<J> {
  job: J;
  options: { jobId: string };
}

/** An effect of the events `E` (their types in `eventTypes`) done by jobs `J`. */
export interface Effect<J = unknown, E extends EventShape = EventShape> {
  /** The job's name in the queue; also the id of the effect's reconciliation record (`EFFECTS`). */
  job: string;
  /** The reactor's name: its checkpoint. */
  reactor: string;
  /** The reconciliation's checkpoint: every event up to it has its effects recorded (or dead-lettered). */
  reconciler: string;
  eventTypes: ReadonlySet<E['type']>;
  /** The jobs an event calls for; `streams` reads what else the log says of it (the purchase a payment pays for). */
  jobsOf(recorded: Recorded<E>, streams: Streams): Array<EffectJob<J>> | Promise<Array<EffectJob<J>>>;
  /** Whether the log records every effect of the job. */
  done(streams: Streams, job: J): Promise<boolean>;
  /**
   * Where the reactor starts on a log it did not follow before: 'start' acts on the whole log;
   * 'now' begins at its end, so an effect added to a marketplace in use does not act on the
   * past (no confirmation mails for last year's orders).
   */
  from: 'start' | 'now';
}

/** What the last reconciliation pass of an effect found, kept in the read store (id: the effect's job name). */
export interface ReconciliationDoc extends Doc {
  /** Every event up to this log position has its effects recorded (or dead-lettered). */
  confirmedThrough: number;
  /** Events the pass read that call for the effect. */
  checked: number;
  /** Jobs it added again because the queue no longer held them. */
  requeued: number;
  /** Jobs that failed every attempt. */
  dead: number;
  at: string;
}

/** The read-store collection of the reconciliation records. */
export const EFFECTS = 'effects';

/**
 * The effect's reactor: a projection whose output is jobs. The runner stores its checkpoint
 * only after the batch's `apply` calls return, that is after the queue has stored the jobs,
 * so an event is never passed before its jobs are kept (a crash in between adds them again,
 * and the job ids make that a no-op).
 */
export function effectReactor<J, E extends EventShape>(
  effect: Effect<J, E>,
  { queue, streams }: { queue: Queue; streams: Streams },
  retry: RetryPolicy = EFFECT_RETRY,
): Projection {
  return {
    name: effect.reactor,
    collections: [],
    eventTypes: effect.eventTypes,
    async apply(recorded: RecordedEvent): Promise<void> {
      if (!isOneOf(recorded, effect.eventTypes)) return;
      for (const { job, options } of await effect.jobsOf(recorded, streams))
        await queue.add(effect.job, job, { ...options, ...retry });
    },
  };
}

/** Where each effect `from: 'now'` took its start (id: the effect's job name): present once it has. */
export const EFFECT_STARTS = 'effect_starts';

interface EffectStartDoc extends Doc {
  /** The log position the effect began after. */
  position: number;
  at: string;
}

/**
 * An effect `from: 'now'`, at its first start, begins at the log's end: its reactor's and its
 * reconciliation's checkpoints move there, and its start is recorded, in one commit. An empty
 * log is a start at 0. (Only the record tells a start: the CLI's reconciliation may have run
 * before it, and a reactor on a log without its events keeps its checkpoint at 0.)
 */
export async function startAtLogEnd({ platform, now }: WorkerContext, effect: Effect): Promise<void> {
  const { events, read } = platform;
  if (effect.from === 'start') return;
  const starts = read.collection<EffectStartDoc>(EFFECT_STARTS);
  if (await starts.get(effect.job)) return;
  const position = await events.lastPosition();
  const started = read.unitOfWork();
  started.put<EffectStartDoc>(EFFECT_STARTS, { id: effect.job, position, at: now() });
  await read.commitMany([
    { work: read.unitOfWork(), projection: effect.reactor, position },
    { work: started, projection: effect.reconciler, position },
  ]);
}
