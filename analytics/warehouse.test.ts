import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projections } from '../projections/index.ts';
import { collectionsOf } from '../projections/rebuild.ts';
import { startTestApi } from '../api/testing/harness.ts';
import { schemaVersionOf } from '../domain/event-versions.ts';
import { pseudonymizer } from './privacy.ts';
import { personalMarketplaceSuite } from './privacy.fixtures.ts';
import { quoted, Warehouse } from './warehouse.ts';

const KEY = 'c'.repeat(64);

const suite = personalMarketplaceSuite();

const rows = async (warehouse: Warehouse, sql: string) =>
  (await warehouse.connection.runAndReadAll(sql)).getRowObjectsJson();

/** Every table and view of the warehouse, with every row of each. */
async function everything(warehouse: Warehouse): Promise<Record<string, unknown[]>> {
  const relations = await rows(warehouse, 'SELECT table_name FROM information_schema.tables ORDER BY 1');
  const out: Record<string, unknown[]> = {};
  for (const { table_name } of relations)
    out[String(table_name)] = await rows(warehouse, `SELECT * FROM ${quoted(String(table_name))}`);
  return out;
}

describe('the warehouse', () => {
  it('holds the log, a typed view per catalogued type and every read model, with no personal data or user id in any', async () => {
    const warehouse = await Warehouse.open(suite.api.platform, { key: KEY });
    try {
      const all = await everything(warehouse);
      expect(all.events).toHaveLength((await suite.api.platform.events.readAll()).length);
      expect(Object.keys(all)).toEqual(expect.arrayContaining([...collectionsOf(projections), 'ReviewSubmitted']));
      const seen = JSON.stringify(all).toLowerCase();
      expect(
        [...suite.seeded.personal, ...suite.seeded.userIds].filter((secret) => seen.includes(secret.toLowerCase())),
      ).toEqual([]);
      // What analysts need is there: places, products, amounts.
      expect(seen).toContain('pune');
      expect(all.orders!.length).toBe(2);
    } finally {
      warehouse.close();
    }
  });

  it('gives each event the schema version it was written at, as the write side stamped it', async () => {
    const warehouse = await Warehouse.open(suite.api.platform, { key: KEY });
    try {
      const log = await suite.api.platform.events.readAll();
      expect(log.filter((event) => event.metadata.schemaVersion !== schemaVersionOf(event.type))).toEqual([]);
      expect(log.some((event) => event.metadata.schemaVersion === 2)).toBe(true);
      const versions = await rows(warehouse, 'SELECT position, version FROM events ORDER BY position');
      expect(versions).toEqual(
        log.map((event) => ({ position: String(event.position), version: event.metadata.schemaVersion ?? 1 })),
      );
    } finally {
      warehouse.close();
    }
  });

  it('reveals the personal data to an explicit request (what the scan above would find)', async () => {
    const warehouse = await Warehouse.open(suite.api.platform, { key: KEY, reveal: true });
    try {
      const seen = JSON.stringify(await everything(warehouse)).toLowerCase();
      expect(
        [...suite.seeded.personal, ...suite.seeded.userIds].filter((secret) => !seen.includes(secret.toLowerCase())),
      ).toEqual([]);
    } finally {
      warehouse.close();
    }
  });

  it("types a view's columns from the catalog, leaving out the personal ones", async () => {
    const warehouse = await Warehouse.open(suite.api.platform, { key: KEY });
    try {
      const [review] = await rows(warehouse, 'SELECT * FROM "ReviewSubmitted"');
      expect(review).toEqual({
        position: expect.any(String),
        stream: expect.stringMatching(/^review-p_[0-9a-f]{16}-p_[0-9a-f]{16}$/),
        revision: '0',
        time: expect.any(String),
        actor: pseudonymizer(KEY).user(suite.seeded.buyer.user!.id),
        correlation_id: expect.stringMatching(/^p_/),
        causation_id: null,
        productId: pseudonymizer(KEY).user(suite.seeded.products.elephant),
        buyerId: pseudonymizer(KEY).user(suite.seeded.buyer.user!.id),
        rating: 5,
        at: expect.any(String),
      });
      const types = await rows(
        warehouse,
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'ReviewSubmitted'`,
      );
      expect(types).toContainEqual({ column_name: 'rating', data_type: 'DOUBLE' });
      expect(types).toContainEqual({ column_name: 'time', data_type: 'TIMESTAMP' });
    } finally {
      warehouse.close();
    }
  });

  it('gives the same pseudonyms with the same key and others with another', async () => {
    const buyers = async (key: string) => {
      const warehouse = await Warehouse.open(suite.api.platform, { key });
      try {
        return await rows(warehouse, 'SELECT buyerId FROM reviews');
      } finally {
        warehouse.close();
      }
    };
    const [first] = await buyers(KEY);
    expect(first).toEqual({ buyerId: pseudonymizer(KEY).user(suite.seeded.buyer.user!.id) });
    expect(await buyers(KEY)).toEqual([first]);
    expect(await buyers('d'.repeat(64))).not.toEqual([first]);
  });

  it('catches up with new events and the read models that moved, and cuts the log at a position', async () => {
    const warehouse = await Warehouse.open(suite.api.platform, { key: KEY });
    try {
      const before = warehouse.position;
      const count = async (table: string) =>
        Number((await rows(warehouse, `SELECT count(*) AS n FROM ${table}`))[0]!.n);
      const wishlist = await count('wishlist_items');
      const events = await count('events');
      await suite.seeded.other.api.wishlist.items.$post({ json: { productId: suite.seeded.products.elephant } });
      await suite.api.settle();
      expect(await count('events')).toBe(events);
      expect(await warehouse.catchUp()).toBeGreaterThan(before);
      expect(await count('events')).toBe(events + 1);
      expect(await rows(warehouse, `SELECT type FROM events WHERE position > ${before}`)).toEqual([
        { type: 'WishlistItemSaved' },
      ]);
      expect(await count('wishlist_items')).toBe(wishlist + 1);

      const cut = await Warehouse.open(suite.api.platform, { key: KEY, toPosition: before });
      try {
        expect(cut.position).toBe(before);
        expect(Number((await rows(cut, 'SELECT max(position) AS p FROM events'))[0]!.p)).toBe(before);
      } finally {
        cut.close();
      }
    } finally {
      warehouse.close();
    }
  });

  describe('kept in a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mibi-warehouse-'));
    const file = join(dir, 'warehouse.duckdb');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /** Opens the kept file, leaves a mark in it when asked, and answers whether a mark was there and its events. */
    const openKept = async (key: string, mark: boolean) => {
      const warehouse = await Warehouse.open(suite.api.platform, { key, file });
      try {
        const marked =
          (await rows(warehouse, "SELECT 1 FROM information_schema.tables WHERE table_name = 'mark'")).length > 0;
        if (mark) await warehouse.connection.run('CREATE TABLE IF NOT EXISTS mark (x INTEGER)');
        const [{ n, last }] = (await rows(warehouse, 'SELECT count(*) AS n, max(position) AS last FROM events')) as [
          { n: string; last: string },
        ];
        return { marked, events: Number(n), last: Number(last), position: warehouse.position };
      } finally {
        warehouse.close();
      }
    };

    it('is taken up where it was left, adding only what is new; made anew for another key', async () => {
      const first = await openKept(KEY, true);
      expect(first).toMatchObject({ marked: false, position: await suite.api.platform.events.lastPosition() });
      await suite.seeded.other.api.wishlist.items.$post({ json: { productId: suite.seeded.products.elephant } });
      await suite.api.settle();
      const last = await suite.api.platform.events.lastPosition();
      // The same file: the mark is still there, and the new event was added once.
      expect(await openKept(KEY, false)).toEqual({ marked: true, events: last, last, position: last });
      // Another key gives other pseudonyms: what the file held is not reused.
      expect(await openKept('f'.repeat(64), false)).toMatchObject({ marked: false, events: last });
    });

    it('is made anew when the log is another than the one it was loaded from', async () => {
      await openKept(KEY, true);
      const other = await startTestApi();
      await other.platform.events.append('probe-1', [{ type: 'Probe', data: {} }], 'no_stream');
      try {
        const warehouse = await Warehouse.open(other.platform, { key: KEY, file });
        try {
          expect(await rows(warehouse, "SELECT 1 FROM information_schema.tables WHERE table_name = 'mark'")).toEqual(
            [],
          );
          expect(warehouse.position).toBe(await other.platform.events.lastPosition());
        } finally {
          warehouse.close();
        }
      } finally {
        await other.close();
      }
    });

    it('is refused for a warehouse revealing personal data or cut at a position', async () => {
      await expect(Warehouse.open(suite.api.platform, { key: KEY, file, reveal: true })).rejects.toThrow(
        /pseudonymized/,
      );
      await expect(Warehouse.open(suite.api.platform, { key: KEY, file, toPosition: 1 })).rejects.toThrow(
        /pseudonymized/,
      );
    });
  });
});
