import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from './sqlite.ts';
import { SqliteLogReader } from './sqlite-log.ts';

describe('SqliteLogReader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-sqlite-log-'));
  const file = join(dir, 'events.db');
  const times = [
    '2025-01-01T00:00:01.000Z',
    '2025-01-01T00:00:02.000Z',
    '2025-01-01T00:00:03.000Z',
    '2025-01-01T00:00:04.000Z',
  ];

  beforeAll(async () => {
    const store = new SqliteEventStore(file);
    const types = ['Listed', 'Noted', 'Listed', 'Noted'];
    for (const [i, type] of types.entries()) {
      await store.append(
        `thing-${i % 2}`,
        [{ type, data: { n: i }, metadata: { time: times[i]!, actor: 'a' } }],
        'any',
      );
    }
    await store.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hands over the events of the types asked for, counting the others', () => {
    const reader = new SqliteLogReader(file, { types: new Set(['Listed']), everyEvent: false });
    const page = reader.read(0, 4, 3);
    expect(page).toMatchObject({ count: 3, position: 3 });
    expect(
      page.events.map(({ type, data, position, stream, revision }) => ({ type, data, position, stream, revision })),
    ).toEqual([
      { type: 'Listed', data: { n: 0 }, position: 1, stream: 'thing-0', revision: 0 },
      { type: 'Listed', data: { n: 2 }, position: 3, stream: 'thing-0', revision: 1 },
    ]);
    expect(page.events[0]!.metadata).toMatchObject({ time: times[0], actor: 'a' });
    expect(reader.read(3, 4, 3)).toEqual({ events: [], count: 1, position: 4 });
    expect(reader.read(4, 4, 3)).toEqual({ events: [], count: 0, position: 0 });
    reader.close();
  });

  it('stops at the position given', () => {
    const reader = new SqliteLogReader(file, { types: new Set(['Listed', 'Noted']), everyEvent: false });
    expect(reader.read(0, 2, 10).events.map((event) => event.position)).toEqual([1, 2]);
    reader.close();
  });

  it('hands every event to a reader of all, the others with their data parsed when read', () => {
    const reader = new SqliteLogReader(file, { types: new Set(['Listed']), everyEvent: true });
    const { events } = reader.read(0, 4, 10);
    expect(events.map((event) => [event.type, event.metadata.time])).toEqual(
      times.map((time, i) => [i % 2 ? 'Noted' : 'Listed', time]),
    );
    expect(events[1]!.data).toEqual({ n: 1 });
    expect(events[1]!.data).toBe(events[1]!.data);
    reader.close();
  });

  it('finds the last event up to a time, the time of a position and the last position', () => {
    const reader = new SqliteLogReader(file, { types: new Set(), everyEvent: false });
    expect(reader.positionAt('2025-01-01T00:00:02.500Z')).toBe(2);
    expect(reader.positionAt(times[2]!)).toBe(3);
    expect(reader.positionAt('2024-12-31T00:00:00.000Z')).toBe(0);
    expect(reader.timeAt(4)).toBe(times[3]);
    expect(reader.timeAt(9)).toBeNull();
    expect(reader.lastPosition()).toBe(4);
    reader.close();
  });
});
