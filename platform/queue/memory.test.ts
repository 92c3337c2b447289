import { queueContract } from './contract.ts';
import { MemoryQueue } from './memory.ts';

queueContract('MemoryQueue', async () => {
  const queue = new MemoryQueue();
  return { queue, cleanup: () => queue.close() };
});
