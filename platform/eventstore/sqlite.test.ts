import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { eventStoreContract } from './contract.ts';
import { type RecordedEvent, WrongExpectedRevisionError } from './port.ts';
import { SqliteEventStore } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'mibi-eventstore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const newFile = () => join(dir, `events-${++files}.db`);
const WAIT = { timeout: 5000, interval: 5 };

eventStoreContract('SqliteEventStore', async () => {
  const store = new SqliteEventStore(newFile());
  return { store, cleanup: () => store.close() };
});

describe('SqliteEventStore', () => {
  it('starts empty: last position 0, and the first event at position 1', async () => {
    const store = new SqliteEventStore(':memory:');
    expect(await store.lastPosition()).toBe(0);
    expect(await store.readAll()).toEqual([]);
    expect(await store.append('s', [{ type: 'T', data: {} }], 'no_stream')).toEqual({ revision: 0, position: 1 });
    await store.close();
  });

  it('reads a correlation through its index, not the whole log', async () => {
    const file = newFile();
    await new SqliteEventStore(file).close();
    const db = new Database(file, { readonly: true });
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT * FROM events WHERE json_extract(metadata, '$.correlationId') = ? ORDER BY position LIMIT 10",
      )
      .all('c') as Array<{ detail: string }>;
    db.close();
    expect(plan.map((step) => step.detail)).toEqual(['SEARCH events USING INDEX events_correlation (<expr>=?)']);
  });

  it('keeps events across close and reopen', async () => {
    const file = newFile();
    const first = new SqliteEventStore(file);
    await first.append('s', [{ type: 'T', data: { n: 1 } }], 'no_stream');
    const written = await first.readAll();
    await first.close();

    const second = new SqliteEventStore(file);
    expect(await second.readAll()).toEqual(written);
    await second.close();
  });

  it('wakes a live subscription at once on an append through the same instance, not at the next poll', async () => {
    const store = new SqliteEventStore(newFile(), { pollIntervalMs: 60_000 });
    const controller = new AbortController();
    const delivered: RecordedEvent[] = [];
    const consumed = (async () => {
      for await (const batch of store.subscribeAll({ after: 0, signal: controller.signal })) delivered.push(...batch);
    })();

    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.append('s', [{ type: 'T', data: {} }], 'no_stream');
    await vi.waitFor(() => expect(delivered).toHaveLength(1), WAIT);

    controller.abort();
    await consumed;
    await store.close();
  });

  /** A reader and a writer on one file, and what the reader's live subscription has delivered so far. */
  function twoInstances(readerPollMs: number) {
    const file = newFile();
    const reader = new SqliteEventStore(file, { pollIntervalMs: readerPollMs });
    const writer = new SqliteEventStore(file);
    const controller = new AbortController();
    const delivered: RecordedEvent[] = [];
    const consumed = (async () => {
      for await (const batch of reader.subscribeAll({ after: 0, signal: controller.signal })) delivered.push(...batch);
    })();
    const close = async () => {
      controller.abort();
      await consumed;
      await Promise.all([reader.close(), writer.close()]);
    };
    return { writer, delivered, close };
  }

  it('sees appends made through another connection to the same file by polling', async () => {
    const { writer, delivered, close } = twoInstances(20);
    await writer.append('s', [{ type: 'T', data: {} }], 'no_stream');
    await vi.waitFor(() => expect(delivered.map((e) => e.stream)).toEqual(['s']), WAIT);
    await close();
  });

  it("wakes the live subscriptions of another instance of the file in this process (the API's thread and the projections'), not at their next poll", async () => {
    const { writer, delivered, close } = twoInstances(60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writer.append('s', [{ type: 'T', data: {} }], 'no_stream');
    await vi.waitFor(() => expect(delivered.map((e) => e.stream)).toEqual(['s']), WAIT);
    await close();
  });

  it('ends live subscriptions when the store closes', async () => {
    const store = new SqliteEventStore(newFile(), { pollIntervalMs: 60_000 });
    const consumed = (async () => {
      for await (const _ of store.subscribeAll({ after: 0 }));
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.close();
    await expect(consumed).resolves.toBeUndefined();
  });

  describe('group commit of the appends made in one turn', () => {
    const event = (id?: string) => ({ ...(id && { id }), type: 'T', data: {} });

    it('lets exactly one of the appends with the same expected revision win; the others in the group still commit', async () => {
      const store = new SqliteEventStore(':memory:');
      await store.append('s', [event()], 'no_stream');

      const outcomes = await Promise.allSettled([
        store.append('a', [event()], 'no_stream'),
        store.append('s', [event(), event()], 0),
        store.append('s', [event()], 0),
        store.append('b', [event()], 'no_stream'),
        store.append('s', [event()], 2),
      ]);

      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(outcomes[2]).toMatchObject({ reason: expect.any(WrongExpectedRevisionError) });
      expect(outcomes[2]).toMatchObject({ reason: { stream: 's', expected: 0, actual: 2 } });
      // Positions in the order the appends were made, with nothing of the loser between them.
      expect(outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))).toEqual([
        { revision: 0, position: 2 },
        { revision: 2, position: 4 },
        { revision: 0, position: 5 },
        { revision: 3, position: 6 },
      ]);
      expect((await store.readAll()).map((e) => `${e.stream}@${e.revision}`)).toEqual([
        's@0',
        'a@0',
        's@1',
        's@2',
        'b@0',
        's@3',
      ]);
      await store.close();
    });

    it('fails only the append whose insert fails, each of the others with its own result', async () => {
      const store = new SqliteEventStore(':memory:');
      await store.append('taken', [event('used-id')], 'no_stream');

      const outcomes = await Promise.allSettled([
        store.append('a', [event()], 'no_stream'),
        // The id belongs to another stream: the insert breaks the UNIQUE constraint after its first event.
        store.append('b', [event(), event('used-id')], 'no_stream'),
        store.append('c', [event()], 'no_stream'),
      ]);

      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(outcomes[1]).toMatchObject({ reason: { code: 'SQLITE_CONSTRAINT_UNIQUE' } });
      expect((await store.readAll()).map((e) => e.stream)).toEqual(['taken', 'a', 'c']);
      await store.close();
    });

    it('answers a retry in the same group with the first result', async () => {
      const store = new SqliteEventStore(':memory:');
      const events = [event(crypto.randomUUID()), event(crypto.randomUUID())];
      const [first, retry] = await Promise.all([
        store.append('s', events, 'no_stream'),
        store.append('s', events, 'no_stream'),
      ]);
      expect(retry).toEqual(first);
      expect(await store.streamRevision('s')).toBe(1);
      await store.close();
    });

    it('wakes live subscriptions once per group, with the whole group in one batch', async () => {
      const store = new SqliteEventStore(':memory:', { pollIntervalMs: 60_000 });
      const controller = new AbortController();
      const batches: number[] = [];
      const consumed = (async () => {
        for await (const batch of store.subscribeAll({ after: 0, signal: controller.signal }))
          batches.push(batch.length);
      })();
      await new Promise((resolve) => setTimeout(resolve, 20));

      await Promise.all(Array.from({ length: 10 }, (_, i) => store.append(`s-${i}`, [event()], 'no_stream')));
      await vi.waitFor(() => expect(batches).toEqual([10]), WAIT);

      controller.abort();
      await consumed;
      await store.close();
    });

    it('writes the appends still waiting when the store closes', async () => {
      const file = newFile();
      const store = new SqliteEventStore(file);
      const appended = store.append('s', [event()], 'no_stream');
      await store.close();
      expect(await appended).toEqual({ revision: 0, position: 1 });
      await expect(store.append('s', [event()], 0)).rejects.toThrow();

      const reopened = new SqliteEventStore(file);
      expect(await reopened.streamRevision('s')).toBe(0);
      await reopened.close();
    });
  });

  it('reads a limited page of a stream, either way, from any revision', async () => {
    const store = new SqliteEventStore(':memory:');
    await store.append(
      's',
      Array.from({ length: 5 }, () => ({ type: 'T', data: {} })),
      'no_stream',
    );
    const revisions = async (options: Parameters<SqliteEventStore['readStream']>[1]) =>
      (await store.readStream('s', options)).map((e) => e.revision);
    expect(await revisions({ limit: 2 })).toEqual([0, 1]);
    expect(await revisions({ fromRevision: 3, limit: 5 })).toEqual([3, 4]);
    expect(await revisions({ limit: 0 })).toEqual([]);
    expect(await revisions({ direction: 'backwards', limit: 2 })).toEqual([4, 3]);
    expect(await revisions({ direction: 'backwards', fromRevision: 2, limit: 2 })).toEqual([2, 1]);
    expect(await revisions({ direction: 'backwards', fromRevision: 99, limit: 1 })).toEqual([4]);
    expect(await revisions({ direction: 'backwards', fromRevision: 1 })).toEqual([1, 0]);
    expect(await revisions({ limit: -1 })).toEqual([0, 1, 2, 3, 4]);
    await store.close();
  });

  it('keeps every append reported before a kill -9 of the writing process, whole and in order', async () => {
    const file = newFile();
    const [streams, perAppend] = [5, 3];
    const fixture = fileURLToPath(new URL('./sqlite.kill-fixture.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, file, String(streams), String(perAppend)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    onTestFinished(() => void child.kill('SIGKILL'));
    const lines = createInterface({ input: child.stdout });
    let reported = -1;
    lines.on('line', (line) => (reported = Number(line)));

    await vi.waitFor(() => expect(reported).toBeGreaterThanOrEqual(3000), { timeout: 15_000, interval: 5 });
    child.kill('SIGKILL');
    // 'close' comes after the exit and after stdout has been read to its end.
    const [, signal] = await once(child, 'close');
    expect(signal).toBe('SIGKILL');

    const store = new SqliteEventStore(file);
    const events = await store.readAll();
    await store.close();

    // Every reported append is there; at most the one in flight at the kill was committed unreported.
    const appends = Math.floor(events.length / perAppend);
    expect(events.length % perAppend).toBe(0);
    expect(appends - 1).toBeGreaterThanOrEqual(reported);
    expect(appends - 1).toBeLessThanOrEqual(reported + 1);
    for (const [index, event] of events.entries()) {
      const n = Math.floor(index / perAppend);
      expect(event).toMatchObject({
        stream: `kill-${n % streams}`,
        revision: Math.floor(n / streams) * perAppend + (index % perAppend),
        position: index + 1,
        data: { n, i: index % perAppend, padding: 'x'.repeat(2000) },
      });
    }
  });
});
