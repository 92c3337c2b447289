import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import recorded from '../../docs/events/catalog.json' with { type: 'json' };
import type { CatalogEntry } from '../../api/events/catalog.ts';
import { type TestApi, startTestApi } from '../../api/testing/harness.ts';
import { EVENT_TYPES, type EventTypeStats } from '../../projections/log-stats.ts';
import { marketplace } from './marketplace.fixtures.ts';
import { mibi } from './mibi.fixtures.ts';

describe('mibi events', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
    await marketplace(api);
  });
  afterAll(() => api.close());

  it('lists every recorded or seen type with its version, schemas, upcasters, count and first/last time seen', async () => {
    const [table, json] = await Promise.all([mibi(api.dir, 'events'), mibi(api.dir, 'events', '--json')]);
    expect(json.code).toBe(0);
    const { types } = JSON.parse(json.stdout) as { types: CatalogEntry[] };
    const stats = await api.platform.read.collection<EventTypeStats>(EVENT_TYPES).find();
    const log = await api.platform.events.readAll({ after: 0, limit: 100_000 });
    expect(types.map((entry) => entry.type)).toEqual(expect.arrayContaining([...Object.keys(recorded)]));
    for (const { id, events } of stats) {
      const entry = types.find((e) => e.type === id)!;
      const times = log.filter((event) => event.type === id).map((event) => event.metadata.time);
      expect(entry).toMatchObject({ events, firstSeen: times[0], lastSeen: times.at(-1) });
    }
    const unrecorded = stats.filter(({ id }) => types.find((entry) => entry.type === id)!.version === null);
    expect(unrecorded.map(({ id }) => id)).toEqual([]);
    const created = types.find((entry) => entry.type === 'CategoryCreated')!;
    expect(created).toMatchObject({ aggregate: 'catalog', version: 1, upcasters: [] });
    expect(created.versions[0]!.schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['name']) });
    expect(types.find((entry) => entry.type === 'ProductListed')).toMatchObject({
      aggregate: 'product',
      version: 1,
      upcasters: [{ name: 'upcastProductEvent', module: 'domain/product/upcast.ts' }],
    });

    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\s+EVENTS {2}FIRST SEEN\s+LAST SEEN\s+VERSION {2}TYPE\s+UPCASTERS$/);
    expect(lines.find((line) => line.includes(' CategoryCreated '))).toMatch(/ {6}1 {2}CategoryCreated/);
    expect(table.stderr).toMatch(/event types, 0 with no recorded schema\n$/);
  });

  it('answers 2 for a wrong command line', async () => {
    const [bogus, extra] = await Promise.all([mibi(api.dir, 'events', '--bogus'), mibi(api.dir, 'events', 'x')]);
    expect(bogus).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--bogus'") });
    expect(extra).toMatchObject({ code: 2, stderr: expect.stringContaining('Unexpected argument: x') });
  });
});
