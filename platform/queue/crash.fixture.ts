// Child process of the queue contract's crash case (contract.ts), started as
//   node --import tsx crash.fixture.ts sqlite <file> <options json>
//   node --import tsx crash.fixture.ts bullmq <prefix> <options json with redisUrl>
// It completes done-1..3, waits until their completion is stored, then adds "hang" and
// "after" and hangs inside "hang" (concurrency 1, so "after" stays waiting) until the test
// SIGKILLs it once it has printed both "hanging hang" and "added after".
import type { Queue } from './port.ts';

const [adapter, storage, json] = process.argv.slice(2) as [string, string, string];
const { redisUrl, ...options } = JSON.parse(json) as { redisUrl?: string };

async function open(): Promise<Queue> {
  if (adapter === 'sqlite') {
    const { SqliteQueue } = await import('./sqlite.ts');
    return new SqliteQueue(storage, options);
  }
  const { BullMqQueue } = await import('./bullmq.ts');
  return new BullMqQueue(redisUrl!, storage, options);
}

const queue = await open();
queue.process('crash', async (job) => {
  if (job.id === 'hang') {
    console.log('hanging hang');
    await new Promise(() => {});
  }
  console.log(`ran ${job.id}`);
});
for (const jobId of ['done-1', 'done-2', 'done-3']) await queue.add('crash', jobId, { jobId });
await queue.drained('crash');
await queue.add('crash', 'hang', { jobId: 'hang' });
await queue.add('crash', 'after', { jobId: 'after' });
console.log('added after');
