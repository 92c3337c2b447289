/**
 * Recovery from a lost queue. A reactor's checkpoint passes an event once its jobs are in the
 * queue; a queue that loses them afterwards (Redis restarted without its data) would leave the
 * effect undone for good. This pass reads what the log says should have happened (every event
 * of the effect up to its reactor's checkpoint: the jobs it calls for) beside what did (the
 * records the jobs append) and adds the missing jobs again, under the same job ids, so a job
 * still waiting or running is not doubled.
 *
 * It keeps a watermark per effect: the position up to which every event's effects are
 * confirmed, so each pass reads only the tail the last one could not confirm. A job in the
 * dead letters (it failed every attempt) is counted, not retried: it needs an operator, and it
 * does not hold the watermark back.
 */
import { type EventShape, type Recorded, isOneOf } from '../platform/eventstore/streams.ts';
import { EFFECTS, EFFECT_RETRY, type Effect, type ReconciliationDoc, type RetryPolicy } from './effect.ts';
import { notifySellerEffect } from './order-reactor.ts';
import type { WorkerContext } from './worker.ts';
import { logger } from '../platform/log.ts';

const log = logger('workers');

export { EFFECTS, type ReconciliationDoc } from './effect.ts';

export const RECONCILER = notifySellerEffect.reconciler;

const PAGE = 1000;

/** One pass over an effect; returns what it found. */
export async function reconcileEffect<J, E extends EventShape>(
  cx: WorkerContext,
  effect: Effect<J, E>,
  retry: RetryPolicy = EFFECT_RETRY,
): Promise<ReconciliationDoc> {
  const { events, read, queue } = cx.platform;
  read.collection(EFFECTS); // created before the first commit writes to it
  const from = await read.checkpoint(effect.reconciler);
  const until = await read.checkpoint(effect.reactor);
  const dead = new Set((await queue.deadLetters(effect.job)).map((job) => job.id));
  const found = { checked: 0, requeued: 0, dead: 0 };
  let confirmed = from;
  let blocked = false;

  for (let after = from; after < until; ) {
    const page = await events.readAll({ after, limit: PAGE });
    if (page.length === 0) break;
    for (const recorded of page) {
      if (recorded.position > until) break;
      after = recorded.position;
      if (isOneOf(recorded, effect.eventTypes)) {
        found.checked++;
        const missing = await missingJobs(cx, effect, recorded, dead, found);
        for (const { job, options } of missing) await queue.add(effect.job, job, { ...options, ...retry });
        found.requeued += missing.length;
        if (missing.length > 0) blocked = true;
      }
      if (!blocked) confirmed = recorded.position;
    }
  }

  const doc: ReconciliationDoc = {
    id: effect.job,
    confirmedThrough: confirmed,
    ...found,
    at: cx.now(),
  };
  const work = read.unitOfWork();
  work.put(EFFECTS, doc);
  await read.commit(work, effect.reconciler, confirmed);
  return doc;
}

/** The jobs of an event whose effects are not all recorded and that are not dead letters. */
async function missingJobs<J, E extends EventShape>(
  cx: WorkerContext,
  effect: Effect<J, E>,
  recorded: Recorded<E>,
  dead: Set<string>,
  found: { dead: number },
) {
  const missing: ReturnType<Effect<J>['jobsOf']> = [];
  for (const entry of await effect.jobsOf(recorded, cx.streams)) {
    if (await effect.done(cx.streams, entry.job)) continue;
    if (dead.has(entry.options.jobId)) found.dead++;
    else missing.push(entry);
  }
  return missing;
}

/** One pass of the seller notifications (`mibi reconcile`, the tests). */
export const reconcileSellerNotifications = (cx: WorkerContext, retry?: RetryPolicy): Promise<ReconciliationDoc> =>
  reconcileEffect(cx, notifySellerEffect, retry);

/** A reconciliation with the payment gateway: asks it about what is in flight; answers what it fixed, for the log. */
export interface GatewayReconciliation {
  name: string;
  run(cx: WorkerContext): Promise<{ fixed: number }>;
}

/**
 * Runs a pass of every effect and of every gateway reconciliation at start and then every
 * `everyMs`, logging what they re-added or fixed; `stop` waits for a pass in flight.
 */
export function startReconciler(
  cx: WorkerContext,
  effects: readonly Effect[],
  everyMs: number,
  retry?: RetryPolicy,
  withGateway: readonly GatewayReconciliation[] = [],
) {
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = running.then(async () => {
      for (const effect of effects) {
        try {
          const { requeued, dead, checked } = await reconcileEffect(cx, effect, retry);
          if (requeued > 0 || dead > 0) {
            log.info(
              `reconciliation: ${requeued} ${effect.job} job(s) re-added, ${dead} dead-lettered, of ${checked} event(s) checked`,
            );
          }
        } catch (error) {
          log.error({ err: error }, `reconciliation of ${effect.job} failed; retrying at the next pass`);
        }
      }
      for (const { name, run } of withGateway) {
        try {
          const { fixed } = await run(cx);
          if (fixed > 0) log.info(`reconciliation: ${fixed} of the ${name} recorded from the gateway`);
        } catch (error) {
          log.error({ err: error }, `reconciliation of the ${name} failed; retrying at the next pass`);
        }
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
