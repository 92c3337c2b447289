import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { eventStoreContract } from './contract.ts';
import type { RecordedEvent } from './port.ts';
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

  it('sees appends made through another connection to the same file by polling', async () => {
    const file = newFile();
    const reader = new SqliteEventStore(file, { pollIntervalMs: 20 });
    const writer = new SqliteEventStore(file);
    const controller = new AbortController();
    const delivered: RecordedEvent[] = [];
    const consumed = (async () => {
      for await (const batch of reader.subscribeAll({ after: 0, signal: controller.signal })) delivered.push(...batch);
    })();

    await writer.append('s', [{ type: 'T', data: {} }], 'no_stream');
    await vi.waitFor(() => expect(delivered.map((e) => e.stream)).toEqual(['s']), WAIT);

    controller.abort();
    await consumed;
    await Promise.all([reader.close(), writer.close()]);
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
