/** Test fixture: a fresh in-memory event store and read store for each test, and one projection run over them. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach } from 'vitest';
import { MemoryBus } from '../platform/bus/memory.ts';
import { importNdjson } from '../platform/eventstore/ndjson.ts';
import { SqliteEventStore } from '../platform/eventstore/sqlite.ts';
import type { Projection } from '../platform/projection/projection.ts';
import { ProjectionRunner } from '../platform/projection/runner.ts';
import type { Doc, UnitOfWork } from '../platform/readstore/port.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { BufferedUnitOfWork } from '../platform/readstore/unit-of-work.ts';
import { AT } from '../domain/testing.ts';

export interface ProjectionStores {
  events: SqliteEventStore;
  read: SqliteReadStore;
  /** A runner of the projection alone over the two stores. */
  runner(batchSize?: number): ProjectionRunner;
  /** Every document of the projection's collections, by collection, in id order. */
  documents(): Promise<Record<string, Doc[]>>;
  /** Imports the log written before seller orders (fixtures/legacy-multi-seller.ndjson) into the empty event store. */
  importLegacyLog(): Promise<void>;
}

const LEGACY_LOG = new URL('fixtures/legacy-multi-seller.ndjson', import.meta.url);

/** Registers the hooks of the suite it is called in; the stores are those of the running test. */
export function projectionStores(projection: Projection): ProjectionStores {
  const stores: ProjectionStores = {
    events: undefined as never,
    read: undefined as never,
    runner: (batchSize = 500) =>
      new ProjectionRunner({
        events: stores.events,
        read: stores.read,
        bus: new MemoryBus(),
        projections: [projection],
        batchSize,
      }),
    async documents() {
      const sort: Array<[string, 'asc']> = [['id', 'asc']];
      const entries = await Promise.all(
        projection.collections.map(
          async ({ name }) => [name, await stores.read.collection(name).find({ sort })] as const,
        ),
      );
      return Object.fromEntries(entries);
    },
    async importLegacyLog() {
      await importNdjson(stores.events, () =>
        createInterface({ input: createReadStream(LEGACY_LOG), crlfDelay: Number.POSITIVE_INFINITY }),
      );
    },
  };
  beforeEach(() => {
    stores.events = new SqliteEventStore(':memory:');
    stores.read = new SqliteReadStore(':memory:');
  });
  afterEach(async () => {
    await stores.read.close();
    await stores.events.close();
  });
  return stores;
}

/** The unit of work after `projection` applied `events` in order (recorded at AT in `stream`) over an empty read store. */
export async function appliedTo(
  projection: Projection,
  events: ReadonlyArray<{ type: string; data: unknown }>,
  stream = 's',
): Promise<UnitOfWork> {
  const work = new BufferedUnitOfWork(async () => null);
  for (const [i, { type, data }] of events.entries()) {
    const metadata = { actor: null, correlationId: 'c', causationId: null, time: AT };
    await projection.apply({ id: `e-${i}`, type, data, stream, revision: i, position: i + 1, metadata }, work);
  }
  return work;
}
