// Child process of runner.test.ts: runs the projections over a data folder, printing each
// committed checkpoint, until the test SIGKILLs it. With an owner (argv[3]) it runs under the
// lease 'projections' (ttl 1 s, standby retry 0.2 s), as one of several processes sharing the folder.
import { join } from 'node:path';
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
const runner = new ProjectionRunner({
  events: new SqliteEventStore(join(dir, 'events.db')),
  read: new SqliteReadStore(join(dir, 'read.db')),
  bus,
  projections: testProjections,
  batchSize: 50,
  ...(owner && { lease: { name: 'projections', owner, ttlMs: 1_000, retryMs: 200 } }),
});
await runner.start();
console.log('started');
