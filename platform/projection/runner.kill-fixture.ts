// Child process of runner.test.ts: runs the projections over a data folder, printing each
// committed checkpoint, until the test SIGKILLs it. With an owner (argv[3]) it runs under the
// lease 'projections' (ttl 1 s, standby retry 0.2 s), as one of several processes sharing the folder.
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MemoryBus } from '../bus/memory.ts';
import { SqliteEventStore } from '../eventstore/sqlite.ts';
import { SqliteReadStore } from '../readstore/sqlite.ts';
import { testProjections } from './fixtures.ts';
import { CHANGES_CHANNEL, type ChangeNotice } from './projection.ts';
import { ProjectionRunner } from './runner.ts';

const [dir, owner] = process.argv.slice(2) as [string, string | undefined];
const bus = new MemoryBus();
await bus.subscribe<ChangeNotice>(CHANGES_CHANNEL, (notice) =>
  console.log(`committed ${notice.projection} ${notice.position}`),
);
// Paced (a 40 ms wait every 50 applications: seconds for the test's 3,000 events) so a kill lands mid-way
// even when the test reads this output late on a loaded machine.
let applied = 0;
const paced = testProjections.map((projection) => ({
  ...projection,
  async apply(...args: Parameters<typeof projection.apply>) {
    if (++applied % 50 === 0) await sleep(40);
    await projection.apply(...args);
  },
}));
const runner = new ProjectionRunner({
  events: new SqliteEventStore(join(dir, 'events.db')),
  read: new SqliteReadStore(join(dir, 'read.db')),
  bus,
  projections: paced,
  batchSize: 50,
  ...(owner && { lease: { name: 'projections', owner, ttlMs: 1_000, retryMs: 200 } }),
});
await runner.start();
console.log('started');
