import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { expect, it, vi } from 'vitest';
import { startWorker } from '../worker-thread.ts';
import { busContract } from './contract.ts';
import { ThreadBus } from './threads.ts';

busContract('ThreadBus', async () => {
  const bus = new ThreadBus(randomUUID());
  return { bus, cleanup: () => bus.close() };
});

it('carries messages between instances of one name, and only those', async () => {
  const name = randomUUID();
  const [projections, api, otherDeployment] = [new ThreadBus(name), new ThreadBus(name), new ThreadBus(randomUUID())];
  try {
    const atApi: unknown[] = [];
    const atOther: unknown[] = [];
    await api.subscribe('changes', (m) => void atApi.push(m));
    await otherDeployment.subscribe('changes', (m) => void atOther.push(m));
    await projections.publish('changes', { position: 1 });
    await vi.waitFor(() => expect(atApi).toEqual([{ position: 1 }]));
    await otherDeployment.publish('changes', 'elsewhere');
    await vi.waitFor(() => expect(atOther).toEqual(['elsewhere']));
    expect(atApi).toEqual([{ position: 1 }]);
  } finally {
    for (const bus of [projections, api, otherDeployment]) await bus.close();
  }
});

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
