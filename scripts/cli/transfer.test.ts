import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/harness.ts';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { projections } from '../../projections/index.ts';
import { collectionsOf, compareReadStores } from '../../projections/rebuild.ts';
import { everyDocument, marketplace } from './marketplace.fixtures.ts';
import { mibi } from './mibi.fixtures.ts';

describe('mibi export, import, then rebuild: the read models of the copy equal the live ones', () => {
  let api: TestApi;
  let work: string;
  const folder = (name: string) => join(work, name);

  beforeAll(async () => {
    api = await startTestApi();
    await marketplace(api);
    work = mkdtempSync(join(tmpdir(), 'mibi-transfer-'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('exports the whole log to a file, imports it into an empty store, and rebuilds it into equal read models', async () => {
    const file = folder('all.ndjson');
    const exported = await mibi(api.dir, 'export', '--out', file);
    const last = await api.platform.events.lastPosition();
    expect(exported).toMatchObject({ code: 0, stdout: '' });
    expect(exported.stderr).toContain(`Exported ${last} events to ${file}`);
    expect(readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(last + 1);

    const copy = folder('copy');
    const imported = await mibi(copy, 'import', file);
    const streams = new Set((await api.platform.events.readAll()).map((e) => e.stream)).size;
    expect(imported).toMatchObject({
      code: 0,
      stdout: `Imported ${last} events into ${streams} streams; ${last} positions mapped (1..${last} in the file are 1..${last} here)\n`,
    });
    expect(imported.stderr).toContain('import [');

    const events = new SqliteEventStore(join(copy, 'events.db'));
    expect(await events.readAll()).toEqual(await api.platform.events.readAll());
    await events.close();

    const rebuilt = await mibi(copy, 'rebuild', '--all', '--into', folder('rebuilt'));
    expect(rebuilt.code).toBe(0);
    const [store] = readdirSync(folder('rebuilt')).filter((name) => name.endsWith('.db'));
    expect(rebuilt.stdout).toContain(`into ${join(folder('rebuilt'), store!)}`);
    const read = new SqliteReadStore(join(folder('rebuilt'), store!));
    try {
      expect(await compareReadStores(api.platform.read, read, collectionsOf(projections))).toEqual([]);
      expect(await everyDocument(read)).toEqual(await everyDocument(api.platform.read));
    } finally {
      await read.close();
    }
  });

  it('refuses to import into a store that is not empty', async () => {
    const file = folder('again.ndjson');
    await mibi(api.dir, 'export', '--out', file);
    const last = await api.platform.events.lastPosition();
    expect(await mibi(api.dir, 'import', file)).toMatchObject({
      code: 1,
      stderr: `mibi import: Refusing to import: the event store is not empty (its log reaches position ${last}). Import only into an empty store.\n`,
    });
    expect(await api.platform.events.lastPosition()).toBe(last);
  });

  it('refuses an empty store whose read store holds read models of another log', async () => {
    const file = folder('models.ndjson');
    await mibi(api.dir, 'export', '--out', file, '--prefix', 'category-');
    const dir = folder('stale-read');
    mkdirSync(dir);
    const read = new SqliteReadStore(join(dir, 'read.db'));
    await read.commit(read.unitOfWork(), 'catalog', 42);
    await read.close();
    expect(await mibi(dir, 'import', file)).toMatchObject({
      code: 1,
      stderr:
        'mibi import: Refusing to import: the read store holds read models of another log (projection catalog is at position 42). Use a new DATA_DIR (or MONGO_DB) for the imported store.\n',
    });
  });

  it('exports to stdout with filters; a filtered export of partial streams is refused by import, which writes nothing', async () => {
    const orders = await mibi(api.dir, 'export', '--types', 'OrderPlaced', '--prefix', 'order-');
    expect(orders.code).toBe(0);
    const [header, ...lines] = orders.stdout.trimEnd().split('\n');
    expect(JSON.parse(header!).filters).toEqual({ types: ['OrderPlaced'], prefix: 'order-' });
    expect(lines.map((line) => JSON.parse(line).type)).toEqual(['OrderPlaced', 'OrderPlaced']);

    const shipped = folder('shipped.ndjson');
    await mibi(api.dir, 'export', '--out', shipped, '--types', 'SellerOrderShipped');
    const empty = folder('empty');
    const refused = await mibi(empty, 'import', shipped);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^mibi import: Refusing to import .+: line 2: order-.+ revision 2 where 0 was expected: the file does not hold the whole stream/,
    );
    const events = new SqliteEventStore(join(empty, 'events.db'));
    expect(await events.lastPosition()).toBe(0);
    await events.close();
  });

  it('answers 2 to bad filters and 1 to a missing or malformed file', async () => {
    expect(await mibi(api.dir, 'export', '--since', 'last week')).toMatchObject({
      code: 2,
      stderr:
        'mibi export: --since: Since must be an ISO-8601 date or date and time, e.g. 2025-01-31 or 2025-01-31T18:30:00Z\nRun mibi export --help for usage.\n',
    });
    expect(await mibi(api.dir, 'export', '--from-position', '9', '--to-position', '2')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--to-position: To position must not be below from position'),
    });
    expect(await mibi(folder('none'), 'import', folder('missing.ndjson'))).toMatchObject({
      code: 1,
      stderr: `mibi import: File not found: ${folder('missing.ndjson')}\n`,
    });
    const bad = folder('bad.ndjson');
    writeFileSync(bad, '{"format":"mibi-events","version":1}\nnot json\n');
    expect(await mibi(folder('bad'), 'import', bad)).toMatchObject({
      code: 1,
      stderr: `mibi import: Refusing to import ${bad}: line 2: not valid JSON\n`,
    });
  });
});
