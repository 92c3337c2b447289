// Child process of runner.test.ts: runs the projections over a data folder, printing each
// committed checkpoint, until the test SIGKILLs it.
import { join } from 'node:path';
import { MemoryBus } from '../bus/memory.ts';
import { SqliteEventStore } from '../eventstore/sqlite.ts';
import { SqliteReadStore } from '../readstore/sqlite.ts';
import { CHANGES_CHANNEL, type ChangeNotice } from './projection.ts';
import { ProjectionRunner } from './runner.ts';
import { testProjections } from './fixtures.ts';

const dir = process.argv[2]!;
const bus = new MemoryBus();
await bus.subscribe<ChangeNotice>(CHANGES_CHANNEL, (notice) => console.log(`committed ${notice.projection} ${notice.position}`));
const runner = new ProjectionRunner({
  events: new SqliteEventStore(join(dir, 'events.db')),
  read: new SqliteReadStore(join(dir, 'read.db')),
  bus,
  projections: testProjections,
  batchSize: 50,
});
await runner.start();
