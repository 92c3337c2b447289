import { busContract } from './contract.ts';
import { MemoryBus } from './memory.ts';

busContract('MemoryBus', async () => {
  const bus = new MemoryBus();
  return { bus, cleanup: () => bus.close() };
});
