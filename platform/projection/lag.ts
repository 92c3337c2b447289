import type { EventStore } from '../eventstore/port.ts';
import type { LeaseGrant } from '../lease/port.ts';
import type { ReadStore } from '../readstore/port.ts';

export interface ProjectionLag {
  /** Checkpoint: the last position whose batch is committed. */
  processed: number;
  /** The last position in the log. */
  last: number;
  lag: number;
}

/** Read from the stores, so any process (the API included) can report it. */
export async function projectionLag(
  events: EventStore,
  read: ReadStore,
  names: string[],
): Promise<Record<string, ProjectionLag>> {
  const last = await events.lastPosition();
  const entries = await Promise.all(
    names.map(async (name) => {
      const processed = await read.checkpoint(name);
      return [name, { processed, last, lag: Math.max(0, last - processed) }] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Projections that one lease covers: the projections runner's, or one reactor. */
export interface LeaseGroup {
  lease: string;
  projections: string[];
}

export interface ProjectionStatus extends ProjectionLag {
  /** The group's lease as last granted (its holder may have let it expire); null when never taken. */
  lease: LeaseGrant | null;
  /** It lags and nobody is moving it on; see `StallWatch`. */
  stalled: boolean;
}

/** How long a lagging checkpoint may stand still before it counts as stalled. */
export const STALL_AFTER_MS = 30_000;

/**
 * Each projection's lag and lease, read from the stores (any process can tell), and whether it
 * is stalled: it lags behind the log and either no unexpired lease covers it (no process works
 * on it: none runs, or its holder died and nobody took over yet), or its checkpoint has not
 * moved for `stallAfterMs` across this watcher's reads (its holder is stuck: a handler failing
 * on an event, a store that hangs). A projection in the middle of a long catch-up moves at every
 * batch, so it is not stalled. Expiries are compared with this process's clock.
 */
export class StallWatch {
  /** Per projection: its checkpoint when last read, and since when it has been standing there while lagging. */
  private readonly still = new Map<string, { processed: number; since: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly stallAfterMs = STALL_AFTER_MS,
  ) {}

  async read(events: EventStore, read: ReadStore, groups: LeaseGroup[]): Promise<Record<string, ProjectionStatus>> {
    const [lags, leases] = await Promise.all([
      projectionLag(
        events,
        read,
        groups.flatMap((g) => g.projections),
      ),
      read.leases.list(),
    ]);
    const now = this.now();
    const out: Record<string, ProjectionStatus> = {};
    for (const group of groups) {
      const lease = leases.find((l) => l.name === group.lease) ?? null;
      const held = lease !== null && lease.expiresAt > now;
      for (const name of group.projections) {
        const lag = lags[name]!;
        const before = this.still.get(name);
        const since = lag.lag > 0 && before?.processed === lag.processed ? before.since : now;
        this.still.set(name, { processed: lag.processed, since });
        out[name] = { ...lag, lease, stalled: lag.lag > 0 && (!held || now - since >= this.stallAfterMs) };
      }
    }
    return out;
  }
}
