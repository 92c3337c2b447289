import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceSkip, externalServer } from '../testing/external-server.ts';
import { eventStoreContract } from './contract.ts';
import { EventStoreDbStore, EventStoreDbTimeoutError } from './esdb.ts';
import type { EventStore } from './port.ts';

const SUITE = 'EventStoreDbStore';

const server = await externalServer('EVENTSTORE_URL', {
  image: 'docker.eventstore.com/eventstore/eventstore:24.10',
  port: 2113,
  environment: { EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None', EVENTSTORE_MEM_DB: 'true' },
  url: (host, port) => `esdb://${host}:${port}?tls=false`,
});

if (announceSkip(SUITE, server)) {
  describe.skip(SUITE, () => eventStoreContract(SUITE, () => Promise.reject(new Error(server.skip))));
} else {
  afterAll(() => server.stop());
  eventStoreContract(SUITE, async () => {
    const store = new EventStoreDbStore(server.url);
    return { store, cleanup: () => store.close() };
  });
}

describe(`${SUITE} against a server that accepts connections but never answers`, () => {
  const timeoutMs = 300;
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let store: EventStoreDbStore;

  beforeAll(async () => {
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    store = new EventStoreDbStore(`esdb://127.0.0.1:${port}?tls=false`, { timeoutMs, retryDelayMs: { first: 50, max: 100 } });
  });
  afterAll(async () => {
    await store.close();
    for (const socket of sockets) socket.destroy();
    silent.close();
    await once(silent, 'close');
  });

  it.each<[string, (store: EventStore) => Promise<unknown>]>([
    ['append', (s) => s.append('silent', [{ type: 'T', data: {} }], 'any')],
    ['readStream', (s) => s.readStream('silent')],
    ['streamRevision', (s) => s.streamRevision('silent')],
    ['readAll', (s) => s.readAll({ limit: 10 })],
    ['lastPosition', (s) => s.lastPosition()],
  ])('%s rejects after the timeout instead of hanging', async (_name, call) => {
    const started = performance.now();
    await expect(call(store)).rejects.toBeInstanceOf(EventStoreDbTimeoutError);
    expect(performance.now() - started).toBeLessThan(timeoutMs + 1000);
  });

  it('keeps retrying a subscription it cannot establish, and ends it when the signal aborts', async () => {
    const controller = new AbortController();
    const batches: unknown[] = [];
    const consumed = (async () => {
      for await (const batch of store.subscribeAll({ after: 0, signal: controller.signal })) batches.push(batch);
    })();

    // Long enough for a few confirmation timeouts and retries.
    await new Promise((resolve) => setTimeout(resolve, timeoutMs * 3));
    const aborted = performance.now();
    controller.abort();
    await consumed;
    expect(performance.now() - aborted).toBeLessThan(500);
    expect(batches).toEqual([]);
  });
});
