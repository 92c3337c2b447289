/**
 * Recovery from a lost queue. The order reactor's checkpoint passes an order once its jobs are
 * in the queue; a queue that loses them afterwards (Redis restarted without its data) would
 * leave sellers unnotified for good. This pass reads what the log says should have happened
 * (every OrderPlaced up to the reactor's checkpoint: a job per seller order) beside what did
 * (each seller's notification stream: recorded and mailed) and adds the missing jobs again,
 * under the same job ids, so a job still waiting or running is not doubled.
 *
 * It keeps its own watermark: the position up to which every order's effects are confirmed,
 * so each pass reads only the tail the last one could not confirm. A job in the dead letters
 * (it failed every attempt) is counted, not retried: it needs an operator, and it does not
 * hold the watermark back.
 */
import { type Decider, fold } from '../domain/decider.ts';
import { notificationDecider } from '../domain/notification/decider.ts';
import { notificationId, notificationStream } from '../domain/notification/events.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { Platform } from '../platform/platform.ts';
import type { Doc } from '../platform/readstore/port.ts';
import { NOTIFY_SELLER } from './notify-seller.ts';
import { NOTIFY_RETRY, ORDER_REACTOR, type RetryPolicy, notifySellerJobs } from './order-reactor.ts';

export const RECONCILER = 'reconcile:notify-seller';
export const EFFECTS = 'effects';

/** What the last pass found, kept in the read store for `/api/health` and the CLI. */
export interface ReconciliationDoc extends Doc {
  /** Every order up to this log position has its seller notifications and e-mails recorded (or dead-lettered). */
  confirmedThrough: number;
  /** Orders the pass read. */
  checked: number;
  /** Jobs it added again because the queue no longer held them. */
  requeued: number;
  /** Notifications whose job failed every attempt. */
  dead: number;
  at: string;
}

const PAGE = 1000;

async function stateOf<S>(platform: Platform, stream: string, decider: Pick<Decider<unknown, S, never>, 'initialState' | 'evolve'>): Promise<S> {
  return fold(decider, (await platform.events.readStream(stream)) as never[]);
}

/** One pass; returns what it found. */
export async function reconcileSellerNotifications(platform: Platform, retry?: RetryPolicy): Promise<ReconciliationDoc> {
  const { events, read, queue } = platform;
  read.collection(EFFECTS); // created before the first commit writes to it
  const from = await read.checkpoint(RECONCILER);
  const until = await read.checkpoint(ORDER_REACTOR);
  const dead = new Set((await queue.deadLetters(NOTIFY_SELLER)).map((job) => job.id));
  const found = { checked: 0, requeued: 0, dead: 0 };
  let confirmed = from;
  let blocked = false;

  for (let after = from; after < until; ) {
    const page = await events.readAll({ after, limit: PAGE });
    if (page.length === 0) break;
    for (const recorded of page) {
      if (recorded.position > until) break;
      after = recorded.position;
      if (recorded.type === 'OrderPlaced') {
        found.checked++;
        const missing = await missingJobs(platform, recorded, dead, found);
        for (const { job, options } of missing) await queue.add(NOTIFY_SELLER, job, { ...options, ...(retry ?? NOTIFY_RETRY) });
        found.requeued += missing.length;
        if (missing.length > 0) blocked = true;
      }
      if (!blocked) confirmed = recorded.position;
    }
  }

  const doc: ReconciliationDoc = { id: NOTIFY_SELLER, confirmedThrough: confirmed, ...found, at: new Date().toISOString() };
  const work = read.unitOfWork();
  work.put(EFFECTS, doc);
  await read.commit(work, RECONCILER, confirmed);
  return doc;
}

/** The jobs of a purchase's seller orders whose effects are not all recorded and that are not dead letters. */
async function missingJobs(platform: Platform, placed: RecordedEvent, dead: Set<string>, found: { dead: number }) {
  const missing: ReturnType<typeof notifySellerJobs> = [];
  for (const entry of notifySellerJobs(placed)) {
    const { sellerId, orderId } = entry.job;
    const notification = await stateOf(platform, notificationStream(notificationId(sellerId, orderId)), notificationDecider);
    if (notification?.mailed) continue;
    if (dead.has(entry.options.jobId)) found.dead++;
    else missing.push(entry);
  }
  return missing;
}

/** Runs a pass at start and then every `everyMs`, logging what it re-added; `stop` waits for a pass in flight. */
export function startReconciler(platform: Platform, everyMs: number, retry?: RetryPolicy) {
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = running.then(async () => {
      try {
        const { requeued, dead, checked } = await reconcileSellerNotifications(platform, retry);
        if (requeued > 0 || dead > 0) {
          console.log(`[workers] reconciliation: ${requeued} seller notification job(s) re-added, ${dead} dead-lettered, of ${checked} order(s) checked`);
        }
      } catch (error) {
        console.error('[workers] reconciliation failed; retrying at the next pass:', error);
      }
    });
  };
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
