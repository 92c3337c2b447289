import { type ShiftableClock, systemClock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config/config.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { ProjectionRunner } from '../../platform/projection/runner.ts';
import { Sessions, sessionLimits } from '../auth/sessions.ts';
import { type Throttles, openThrottles } from '../auth/throttle.ts';
import { type CatalogIndex, catalogIndex } from '../reads/catalog-index.ts';
import type { CheckoutContext } from '../commands/checkout.ts';
import type { OrderCommandContext } from '../commands/orders.ts';
import type { PaymentCommandContext } from '../commands/payments.ts';
import { ProjectionProgress } from '../reads/consistency.ts';
import { Afterwards } from '../http/afterwards.ts';
import { type LiveFeed, liveFeed } from '../live/feed.ts';
import { type AnalystSqls, analystSqls, closeAnalystSqls } from '../reads/analyst-sql.ts';
import type { Reopenable } from '../reads/reopenable.ts';
import { Streams } from '../../platform/eventstore/streams.ts';
import { schemaVersionOf } from '../../domain/event-versions.ts';

/** What the routes share: adapters, the write side's streams, sessions, projection progress and the in-memory views. */
export interface AppContext extends CheckoutContext, OrderCommandContext, PaymentCommandContext {
  config: Config;
  platform: Platform;
  projections: Projection[];
  /** Present when the projections run in this process (the embedded default). */
  runner?: ProjectionRunner;
  /** Projections whose last batch failed where this process runs them (its runner, or its followers' thread), with the error. */
  projectionFailures(): Record<string, string>;
  sessions: Sessions;
  /** Sign-in and reset-mail limits: one per process, shared through Redis when REDIS_URL is set. */
  throttles: Throttles;
  progress: ProjectionProgress;
  /** The public catalog in memory, kept current from change notices. */
  catalog: Reopenable<CatalogIndex>;
  /** The change feed behind `/api/live`. */
  live: Reopenable<LiveFeed>;
  /** The analyst's SQL over the log and the read models (`/api/analyst`), opened on first use. */
  analystSql: AnalystSqls;
  /** Work requests leave running after their answer (a password reset's lookup and mail). */
  afterwards: Afterwards;
  /** A development server's clock, which `POST /api/dev/clock` moves forward (absent otherwise). */
  devClock?: ShiftableClock;
}

export interface ContextOptions {
  runner?: ProjectionRunner;
  /** Where the failures come from when the projections run on another thread of this process; the runner's by default. */
  projectionFailures?: () => Record<string, string>;
  now?: () => string;
  newId?: () => string;
  devClock?: ShiftableClock;
}

/** Builds the context and starts following projection progress; `closeContext` undoes it. */
export async function createContext(
  config: Config,
  platform: Platform,
  projections: Projection[],
  options: ContextOptions = {},
): Promise<AppContext> {
  const progress = new ProjectionProgress(
    platform.bus,
    platform.read,
    projections.map((p) => p.name),
  );
  await progress.start();
  const throttles = await openThrottles(config);
  return {
    config,
    platform,
    projections,
    ...(options.runner && { runner: options.runner }),
    projectionFailures: options.projectionFailures ?? (() => options.runner?.failures() ?? {}),
    streams: new Streams(platform.events, { schemaVersion: schemaVersionOf }),
    now: options.now ?? systemClock.now,
    newId: options.newId ?? systemClock.newId,
    placing: new Set(),
    paymentWindowMs: config.PAYMENT_WINDOW_MIN * 60_000,
    payments: platform.payments,
    policy: { commissionBps: config.COMMISSION_BPS, returnWindowDays: config.RETURN_WINDOW_DAYS },
    undoWindowMs: config.STATUS_UNDO_MINUTES * 60_000,
    sessions: new Sessions(platform.read, sessionLimits(config)),
    throttles,
    progress,
    catalog: catalogIndex(platform),
    live: liveFeed(platform, progress),
    analystSql: analystSqls(config, platform),
    afterwards: new Afterwards(),
    ...(options.devClock && { devClock: options.devClock }),
  };
}

/**
 * Lets the work left after answers end, ends live connections (they never go idle), lets go of
 * the catalog index and the analyst's SQL, stops following progress and closes the throttles.
 */
export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.afterwards.settled();
  await ctx.live.close();
  await ctx.catalog.close();
  await closeAnalystSqls(ctx.analystSql);
  await ctx.progress.stop();
  await ctx.throttles.close();
}
