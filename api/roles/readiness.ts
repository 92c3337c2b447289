/**
 * What makes a MIBI process ready, the same in every role: its stores answer (event store, read
 * store, and the queue and bus where they live on a server), every lease has a holder (some
 * process works on each group, this one or another), and no projection is failing or stalled.
 */
import { NotReady, Readiness, type ReadinessOptions, type ReadinessReport } from '../../platform/health/readiness.ts';
import { type LeaseGroup, StallWatch } from '../../platform/projection/lag.ts';
import type { Platform } from '../../platform/platform.ts';
import { PROJECTIONS_LEASE } from '../../projections/index.ts';
import { REACTORS, REACTORS_LEASE } from '../../workers/index.ts';

/** The read models under the projections runner's lease, each reactor under its own. */
export const leaseGroups = (readModels: string[]): LeaseGroup[] => [
  { lease: PROJECTIONS_LEASE, projections: readModels },
  { lease: REACTORS_LEASE, projections: [...REACTORS] },
];

export function readiness(
  platform: Platform,
  readModels: string[],
  /** Projections whose last batch failed where this process runs them, with the error. */
  failures: () => Record<string, string>,
  options: ReadinessOptions = {},
): Readiness {
  const { events, read, queue, bus } = platform;
  const groups = leaseGroups(readModels);
  const watch = new StallWatch(options.now);
  const now = options.now ?? Date.now;
  const named = (names: string[]) => names.sort().join(', ');
  return new Readiness(
    {
      events: async () => void (await events.lastPosition()),
      read: async () => void (await read.checkpoint(PROJECTIONS_LEASE)),
      ...(queue.ping && { queue: () => queue.ping!() }),
      ...(bus.ping && { bus: () => bus.ping!() }),
      leases: async () => {
        const held = new Set((await read.leases.list()).filter((l) => l.expiresAt > now()).map((l) => l.name));
        const unheld = groups.map((g) => g.lease).filter((lease) => !held.has(lease));
        if (unheld.length > 0) throw new NotReady(`no process holds ${named(unheld)}`);
      },
      projections: async () => {
        const failing = Object.keys(failures());
        if (failing.length > 0) throw new NotReady(`failing: ${named(failing)}`);
        const statuses = await watch.read(events, read, groups);
        const stalled = Object.keys(statuses).filter((name) => statuses[name]!.stalled);
        if (stalled.length > 0) throw new NotReady(`stalled: ${named(stalled)}`);
      },
    },
    options,
  );
}

/** What the probes answer, in every role. */
export const LIVE_BODY = { status: 'live' } as const;
export const readinessBody = ({ ready, checks }: ReadinessReport) => ({
  status: ready ? ('ready' as const) : ('unready' as const),
  checks,
});
