import type { EventStore } from '../eventstore/port.ts';
import type { LeaseStore } from '../lease/port.ts';
import type { Doc, ReadStore } from '../readstore/port.ts';
import type { Projection } from './projection.ts';

interface Tally extends Doc {
  total: number;
  last: number;
}

interface StreamCount extends Doc {
  events: number;
  lastPosition: number;
}

/**
 * Two counting projections under names and collections that start with `prefix`, so several
 * sets can share one store. Both are order-sensitive, so a batch applied twice or skipped shows.
 */
export function countingProjections(prefix = ''): Projection[] {
  const [tallies, streamCounts] = [`${prefix}tallies`, `${prefix}stream_counts`];
  /** Total and a running checksum of the amounts of `Counted` events, per stream. */
  const tally: Projection = {
    name: `${prefix}tallies`,
    collections: [{ name: tallies }],
    eventTypes: new Set(['Counted']),
    async apply(event, work) {
      const { amount } = event.data as { amount: number };
      const id = event.stream;
      const current = await work.get<Tally>(tallies, id);
      work.put<Tally>(tallies, {
        id,
        total: (current?.total ?? 0) + amount,
        last: ((current?.last ?? 0) * 31 + amount) % 1_000_003,
      });
    },
  };
  /** Reads every event type: events per stream and the last position seen. */
  const streamCount: Projection = {
    name: `${prefix}stream-counts`,
    collections: [{ name: streamCounts }],
    eventTypes: 'all',
    async apply(event, work) {
      const count = await work.get<StreamCount>(streamCounts, event.stream);
      work.put<StreamCount>(streamCounts, {
        id: event.stream,
        events: (count?.events ?? 0) + 1,
        lastPosition: event.position,
      });
    },
  };
  return [streamCount, tally];
}

export const testProjections: Projection[] = countingProjections();

/** Appends `perStream` rounds of one `Counted` event to each of `streams` counters. */
export async function seedCounters(events: EventStore, streams: number, perStream: number): Promise<void> {
  for (let i = 0; i < perStream; i++) {
    for (let s = 0; s < streams; s++) {
      await events.append(
        `counter-${s}`,
        [{ type: 'Counted', data: { amount: (i * 7 + s) % 13 } }],
        i === 0 ? 'no_stream' : i - 1,
      );
    }
  }
}

/** A deterministic pseudo-random sequence in [0, 1) (xorshift32), so a generated log or crash plan repeats. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** `store` with its commits (and leases) replaced: how tests make a process crash or pause around them. */
export function intercepted(
  store: ReadStore,
  commitMany: ReadStore['commitMany'],
  leases: LeaseStore = store.leases,
): ReadStore {
  return {
    kind: store.kind,
    leases,
    collection: (spec) => store.collection(spec),
    unitOfWork: () => store.unitOfWork(),
    commit: (work, projection, position, fence) => commitMany([{ work, projection, position }], fence),
    commitMany,
    checkpoint: (projection) => store.checkpoint(projection),
    reset: (projection, collections) => store.reset(projection, collections),
    close: () => store.close(),
  };
}
