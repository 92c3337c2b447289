import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queueContract } from './contract.ts';
import { SqliteQueue } from './sqlite.ts';

/** Short lease and poll so the crash and shared-file cases finish in a second. */
const OPTIONS = { leaseMs: 300, pollMs: 20 };

queueContract('SqliteQueue', {
  async open(storage) {
    const dir = storage ? undefined : mkdtempSync(join(tmpdir(), 'mibi-queue-'));
    const file = storage ?? join(dir!, 'jobs.db');
    const queue = new SqliteQueue(file, OPTIONS);
    return {
      queue,
      storage: file,
      cleanup: async () => {
        await queue.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  fixtureArgs: (file) => ['sqlite', file, JSON.stringify(OPTIONS)],
  leaseMs: OPTIONS.leaseMs,
});
