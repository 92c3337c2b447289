import type { Platform } from '../platform/platform.ts';
import { ProjectionRunner, type RunnerLease } from '../platform/projection/runner.ts';
import { CATALOG_IMPORT, type ImportRowWriter, catalogImportEffect, importCatalog } from './catalog-import.ts';
import { confirmOrder, confirmOrderEffect } from './confirm-order.ts';
import { type Effect, type RetryPolicy, effectReactor, startAtLogEnd } from './effect.ts';
import { notifyDecision, notifyDecisionEffect } from './notify-decision.ts';
import { notifyParties, notifyPartiesEffect } from './notify-parties.ts';
import { notifySeller } from './notify-seller.ts';
import { ORDER_REACTOR, notifySellerEffect } from './order-reactor.ts';
import { PAYMENTS_AWAITING_INDEX, paymentsAwaiting, startPaymentsReconciler } from './payments.ts';
import { startReconciler } from './reconcile.ts';
import { commissionInvoicesEffect, issueCommissionInvoice } from './commission-invoices.ts';
import { deliveryInvoicesEffect, issueDeliveryInvoice } from './delivery-invoices.ts';
import type { Operator } from '../domain/invoice/commission.ts';
import { issueTaxDocument, taxDocumentsEffect } from './tax-documents.ts';
import { refund, refundEffect } from './refund.ts';
import { refundsInFlight } from './refunds-in-flight.ts';
import { tellCodeFailures, tellCodeFailuresEffect } from './tell-code-failures.ts';
import { threadMail, threadMailEffect } from './thread-mail.ts';
import { helpThread, helpThreadEffect } from './help-thread.ts';
import { registerTracking, registerTrackingEffect } from './register-tracking.ts';
import { settleSellerOrderWorker } from './settle-seller-order.ts';
import { SETTLEMENT_REACTOR, settlementReactor, startSettlementPasses } from './settlement.ts';
import { certificateExpiryReactor, startCertificateExpiryPasses } from './certificate-expiry.ts';
import { type Worker, workerContext } from './worker.ts';
import type { LinkConfig } from '../platform/config/links.ts';
import { WISHLIST_REACTOR, wishlistReactor } from './wishlist-alerts.ts';
import { logger } from '../platform/log.ts';

const log = logger('workers');

export const workers: Worker<never>[] = [
  notifySeller,
  confirmOrder,
  notifyDecision,
  notifyParties,
  tellCodeFailures,
  settleSellerOrderWorker as Worker<never>,
  issueTaxDocument,
  issueCommissionInvoice as Worker<never>,
  issueDeliveryInvoice as Worker<never>,
  refund,
  threadMail as Worker<never>,
  helpThread as Worker<never>,
  registerTracking as Worker<never>,
];

/** Every job name the workers process (the tests wait for them all to drain). */
export const JOB_NAMES: readonly string[] = [...workers.map((worker) => worker.name), CATALOG_IMPORT];

/** The effects whose jobs the reactors queue and the reconciliation checks against the log. */
export const EFFECTS_OF_LOG: readonly Effect[] = [
  notifySellerEffect,
  confirmOrderEffect,
  notifyDecisionEffect,
  notifyPartiesEffect,
  tellCodeFailuresEffect,
  taxDocumentsEffect,
  refundEffect,
  catalogImportEffect,
  threadMailEffect as Effect,
  helpThreadEffect as Effect,
  registerTrackingEffect as Effect,
];

/** Every effect of the log: MIBI's own invoices need its GSTIN, which only the options know. */
export const effectsOfLog = (operator: Operator | null): readonly Effect[] => [
  ...EFFECTS_OF_LOG,
  commissionInvoicesEffect(operator),
  deliveryInvoicesEffect(operator),
];

/** The reactors' one lease, named after the first of them, so a deployment's lease carries on. */
export const REACTORS_LEASE = ORDER_REACTOR;

/** Every reactor under that lease (for the health report and the tests). */
export const REACTORS: readonly string[] = [
  ...effectsOfLog(null).map((effect) => effect.reactor),
  WISHLIST_REACTOR,
  PAYMENTS_AWAITING_INDEX,
  SETTLEMENT_REACTOR,
];

export interface WorkerOptions {
  /** Where links in the mails point (PUBLIC_URL, else this machine's PORT). */
  links: LinkConfig;
  /** Retries of the effects' jobs (tests shorten the backoff). */
  notifyRetry?: RetryPolicy;
  /** Milliseconds between reconciliation passes (RECONCILE_EVERY_S); one runs at start. */
  reconcileEveryMs?: number;
  /**
   * This process's owner and ttl for the reactor's lease (named after the reactor): one workers
   * process at a time runs it, the others stand by. Without it the reactor runs unleased.
   */
  lease?: Omit<RunnerLease, 'name'>;
  /** The clock and ids of what the workers record (a test's fixed ones; the system's by default). */
  now?: () => string;
  newId?: () => string;
  /** Days after delivery a buyer may ask for a return (RETURN_WINDOW_DAYS): how long transfers are held. */
  returnWindowDays?: number;
  /** MIBI as the supplier of its own invoices (api/roles/operator.ts); without it none are issued. */
  operator?: Operator | null;
  /** Applies a row of a catalog import as its seller's command (api/catalog-import/apply.ts); without it an import's job fails. */
  importRow?: ImportRowWriter;
}

const RECONCILE_EVERY_MS = 60_000;

export interface RunningWorkers {
  /** Resolves once each effect new to the log has taken its start and the reactors follow the log (or stand by for their lease). */
  ready: Promise<void>;
  /** Stops the reactors after their batch in flight; jobs stop with the queue's close. */
  stop(): Promise<void>;
}

/**
 * Starts the job processors, the reactors that follow the log to enqueue their jobs, the
 * reconciliation that adds again what a lost queue dropped, and the one of payments awaiting.
 */
export function startWorkers(platform: Platform, options: WorkerOptions): RunningWorkers {
  const cx = workerContext(platform, options.links, options);
  const effects = effectsOfLog(cx.operator);
  for (const worker of [...workers, importCatalog(options.importRow) as Worker<never>]) {
    platform.queue.process<never>(worker.name, (job) => worker.handle(job, cx), {
      concurrency: worker.concurrency ?? 4,
    });
  }
  const { events, read, bus, queue } = platform;
  const reactors = new ProjectionRunner({
    events,
    read,
    bus,
    // One lease for every reactor: one workers process at a time runs them.
    projections: [
      ...effects.map((effect) => effectReactor(effect, { queue, streams: cx.streams }, options.notifyRetry)),
      wishlistReactor(cx.streams),
      paymentsAwaiting,
      settlementReactor(queue, options.notifyRetry),
      certificateExpiryReactor,
    ],
    ...(options.lease && { lease: { name: REACTORS_LEASE, ...options.lease } }),
    onError: (name, error) => log.error({ err: error }, `${name} failed; retrying from its checkpoint`),
  });
  // An effect new to a log in use starts at its end before its reactor and reconciliation run.
  const started = (async () => {
    for (const effect of effects) await startAtLogEnd(cx, effect);
    await reactors.start();
  })();
  const everyMs = options.reconcileEveryMs ?? RECONCILE_EVERY_MS;
  const reconciler = started.then(() => startReconciler(cx, effects, everyMs, options.notifyRetry, [refundsInFlight]));
  // Purchases awaiting payment: what the gateway knows of them, and their expiry.
  const payments = started.then(() =>
    startPaymentsReconciler({ ...cx, payments: platform.payments }, platform.read, everyMs),
  );
  // Releases held transfers as their return windows close, and settles what a lost queue dropped.
  const settlement = started.then(() => startSettlementPasses(cx, everyMs));
  // Tells sellers of certificates ending, and ends them after their last valid day.
  const certificateExpiry = started.then(() => startCertificateExpiryPasses(cx, everyMs));
  return {
    ready: started,
    async stop() {
      await started;
      await reactors.stop();
      await (await reconciler).stop();
      await (await payments).stop();
      await (await settlement).stop();
      await (await certificateExpiry).stop();
    },
  };
}
