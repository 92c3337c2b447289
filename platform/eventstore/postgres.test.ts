import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startPostgres } from '../testing/postgres.ts';
import { eventStoreContract } from './contract.ts';
import type { EventStore, NewEvent, RecordedEvent } from './port.ts';
import { PostgresEventStore } from './postgres.ts';

// Never skipped: the cluster is started here, and a missing PostgreSQL fails with the install command.
const server = await startPostgres();
afterAll(() => server.stop());

const WAIT = { timeout: 5000, interval: 5 };

eventStoreContract('PostgresEventStore', async () => {
  const store = await PostgresEventStore.open(server.url);
  return { store, cleanup: () => store.close() };
});

/** A store on a database of its own (close it in the test), and that database's URL. */
async function freshStore(options?: ConstructorParameters<typeof PostgresEventStore>[1]) {
  const url = await server.createDatabase();
  return { store: await PostgresEventStore.open(url, options), url };
}

const newEvents = (count: number, type = 'ThingHappened'): NewEvent[] =>
  Array.from({ length: count }, (_, i) => ({ id: crypto.randomUUID(), type, data: { i } }));

/** Consumes a subscription in the background; `stop()` ends it and rethrows what it failed with. */
function follow(store: EventStore, after: number, batchSize?: number) {
  const controller = new AbortController();
  const delivered: RecordedEvent[] = [];
  const consumed = (async () => {
    for await (const batch of store.subscribeAll({ after, batchSize, signal: controller.signal }))
      delivered.push(...batch);
  })();
  consumed.catch(() => {});
  return {
    delivered,
    streams: () => delivered.map((e) => e.stream),
    stop: async () => {
      controller.abort();
      await consumed;
    },
  };
}

/** An append through the store's own function, in a transaction the test ends: an append in flight. */
async function appendInFlight(url: string, stream: string) {
  const client = new pg.Client(url);
  await client.connect();
  await client.query('BEGIN');
  const metadata = { actor: null, correlationId: 'c', causationId: null, time: new Date().toISOString() };
  const events = JSON.stringify([{ id: crypto.randomUUID(), type: 'Slow', data: {}, metadata }]);
  const { rows } = await client.query<{ last_position: string }>(
    'SELECT last_position FROM mibi_append($1, -3, $2::json)',
    [stream, events],
  );
  const end = async (how: 'COMMIT' | 'ROLLBACK') => {
    await client.query(how);
    await client.end();
  };
  return { position: Number(rows[0]!.last_position), commit: () => end('COMMIT'), rollback: () => end('ROLLBACK') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgresEventStore', () => {
  it('starts empty: last position 0, and the first event at position 1', async () => {
    const { store } = await freshStore();
    expect(await store.lastPosition()).toBe(0);
    expect(await store.readAll()).toEqual([]);
    expect(await store.append('s', [{ type: 'T', data: {} }], 'no_stream')).toEqual({ revision: 0, position: 1 });
    expect(await store.lastPosition()).toBe(1);
    await store.close();
  });

  it('creates its schema once when several processes open a new database together', async () => {
    const url = await server.createDatabase();
    const stores = await Promise.all(Array.from({ length: 5 }, () => PostgresEventStore.open(url)));
    await stores[0]!.append('s', newEvents(1), 'no_stream');
    expect(await stores[4]!.readStream('s')).toHaveLength(1);
    await Promise.all(stores.map((store) => store.close()));
  });

  it('keeps event data exactly as given: key order, unicode, large and fractional numbers', async () => {
    const { store } = await freshStore();
    const data = {
      z: 1,
      a: [0.1, 1e21, 12345678901234, -2.5e-7],
      नाम: 'हथकरघा ✓ "quoted" \\ \n',
      nested: { b: null, a: '' },
    };
    await store.append('s', [{ type: 'T', data }], 'no_stream');
    const [event] = await store.readAll();
    expect(JSON.stringify(event!.data)).toBe(JSON.stringify(data));
    await store.close();
  });

  it('never delivers an event past a position whose append is still in flight, then delivers both in order', async () => {
    const { store, url } = await freshStore({ inFlightWaitMs: 100 });
    await store.append('before', newEvents(1), 'no_stream');
    const checkpoint = await store.lastPosition();
    const subscription = follow(store, checkpoint);

    const slow = await appendInFlight(url, 'slow');
    const fast = await store.append('fast', newEvents(1), 'no_stream');
    expect(fast.position).toBeGreaterThan(slow.position);
    await sleep(300);
    expect(subscription.delivered).toEqual([]);
    expect(await store.readAll({ after: checkpoint })).toEqual([]); // gives up waiting, answers nothing unsettled
    expect(await store.lastPosition()).toBe(checkpoint);

    await slow.commit();
    await vi.waitFor(() => expect(subscription.streams()).toEqual(['slow', 'fast']), WAIT);
    expect((await store.readAll({ after: checkpoint })).map((e) => e.stream)).toEqual(['slow', 'fast']);
    expect(await store.lastPosition()).toBe(fast.position);
    await subscription.stop();
    await store.close();
  });

  it('passes the gap a rolled-back append leaves, once its transaction has ended', async () => {
    const { store, url } = await freshStore();
    const subscription = follow(store, 0);
    const abandoned = await appendInFlight(url, 'abandoned');
    await store.append('kept', newEvents(2), 'no_stream');
    await sleep(100);
    expect(subscription.delivered).toEqual([]);

    await abandoned.rollback();
    await vi.waitFor(() => expect(subscription.streams()).toEqual(['kept', 'kept']), WAIT);
    expect(subscription.delivered[0]!.position).toBe(abandoned.position + 1);
    expect((await store.readAll()).map((e) => e.stream)).toEqual(['kept', 'kept']);
    await subscription.stop();
    await store.close();
  });

  it('delivers every event once and in order to a subscriber while processes append concurrently', async () => {
    const { store: reader, url } = await freshStore({ pollIntervalMs: 50 });
    const writers = await Promise.all(Array.from({ length: 4 }, () => PostgresEventStore.open(url)));
    const subscription = follow(reader, 0, 64);
    const [perWriter, appends] = [8, 40];

    await Promise.all(
      writers.flatMap((writer, w) =>
        Array.from({ length: perWriter }, async (_, k) => {
          const stream = `w${w}-${k}`;
          for (let n = 0; n < appends; n++)
            await writer.append(stream, newEvents(1 + (n % 3)), n === 0 ? 'no_stream' : 'exists');
        }),
      ),
    );

    const all = await reader.readAll();
    const perStream = Array.from({ length: appends }, (_, n) => 1 + (n % 3)).reduce((a, b) => a + b);
    expect(all).toHaveLength(writers.length * perWriter * perStream);
    await vi.waitFor(() => expect(subscription.delivered).toHaveLength(all.length), { timeout: 10_000, interval: 20 });
    expect(subscription.delivered).toEqual(all);
    const positions = all.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (let w = 0; w < writers.length; w++) {
      for (let k = 0; k < perWriter; k++) {
        const revisions = subscription.delivered.filter((e) => e.stream === `w${w}-${k}`).map((e) => e.revision);
        expect(revisions).toEqual(Array.from({ length: perStream }, (_, i) => i));
      }
    }
    await subscription.stop();
    await Promise.all([reader, ...writers].map((store) => store.close()));
  });

  it('wakes a subscriber in another process through NOTIFY, long before its next poll', async () => {
    const { store: reader, url } = await freshStore({ pollIntervalMs: 60_000 });
    const writer = await PostgresEventStore.open(url);
    const subscription = follow(reader, 0);
    await sleep(200); // the listener connects
    await writer.append('s', newEvents(1), 'no_stream');
    await vi.waitFor(() => expect(subscription.streams()).toEqual(['s']), { timeout: 2000, interval: 5 });
    await subscription.stop();
    await Promise.all([reader.close(), writer.close()]);
  });

  it('keeps a subscription going when the server drops its connections', async () => {
    const { store: reader, url } = await freshStore({ pollIntervalMs: 60_000 });
    const writer = await PostgresEventStore.open(url);
    const subscription = follow(reader, 0);
    await writer.append('s', newEvents(1), 'no_stream');
    await vi.waitFor(() => expect(subscription.delivered).toHaveLength(1), WAIT);

    const admin = new pg.Client(url);
    await admin.connect();
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(rows[0]!.n).toBeGreaterThan(0);

    await writer.append('s', newEvents(1), 0);
    await vi.waitFor(() => expect(subscription.delivered.map((e) => e.revision)).toEqual([0, 1]), WAIT);
    await subscription.stop();
    await Promise.all([reader.close(), writer.close()]);
  });

  it('ends live subscriptions when the store closes', async () => {
    const { store } = await freshStore({ pollIntervalMs: 60_000 });
    const consumed = (async () => {
      for await (const _ of store.subscribeAll({ after: 0 }));
    })();
    await sleep(50);
    await store.close();
    await expect(consumed).resolves.toBeUndefined();
  });

  it('fails with a clear error when the server is not there', async () => {
    const url = server.url.replace(`:${server.port}/`, ':1/');
    await expect(PostgresEventStore.open(url, { connectionTimeoutMs: 2000 })).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});
