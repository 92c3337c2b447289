// Child process of the SQLite queue's group-commit crash case (sqlite.test.ts), started as
//   node --import tsx group-crash.fixture.ts <file>
// Adds groups of jobs, each group in one turn, and prints "acked <id>" for each add once it
// has resolved, without waiting for one group before starting the next, until the test
// SIGKILLs it: some groups are then being written, or waiting to be.
import { SqliteQueue } from './sqlite.ts';

const GROUP = 50;
const queue = new SqliteQueue(process.argv[2]!);
for (let group = 0; ; group++) {
  for (let i = 0; i < GROUP; i++) {
    const jobId = `${group}-${i}`;
    void queue.add('crash-group', jobId, { jobId }).then(() => process.stdout.write(`acked ${jobId}\n`));
  }
  await new Promise((resolve) => setImmediate(resolve));
}
