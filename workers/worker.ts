import type { Operator } from '../domain/invoice/commission.ts';
import { RETURN_WINDOW_DAYS } from '../domain/order/decider.ts';
import { type Clock, systemClock } from '../platform/clock.ts';
import type { LinkConfig } from '../platform/config/links.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import { Streams } from '../platform/eventstore/streams.ts';
import { schemaVersionOf } from '../domain/event-versions.ts';
import type { Platform } from '../platform/platform.ts';
import type { Job } from '../platform/queue/port.ts';

/** What the workers run on: the adapters, the write side's streams, where mailed links point, and the clock and ids (the process's, or a test's). */
export interface WorkerContext extends Clock {
  platform: Platform;
  streams: Streams;
  links: LinkConfig;
  /** Days after delivery a buyer may ask for a return (RETURN_WINDOW_DAYS): a seller order's transfer is held that long. */
  returnWindowDays: number;
  /** MIBI as the supplier of its own invoices (MIBI_GSTIN); null: it issues none. */
  operator: Operator | null;
}

/** The workers' context on `platform`, with the system clock where `options` gives none. */
export function workerContext(
  platform: Platform,
  links: LinkConfig,
  options: Partial<Clock> & { returnWindowDays?: number; operator?: Operator | null } = {},
): WorkerContext {
  return {
    platform,
    streams: new Streams(platform.events, { schemaVersion: schemaVersionOf }),
    links,
    now: options.now ?? systemClock.now,
    newId: options.newId ?? systemClock.newId,
    returnWindowDays: options.returnWindowDays ?? RETURN_WINDOW_DAYS,
    operator: options.operator ?? null,
  };
}

/** What a job's events are caused by: the event that called for it, with its correlation. */
export interface Cause {
  eventId: string;
  correlationId: string;
}

export const causeOf = ({ id, metadata }: RecordedEvent): Cause => ({
  eventId: id,
  correlationId: metadata.correlationId,
});

/** The metadata of what a job records: no user acted, the cause did. */
export const causedBy = ({ eventId, correlationId }: Cause) => ({ actor: null, correlationId, causationId: eventId });

/** A background job type and the function that runs it. */
export interface Worker<T = unknown> {
  name: string;
  concurrency?: number;
  handle(job: Job<T>, cx: WorkerContext): Promise<void>;
}
