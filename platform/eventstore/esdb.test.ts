import { Readable } from 'node:stream';
import {
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendResult,
  CancelledError,
  type EventData,
  KurrentDBClient,
  type SubscribeToAllOptions,
  UnavailableError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { announceSkip, composeImage, externalServer } from '../testing/external-server.ts';
import { type SilentServer, silentServer } from '../testing/silent-server.ts';
import { eventStoreContract } from './contract.ts';
import { EventStoreDbStore, EventStoreDbTimeoutError } from './esdb.ts';
import { type EventStore, WrongExpectedRevisionError } from './port.ts';

const SUITE = 'EventStoreDbStore';

// The image and settings docker-compose.yml deploys, plus an in-memory database; ready once
// the health endpoint compose's healthcheck asks answers.
const server = await externalServer('EVENTSTORE_URL', {
  image: composeImage('eventstore'),
  async start(image) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const started = await new GenericContainer(image)
      .withExposedPorts(2113)
      .withEnvironment({
        KURRENTDB_CLUSTER_SIZE: '1',
        KURRENTDB_INSECURE: 'true',
        // As docker-compose.yml: $by_correlation_id for readCorrelation.
        KURRENTDB_RUN_PROJECTIONS: 'System',
        KURRENTDB_START_STANDARD_PROJECTIONS: 'true',
        KURRENTDB_MEM_DB: 'true',
      })
      .withWaitStrategy(
        Wait.forHttp('/health/live', 2113).forStatusCodeMatching((status) => status >= 200 && status < 300),
      )
      .withStartupTimeout(120_000)
      .start();
    return {
      url: `kurrentdb://${started.getHost()}:${started.getMappedPort(2113)}?tls=false`,
      stop: async () => void (await started.stop()),
    };
  },
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
  const appendAttempts = 2;
  let silent: SilentServer;
  let store: EventStoreDbStore;

  beforeAll(async () => {
    silent = await silentServer();
    // The older scheme on purpose: it is still accepted.
    store = new EventStoreDbStore(`esdb://127.0.0.1:${silent.port}?tls=false`, {
      timeoutMs,
      retryDelayMs: { first: 50, max: 100 },
      appendAttempts,
    });
  });
  afterAll(async () => {
    await store.close();
    await silent.close();
  });

  it.each<[string, (store: EventStore) => Promise<unknown>, number]>([
    ['append', (s) => s.append('silent', [{ type: 'T', data: {} }], 'any'), appendAttempts],
    ['readStream', (s) => s.readStream('silent'), 1],
    ['streamRevision', (s) => s.streamRevision('silent'), 1],
    ['readAll', (s) => s.readAll({ limit: 10 }), 1],
    ['lastPosition', (s) => s.lastPosition(), 1],
  ])('%s rejects after the timeout instead of hanging', async (_name, call, tries) => {
    const started = performance.now();
    await expect(call(store)).rejects.toBeInstanceOf(EventStoreDbTimeoutError);
    expect(performance.now() - started).toBeLessThan(timeoutMs * tries + 1000);
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

describe(`${SUITE} with the client's calls stubbed (retries and resubscription)`, () => {
  let store: EventStoreDbStore;
  beforeAll(() => {
    // Never contacted: every call the tests make is stubbed.
    store = new EventStoreDbStore('kurrentdb://127.0.0.1:1?tls=false', {
      timeoutMs: 200,
      retryDelayMs: { first: 10, max: 20 },
      appendAttempts: 3,
    });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => store.close());

  const landed = (revision: bigint, commit: bigint): AppendResult => ({
    success: true,
    nextExpectedRevision: revision,
    position: { commit, prepare: commit },
  });
  const idsOf = (call: unknown[]) => (call[1] as EventData[]).map((event) => event.id);

  function stubAppends(...answers: Array<() => Promise<AppendResult>>) {
    const answer = [...answers];
    return vi.spyOn(KurrentDBClient.prototype, 'appendToStream').mockImplementation(() => answer.shift()!());
  }

  it.each<[string, () => Promise<AppendResult>]>([
    ['timed out (its answer never came)', () => new Promise(() => {})],
    ['failed with UnavailableError', () => Promise.reject(new UnavailableError())],
    ['failed with CancelledError', () => Promise.reject(new CancelledError())],
  ])('retries an append that %s with the same event ids', async (_name, firstAnswer) => {
    const append = stubAppends(firstAnswer, () => Promise.resolve(landed(1n, 640n)));
    const events = [
      { type: 'A', data: { n: 1 } },
      { type: 'B', data: { n: 2 } },
    ];
    expect(await store.append('retried', events, 'no_stream')).toEqual({ revision: 1, position: 640 });
    expect(append).toHaveBeenCalledTimes(2);
    const [first, second] = append.mock.calls.map(idsOf);
    expect(first).toHaveLength(2);
    expect(new Set(first).size).toBe(2);
    expect(second).toEqual(first);
    expect(append.mock.calls.map((call) => call[2]?.streamState)).toEqual(['no_stream', 'no_stream']);
  });

  it('keeps ids the caller chose', async () => {
    const append = stubAppends(() => Promise.resolve(landed(3n, 99n)));
    const id = '0b6c2a52-8f3e-4d59-9d1f-0d7a1c2b3e4f';
    await store.append('chosen', [{ id, type: 'A', data: {} }], 2);
    expect(idsOf(append.mock.calls[0]!)).toEqual([id]);
    expect(append.mock.calls[0]?.[2]?.streamState).toBe(2n);
  });

  it('gives up after the configured tries with the last failure', async () => {
    const append = stubAppends(...Array.from({ length: 3 }, () => () => Promise.reject(new UnavailableError())));
    await expect(store.append('down', [{ type: 'A', data: {} }], 'any')).rejects.toBeInstanceOf(UnavailableError);
    expect(append).toHaveBeenCalledTimes(3);
    expect(new Set(append.mock.calls.map((call) => idsOf(call).join())).size).toBe(1);
  });

  it('does not retry a wrong expected revision, and reports the actual one', async () => {
    const conflict = new WrongExpectedVersionError(undefined, {
      streamName: 'taken',
      expected: 'no_stream',
      current: 4n,
    });
    const append = stubAppends(() => Promise.reject(conflict));
    const failure = store.append('taken', [{ type: 'A', data: {} }], 'no_stream');
    await expect(failure).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(failure).rejects.toMatchObject({ stream: 'taken', expected: 'no_stream', actual: 4 });
    expect(append).toHaveBeenCalledTimes(1);
  });

  /** A subscription the test feeds: confirmed at once; the test delivers events and drops it. */
  class FakeSubscription extends Readable {
    unsubscribe = async () => {};
    constructor(readonly options: SubscribeToAllOptions | undefined) {
      super({ objectMode: true, read() {} });
      setImmediate(() => this.emit('confirmation'));
    }
    deliver(...positions: number[]) {
      for (const position of positions) this.push(recorded(position));
    }
  }

  function recorded(position: number): AllStreamResolvedEvent {
    const commit = BigInt(position);
    return {
      event: {
        streamId: `s-${position}`,
        id: `id-${position}`,
        revision: 0n,
        type: 'T',
        data: { position },
        metadata: { actor: null, correlationId: 'c', causationId: null, time: '2026-01-01T00:00:00.000Z' },
        isJson: true,
        created: new Date(0),
        position: { commit, prepare: commit },
      },
    } as unknown as AllStreamResolvedEvent;
  }

  it.each<[string, (subscription: FakeSubscription) => void]>([
    ['UnavailableError', (s) => s.destroy(new UnavailableError())],
    ['CancelledError', (s) => s.destroy(new CancelledError())],
    ['an end of the stream', (s) => s.push(null)],
  ])('resubscribes from the last delivered position after %s', async (_name, drop) => {
    const subscriptions: FakeSubscription[] = [];
    vi.spyOn(KurrentDBClient.prototype, 'subscribeToAll').mockImplementation((options) => {
      const subscription = new FakeSubscription(options);
      subscriptions.push(subscription);
      return subscription as unknown as AllStreamSubscription;
    });
    const controller = new AbortController();
    const delivered: number[][] = [];
    const consumed = (async () => {
      for await (const batch of store.subscribeAll({ after: 10, signal: controller.signal })) {
        delivered.push(batch.map((event) => event.position));
        if (delivered.length === 1) drop(subscriptions[0]!);
        if (delivered.length === 2) controller.abort();
      }
    })();

    await vi.waitFor(() => expect(subscriptions).toHaveLength(1));
    subscriptions[0]!.deliver(20, 30);
    await vi.waitFor(() => expect(subscriptions).toHaveLength(2));
    // A server may hand the checkpoint's own event back first: it is not delivered twice.
    subscriptions[1]!.deliver(30, 40);
    await consumed;

    expect(delivered).toEqual([[20, 30], [40]]);
    expect(subscriptions.map((s) => s.options?.fromPosition)).toEqual([
      { commit: 10n, prepare: 10n },
      { commit: 30n, prepare: 30n },
    ]);
  });
});
