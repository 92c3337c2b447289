import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type SubscribeAllOptions,
} from './port.ts';

export interface OpenedEventStore {
  store: EventStore;
  cleanup(): Promise<void>;
}

/**
 * The behaviour every event store adapter must show. Each test writes to streams of its own,
 * so suites may share a server with other suites and with earlier runs.
 */
export function eventStoreContract(name: string, open: () => Promise<OpenedEventStore>): void {
  describe(`${name} (event store contract)`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    let subscriptions: Subscription[] = [];

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => {
      try {
        await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      } finally {
        subscriptions = [];
        await cleanup();
      }
    });

    /** Consumes a subscription in the background until the test stops it (or ends). */
    function follow(options: Omit<SubscribeAllOptions, 'signal'>): Subscription {
      const subscription = new Subscription(store, options);
      subscriptions.push(subscription);
      return subscription;
    }

    describe('append', () => {
      it('creates a stream with no_stream; revisions start at 0 and are consecutive', async () => {
        const s = streamName();
        expect(await store.append(s, newEvents(3), 'no_stream')).toMatchObject({ revision: 2 });
        expect(await store.append(s, newEvents(2), 2)).toMatchObject({ revision: 4 });
        expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      });

      it("appends with 'exists' and 'any'", async () => {
        const s = streamName();
        expect(await store.append(s, newEvents(1), 'any')).toMatchObject({ revision: 0 });
        expect(await store.append(s, newEvents(1), 'exists')).toMatchObject({ revision: 1 });
        expect(await store.append(s, newEvents(1), 'any')).toMatchObject({ revision: 2 });
      });

      it('answers the position of the last appended event, above 0, strictly increasing across streams', async () => {
        const [a, b] = [streamName(), streamName()];
        const results = [
          await store.append(a, newEvents(2), 'no_stream'),
          await store.append(b, newEvents(1), 'no_stream'),
          await store.append(a, newEvents(1), 1),
        ];
        const positions = results.map((r) => r.position);
        expect(positions[0]).toBeGreaterThan(0);
        expect(positions).toEqual([...positions].sort((x, y) => x - y));
        expect(new Set(positions).size).toBe(3);

        const events = [...(await store.readStream(a)), ...(await store.readStream(b))].sort(
          (x, y) => x.position - y.position,
        );
        expect(events.map((e) => e.stream)).toEqual([a, a, b, a]);
        expect(events.at(1)?.position).toBe(results[0]?.position);
        expect(events.at(2)?.position).toBe(results[1]?.position);
        expect(events.at(3)?.position).toBe(results[2]?.position);
        expect(new Set(events.map((e) => e.position)).size).toBe(4);
      });

      it.each<[string, (current: number) => ExpectedRevision, number]>([
        ['no_stream on an existing stream', () => 'no_stream', 1],
        ['a revision below the current one', (current) => current - 1, 1],
        ['a revision above the current one', (current) => current + 1, 1],
        ["'exists' on a missing stream", () => 'exists', -1],
        ['a revision on a missing stream', () => 0, -1],
      ])(
        'rejects %s with WrongExpectedRevisionError carrying the actual revision',
        async (_case, expectedFor, actual) => {
          const s = streamName();
          if (actual >= 0) await store.append(s, newEvents(actual + 1), 'no_stream');
          const expected = expectedFor(actual);

          const error = await store.append(s, newEvents(1), expected).catch((e: unknown) => e);

          expect(error).toBeInstanceOf(WrongExpectedRevisionError);
          expect(error).toMatchObject({ code: 'wrong_expected_revision', stream: s, expected, actual });
          expect(await store.streamRevision(s)).toBe(actual);
        },
      );

      it('rejects an empty batch', async () => {
        await expect(store.append(streamName(), [], 'any')).rejects.toThrow();
      });

      it('is idempotent by event id: a retry answers the first result and writes nothing', async () => {
        const s = streamName();
        const first = newEvents(2);
        const firstResult = await store.append(s, first, 'no_stream');
        // The expected revision of the retry is stale by now; the ids make it a retry.
        expect(await store.append(s, first, 'no_stream')).toEqual(firstResult);

        const second = newEvents(1);
        const secondResult = await store.append(s, second, 1);
        await store.append(s, newEvents(1), 2);
        expect(await store.append(s, second, 1)).toEqual(secondResult);
        expect(await store.append(s, first, 'no_stream')).toEqual(firstResult);

        const events = await store.readStream(s);
        expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
        expect(events.slice(0, 3).map((e) => e.id)).toEqual([...first, ...second].map((e) => e.id));
      });

      it('lets exactly one of concurrent appends with the same expected revision win', async () => {
        const s = streamName();
        await store.append(s, newEvents(1), 'no_stream');

        const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => store.append(s, newEvents(2), 0)));

        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') {
            expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
            expect(outcome.reason).toMatchObject({ actual: 2 });
          }
        }
        expect(await store.streamRevision(s)).toBe(2);
      });
    });

    describe('appendMany', () => {
      it('appends to several streams at once, in the order given, each at its expected revision', async () => {
        const [a, b] = [streamName(), streamName()];
        await store.append(b, newEvents(1), 'no_stream');
        const results = await store.appendMany([
          { stream: a, events: newEvents(2), expectedRevision: 'no_stream' },
          { stream: b, events: newEvents(1), expectedRevision: 0 },
        ]);
        expect(results.map((result) => result.revision)).toEqual([1, 1]);
        expect(results[0]!.position).toBeLessThan(results[1]!.position);
        const all = await store.readAll({ after: results[0]!.position - 2 });
        expect(all.map((event) => event.stream)).toEqual([a, a, b]);
        expect(all.at(-1)!.metadata).toMatchObject({ actor: null, causationId: null });
      });

      it('writes nothing when one stream is not at its expected revision, and names that stream', async () => {
        const [a, b] = [streamName(), streamName()];
        await store.append(b, newEvents(2), 'no_stream');
        const error = await store
          .appendMany([
            { stream: a, events: newEvents(1), expectedRevision: 'no_stream' },
            { stream: b, events: newEvents(1), expectedRevision: 0 },
          ])
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ stream: b, expected: 0, actual: 1 });
        expect(await store.streamRevision(a)).toBe(-1);
        expect(await store.streamRevision(b)).toBe(1);
      });

      it('lets exactly one of concurrent appends sharing a stream at one expected revision win, the others writing nowhere', async () => {
        const shared = streamName();
        await store.append(shared, newEvents(1), 'no_stream');
        const own = Array.from({ length: 8 }, () => streamName());
        const outcomes = await Promise.allSettled(
          own.map((stream) =>
            store.appendMany([
              { stream, events: newEvents(1), expectedRevision: 'no_stream' },
              { stream: shared, events: newEvents(1), expectedRevision: 0 },
            ]),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const written = await Promise.all(own.map((stream) => store.streamRevision(stream)));
        expect(written.filter((revision) => revision === 0)).toHaveLength(1);
        expect(await store.streamRevision(shared)).toBe(1);
      });
    });

    describe('events as stored', () => {
      it('keep id, type, data and the metadata given', async () => {
        const s = streamName();
        const event: NewEvent = {
          id: crypto.randomUUID(),
          type: 'ProductListed',
          data: { title: 'Kanchipuram silk saree', pricePaise: 1_250_000, tags: ['silk', 'हथकरघा'], seller: null },
          metadata: {
            actor: 'user-1',
            correlationId: 'corr-1',
            causationId: 'cause-1',
            time: '2024-05-01T10:00:00.000Z',
          },
        };
        await store.append(s, [event], 'no_stream');

        const [stored] = await store.readStream(s);
        expect(stored).toMatchObject({ ...event, stream: s, revision: 0 });
      });

      it('keep the schema version given, through one stream’s append and through several’s, and add none', async () => {
        const [one, two, three] = [streamName(), streamName(), streamName()];
        const versioned = (schemaVersion: number): NewEvent => ({ type: 'T', data: {}, metadata: { schemaVersion } });
        await store.append(one, [versioned(2), { type: 'T', data: {} }], 'no_stream');
        await store.appendMany([
          { stream: two, events: [versioned(3)], expectedRevision: 'no_stream' },
          { stream: three, events: [{ type: 'T', data: {} }], expectedRevision: 'no_stream' },
        ]);
        const versions = async (stream: string) =>
          (await store.readStream(stream)).map(({ metadata }) =>
            'schemaVersion' in metadata ? metadata.schemaVersion : 'none',
          );
        expect(await versions(one)).toEqual([2, 'none']);
        expect(await versions(two)).toEqual([3]);
        expect(await versions(three)).toEqual(['none']);
      });

      it('complete missing id and metadata', async () => {
        const s = streamName();
        const before = Date.now();
        await store.append(s, [{ type: 'CartCleared', data: {} }], 'no_stream');

        const [stored] = await store.readStream(s);
        expect(stored?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(stored?.metadata).toMatchObject({ actor: null, causationId: null, correlationId: expect.any(String) });
        const time = Date.parse(stored?.metadata.time ?? '');
        expect(stored?.metadata.time).toBe(new Date(time).toISOString());
        expect(time).toBeGreaterThanOrEqual(before - 1000);
        expect(time).toBeLessThanOrEqual(Date.now() + 1000);
      });
    });

    describe('readStream', () => {
      it('reads forwards and backwards from a revision, with a limit', async () => {
        const s = streamName();
        await store.append(s, newEvents(5), 'no_stream');
        const revisions = async (options: Parameters<EventStore['readStream']>[1]) =>
          (await store.readStream(s, options)).map((e) => e.revision);

        expect(await revisions({})).toEqual([0, 1, 2, 3, 4]);
        expect(await revisions({ fromRevision: 2 })).toEqual([2, 3, 4]);
        expect(await revisions({ fromRevision: 1, limit: 2 })).toEqual([1, 2]);
        expect(await revisions({ direction: 'backwards' })).toEqual([4, 3, 2, 1, 0]);
        expect(await revisions({ direction: 'backwards', fromRevision: 3, limit: 2 })).toEqual([3, 2]);
        expect(await revisions({ direction: 'backwards', limit: 1 })).toEqual([4]);
      });

      it('answers an empty array for a missing stream', async () => {
        expect(await store.readStream(streamName())).toEqual([]);
        expect(await store.readStream(streamName(), { direction: 'backwards' })).toEqual([]);
      });
    });

    describe('streamRevision', () => {
      it('is -1 for a missing stream, then the revision of the last event', async () => {
        const s = streamName();
        expect(await store.streamRevision(s)).toBe(-1);
        await store.append(s, newEvents(3), 'no_stream');
        expect(await store.streamRevision(s)).toBe(2);
      });
    });

    describe('readAll and lastPosition', () => {
      it('reads the log after a position, with a limit', async () => {
        const s = streamName();
        const checkpoint = await store.lastPosition();
        await store.append(s, newEvents(5), 'no_stream');
        const appended = await store.readStream(s);
        const first = appended[0]!;

        const afterFirst = await store.readAll({ after: first.position, limit: 2 });
        expect(afterFirst).toEqual(appended.slice(1, 3));

        const all = await store.readAll({ after: checkpoint });
        expect(all.filter((e) => e.stream === s)).toEqual(appended);
        expect(isStrictlyIncreasing(all.map((e) => e.position))).toBe(true);
        expect(all.every((e) => e.position > checkpoint)).toBe(true);
      });

      it('knows the position of the last event', async () => {
        const s = streamName();
        const result = await store.append(s, newEvents(2), 'no_stream');
        const last = await store.lastPosition();
        expect(last).toBeGreaterThanOrEqual(result.position);
        expect(revisionsIn(await store.readAll({ after: last }), s)).toEqual([]);
      });
    });

    describe('readCorrelation', () => {
      /** `count` events of one correlation, the first caused by nothing, each later by the one before. */
      const correlated = (correlationId: string, count: number): NewEvent[] =>
        newEvents(count).map((event, i, all) => ({
          ...event,
          metadata: { correlationId, causationId: i === 0 ? null : all[i - 1]!.id! },
        }));

      it('reads the events of one correlation across streams in log order, the first `limit`, and counts them all', async () => {
        const correlationId = crypto.randomUUID();
        const [a, b] = [streamName(), streamName()];
        const [first, second, third] = correlated(correlationId, 3);
        await store.append(a, [first!], 'no_stream');
        await store.append(streamName(), newEvents(2), 'no_stream'); // another correlation in between
        await store.append(b, [second!, third!], 'no_stream');
        const inLog = [...(await store.readStream(a)), ...(await store.readStream(b))];

        // KurrentDB lists a correlation from its system projection, which follows the log.
        await vi.waitFor(
          async () => expect(await store.readCorrelation(correlationId, 10)).toEqual({ events: inLog, total: 3 }),
          {
            timeout: 10_000,
          },
        );
        expect(await store.readCorrelation(correlationId, 2)).toEqual({ events: inLog.slice(0, 2), total: 3 });
        expect(inLog.map((event) => event.metadata.causationId)).toEqual([null, first!.id, second!.id]);
      });

      it('finds nothing for a correlation never recorded', async () => {
        expect(await store.readCorrelation(crypto.randomUUID(), 10)).toEqual({ events: [], total: 0 });
      });
    });

    describe('subscribeAll', () => {
      it('catches up from a checkpoint, then delivers later appends live, in batches, without gaps or duplicates', async () => {
        const s = streamName();
        await store.append(s, newEvents(5), 'no_stream');
        const checkpoint = (await store.readStream(s))[1]!.position;

        const subscription = follow({ after: checkpoint, batchSize: 2 });
        await vi.waitFor(() => expect(revisionsIn(subscription.events(), s)).toEqual([2, 3, 4]), WAIT);
        await store.append(s, newEvents(1), 4);
        await store.append(streamName(), newEvents(2), 'no_stream');
        await store.append(s, newEvents(2), 5);
        await vi.waitFor(() => expect(revisionsIn(subscription.events(), s)).toEqual([2, 3, 4, 5, 6, 7]), WAIT);
        await subscription.stop();

        expect(subscription.batches.every((batch) => batch.length > 0 && batch.length <= 2)).toBe(true);
        const delivered = subscription.events();
        expect(delivered).toEqual(await store.readAll({ after: checkpoint, limit: delivered.length }));
      });

      it('starts live from the current end', async () => {
        const s = streamName();
        await store.append(s, newEvents(1), 'no_stream');

        const subscription = follow({ after: await store.lastPosition() });
        await store.append(s, newEvents(1), 0);
        await vi.waitFor(() => expect(revisionsIn(subscription.events(), s)).toEqual([1]), WAIT);
        await subscription.stop();
      });

      it('ends cleanly when its signal aborts while waiting for events', async () => {
        const subscription = follow({ after: await store.lastPosition() });
        await sleep(50);
        const outcome = await Promise.race([
          subscription.stop().then(() => 'ended'),
          sleep(2000).then(() => 'still running'),
        ]);
        expect(outcome).toBe('ended');
      });

      it('yields nothing when its signal has already aborted', async () => {
        await store.append(streamName(), newEvents(1), 'no_stream');
        const batches = [];
        for await (const batch of store.subscribeAll({ after: 0, signal: AbortSignal.abort() })) batches.push(batch);
        expect(batches).toEqual([]);
      });
    });
  });
}

const WAIT = { timeout: 5000, interval: 5 };

function streamName(): string {
  return `contract-${crypto.randomUUID()}`;
}

function newEvents(count: number): NewEvent[] {
  return Array.from({ length: count }, (_, i) => ({ id: crypto.randomUUID(), type: 'ThingHappened', data: { i } }));
}

function revisionsIn(events: RecordedEvent[], stream: string): number[] {
  return events.filter((e) => e.stream === stream).map((e) => e.revision);
}

function isStrictlyIncreasing(values: number[]): boolean {
  return values.every((value, i) => i === 0 || value > values[i - 1]!);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

class Subscription {
  readonly batches: RecordedEvent[][] = [];
  readonly #controller = new AbortController();
  readonly #consumed: Promise<void>;

  constructor(store: EventStore, options: Omit<SubscribeAllOptions, 'signal'>) {
    this.#consumed = (async () => {
      for await (const batch of store.subscribeAll({ ...options, signal: this.#controller.signal }))
        this.batches.push(batch);
    })();
    // Failures surface from stop(); until then they must not count as unhandled.
    this.#consumed.catch(() => {});
  }

  events(): RecordedEvent[] {
    return this.batches.flat();
  }

  /** Aborts the subscription and waits until its iterator has ended. */
  async stop(): Promise<void> {
    this.#controller.abort();
    await this.#consumed;
  }
}
