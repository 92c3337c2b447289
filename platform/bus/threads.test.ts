import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { expect, it, vi } from 'vitest';
import { startWorker } from '../worker-thread.ts';
import { busContract, sharedBusContract } from './contract.ts';
import { ThreadBus } from './threads.ts';

busContract('ThreadBus', async () => {
  const bus = new ThreadBus(randomUUID());
  return { bus, cleanup: () => bus.close() };
});

sharedBusContract('ThreadBus', (deployment) => new ThreadBus(deployment));

it('carries a message published by a ThreadBus on another thread', async () => {
  const name = randomUUID();
  const bus = new ThreadBus(name);
  try {
    const received: unknown[] = [];
    await bus.subscribe('changes', (m) => void received.push(m));
    const thread = startWorker(new URL('./threads.fixture.ts', import.meta.url), { workerData: name });
    expect((await once(thread, 'exit'))[0]).toBe(0);
    await vi.waitFor(() => expect(received).toEqual([{ from: 'thread' }]));
  } finally {
    await bus.close();
  }
});
