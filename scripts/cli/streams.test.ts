import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/harness.ts';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.ts';
import { eventLine } from '../../platform/eventstore/ndjson.ts';
import { EVENT_TYPES, type EventTypeStats, STREAMS, type StreamStats } from '../../projections/log-stats.ts';
import { MARKETPLACE_EVENT_TYPES, marketplace } from './marketplace.fixtures.ts';
import { mibi } from './mibi.fixtures.ts';

/** The rows of a listing: its columns split on runs of spaces, the header left out. */
const rowsOf = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s{2,}/));

describe('mibi', () => {
  it('lists its commands with --help, and answers 2 without a command or with an unknown one', async () => {
    const help = await mibi('unused', '--help');
    expect(help.code).toBe(0);
    for (const command of ['streams', 'types', 'stream', 'export', 'import', 'rebuild'])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    expect(await mibi('unused')).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining('Usage: mibi <command>'),
    });
    expect(await mibi('unused', 'replay')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('mibi: unknown command "replay"'),
    });
  });
});

describe('mibi streams, types and stream', () => {
  let api: TestApi;
  let elephant: string;
  let sellerId: string;

  beforeAll(async () => {
    api = await startTestApi();
    const made = await marketplace(api);
    elephant = made.products.elephant;
    sellerId = made.seller.user!.id;
  });
  afterAll(() => api.close());

  it('streams: every stream from the log-stats read model, most recently active first', async () => {
    const { code, stdout, stderr } = await mibi(api.dir, 'streams');
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe('    EVENTS   LAST POSITION  LAST EVENT AT             STREAM');
    const expected = await api.platform.read
      .collection<StreamStats>(STREAMS)
      .find({ sort: [['lastPosition', 'desc']] });
    expect(rowsOf(stdout)).toEqual(
      expected.map((s) => [String(s.events), s.lastPosition.toLocaleString('en-US'), s.lastEventAt, s.id]),
    );
    expect(stderr).toContain(`${expected.length} streams`);
  });

  it('streams --prefix and --limit; --scan counts the same from the log', async () => {
    const products = await mibi(api.dir, 'streams', '--prefix', 'product-');
    expect(rowsOf(products.stdout).map((row) => row[3])).toHaveLength(2);
    expect(rowsOf(products.stdout).every((row) => row[3]!.startsWith('product-'))).toBe(true);
    const one = await mibi(api.dir, 'streams', '--prefix', `product-${elephant}`, '--limit', '1');
    expect(rowsOf(one.stdout)).toEqual([
      [
        String((await api.platform.events.readStream(`product-${elephant}`)).length),
        expect.any(String),
        expect.any(String),
        `product-${elephant}`,
      ],
    ]);
    const scanned = await mibi(api.dir, 'streams', '--scan', '--prefix', 'product-');
    expect(scanned.stdout).toBe(products.stdout);
    expect(scanned.stderr).toContain('scan [');
  });

  it('types: event types with their counts, most frequent first; --scan agrees', async () => {
    const { code, stdout } = await mibi(api.dir, 'types');
    expect(code).toBe(0);
    const expected = (await api.platform.read.collection<EventTypeStats>(EVENT_TYPES).find()).sort(
      (a, b) => b.events - a.events || (a.id < b.id ? -1 : 1),
    );
    expect(rowsOf(stdout).map((row) => [row[0], row[3]])).toEqual(expected.map((t) => [String(t.events), t.id]));
    expect(rowsOf(stdout).map((row) => row[3])).toEqual(expect.arrayContaining(MARKETPLACE_EVENT_TYPES));
    expect((await mibi(api.dir, 'types', '--scan')).stdout).toBe(stdout);
  });

  it("stream: a stream's events readably, or as NDJSON with --json", async () => {
    const events = await api.platform.events.readStream(`product-${elephant}`);
    const readable = await mibi(api.dir, 'stream', `product-${elephant}`);
    expect(readable.code).toBe(0);
    const headings = readable.stdout.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual(
      events.map(
        (e) =>
          `#${e.revision}  position ${e.position}  ${e.metadata.time}  ${e.type}  actor ${e.metadata.actor ?? '-'}`,
      ),
    );
    expect(headings[0]).toContain(`ProductListed  actor ${sellerId}`);
    expect(readable.stdout).toContain('\n      "name": "Dhokra Brass Elephant",\n');

    const json = await mibi(api.dir, 'stream', `product-${elephant}`, '--json');
    expect(json.stdout).toBe(events.map(eventLine).join(''));
  });

  it('answers 1 for an unknown stream and 2 for a wrong command line', async () => {
    // Five processes, started together: one after another they outlast the test's time on a busy machine.
    const [unknown, nameless, zeroLimit, bogus, help] = await Promise.all([
      mibi(api.dir, 'stream', 'product-nope'),
      mibi(api.dir, 'stream'),
      mibi(api.dir, 'streams', '--limit', '0'),
      mibi(api.dir, 'types', '--bogus'),
      mibi(api.dir, 'stream', '--help'),
    ]);
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'mibi stream: Stream product-nope not found\n' });
    expect(nameless).toMatchObject({
      code: 2,
      stderr: 'mibi stream: Missing stream name\nRun mibi stream --help for usage.\n',
    });
    expect(zeroLimit).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--limit must be a whole number of at least 1 (got "0")'),
    });
    expect(bogus).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--bogus'") });
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: mibi stream <name> [--json]') });
  });
});

describe('mibi streams before the projections ran', () => {
  it('says the read model is behind, and --scan reads the log itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mibi-cli-'));
    try {
      const events = new SqliteEventStore(join(dir, 'events.db'));
      await events.append(
        'product-1',
        [
          { type: 'ProductListed', data: {} },
          { type: 'StockAdjusted', data: {} },
        ],
        'no_stream',
      );
      await events.append('order-1', [{ type: 'OrderPlaced', data: {} }], 'no_stream');
      await events.close();

      const fromReadModel = await mibi(dir, 'streams');
      expect(fromReadModel.stderr).toContain(
        'note: the log-stats read model has processed the log up to position 0 of 3; use --scan for exact figures',
      );
      expect(rowsOf(fromReadModel.stdout)).toEqual([]);
      const scanned = await mibi(dir, 'streams', '--scan');
      expect(rowsOf(scanned.stdout).map((row) => [row[0], row[1], row[3]])).toEqual([
        ['1', '3', 'order-1'],
        ['2', '2', 'product-1'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
