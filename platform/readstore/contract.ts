import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory.ts';
import { SqliteEventStore } from '../eventstore/sqlite.ts';
import { countingProjections, intercepted, seededRandom } from '../projection/fixtures.ts';
import type { Projection } from '../projection/projection.ts';
import { ProjectionRunner } from '../projection/runner.ts';
import type { Collection, Doc, FindQuery, ReadStore } from './port.ts';

type Crash = 'before' | 'during' | 'after';

/**
 * The store as a process that may die around a commit: a third of the commits fail, evenly
 * before anything is written, while writing (a document no store can serialize comes last, after
 * writes that would succeed), or after everything is written (the acknowledgement is lost).
 */
function crashing(store: ReadStore, random: () => number, crashed: (crash: Crash) => void): ReadStore {
  const commitMany: ReadStore['commitMany'] = async (batches, fence) => {
    const roll = random();
    if (roll < 0.1) {
      crashed('before');
      throw new Error('crash before writing');
    }
    if (roll < 0.2) {
      crashed('during');
      const { work } = batches.at(-1)!;
      const poison: Doc = { id: 'poison' };
      poison.self = poison;
      work.put(work.changes()[0]?.collection ?? 'poisoned', poison);
    }
    await store.commitMany(batches, fence);
    if (roll < 0.2) throw new Error(`${store.kind} committed a batch holding a circular document`);
    if (roll < 0.3) {
      crashed('after');
      throw new Error('crash after writing');
    }
  };
  return intercepted(store, commitMany);
}

/** One generated log: `Counted` events with amounts and other events, over a handful of streams. */
async function generateLog(events: SqliteEventStore, size: number): Promise<number> {
  const random = seededRandom(11);
  for (let i = 0; i < size; i++) {
    const stream = `counter-${Math.floor(random() * 12)}`;
    const event =
      random() < 0.7
        ? { type: 'Counted', data: { amount: 1 + Math.floor(random() * 20) } }
        : { type: 'Noted', data: {} };
    await events.append(stream, [event], 'any');
  }
  return events.lastPosition();
}

/**
 * The behaviour every read store adapter must show. One store serves the whole suite and
 * every test uses its own collection and projection names, so suites can share a server.
 */
export function readStoreContract(
  name: string,
  open: () => Promise<{ store: ReadStore; cleanup(): Promise<void> }>,
): void {
  describe(name, () => {
    let store: ReadStore;
    let cleanup: (() => Promise<void>) | undefined;
    let serial = 0;
    const unique = (base: string) => `${base}${++serial}`;

    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    const ids = (docs: Doc[]) => docs.map((doc) => doc.id);

    /** Every document of the projections' collections, by collection without its prefix. */
    async function documents(projections: Projection[], prefix: string): Promise<Record<string, Doc[]>> {
      const out: Record<string, Doc[]> = {};
      for (const { collections } of projections) {
        for (const { name } of collections) out[name.slice(prefix.length)] = await store.collection(name).find();
      }
      return out;
    }

    describe('documents', () => {
      it('gets what was put, and null for an unknown id', async () => {
        const items = store.collection(unique('items'));
        await items.put({ id: 'a', title: 'Brass lamp', price: 1500 });
        expect(await items.get('a')).toEqual({ id: 'a', title: 'Brass lamp', price: 1500 });
        expect(await items.get('b')).toBeNull();
      });

      it('put replaces the whole document', async () => {
        const items = store.collection(unique('items'));
        await items.put({ id: 'a', title: 'Brass lamp', price: 1500 });
        await items.put({ id: 'a', title: 'Copper lamp' });
        expect(await items.get('a')).toEqual({ id: 'a', title: 'Copper lamp' });
        expect(await items.count()).toBe(1);
      });

      it('getMany returns the documents that exist, in the order of the ids', async () => {
        const items = store.collection(unique('items'));
        for (const id of ['a', 'b', 'c']) await items.put({ id, n: id });
        expect(ids(await items.getMany(['c', 'x', 'a', 'b']))).toEqual(['c', 'a', 'b']);
        expect(await items.getMany([])).toEqual([]);
      });

      it('patch merges top-level fields and returns the result; null when absent', async () => {
        const items = store.collection(unique('items'));
        await items.put({ id: 'a', title: 'Shawl', size: { w: 1, h: 2 }, tags: ['wool'] });
        const patched = await items.patch('a', { size: { w: 3 }, stock: 4 });
        expect(patched).toEqual({ id: 'a', title: 'Shawl', size: { w: 3 }, tags: ['wool'], stock: 4 });
        expect(await items.get('a')).toEqual(patched);
        expect(await items.patch('missing', { stock: 1 })).toBeNull();
        expect(await items.get('missing')).toBeNull();
      });

      it('delete reports whether a document was removed', async () => {
        const items = store.collection(unique('items'));
        await items.put({ id: 'a' });
        expect(await items.delete('a')).toBe(true);
        expect(await items.delete('a')).toBe(false);
        expect(await items.get('a')).toBeNull();
      });

      it('nested objects and arrays round-trip exactly', async () => {
        const items = store.collection(unique('items'));
        const doc = {
          id: 'order-1',
          buyer: { name: 'Asha', address: { city: 'Jaipur', pin: '302001' } },
          lines: [
            { sku: 'k1', qty: 2, options: [] },
            { sku: 'k2', qty: 1, options: ['gift', { wrap: true }] },
          ],
          totals: { paise: 123456, discount: null },
          notes: '',
          flags: [true, false, null, 0, -1.5],
          empty: {},
        };
        await items.put(doc);
        expect(await items.get('order-1')).toStrictEqual(doc);
        expect(await items.find()).toStrictEqual([doc]);
      });

      it('keeps collections apart', async () => {
        const left = store.collection(unique('left'));
        const right = store.collection(unique('right'));
        await left.put({ id: 'same', side: 'left' });
        await right.put({ id: 'same', side: 'right' });
        await right.put({ id: 'other', side: 'right' });
        expect(await left.get('same')).toEqual({ id: 'same', side: 'left' });
        expect(await left.count()).toBe(1);
        expect(await left.delete('same')).toBe(true);
        expect(await right.get('same')).toEqual({ id: 'same', side: 'right' });
      });

      it('rejects collection and field names that are not plain identifiers', async () => {
        expect(() => store.collection('items; DROP TABLE items')).toThrow(/collection name/);
        expect(() => store.collection('a.b')).toThrow(/collection name/);
        expect(() => store.collection({ name: unique('items'), indexes: [["x') --"]] })).toThrow(/field name/);
        const items = store.collection(unique('items'));
        await expect(items.find({ where: { "title') OR 1=1 --": 'x' } })).rejects.toThrow(/field name/);
        await expect(items.find({ sort: [['$where', 'asc']] })).rejects.toThrow(/field name/);
        await expect(items.count({ 'a.b': 1 })).rejects.toThrow(/field name/);
        const work = store.unitOfWork();
        work.put('bad name', { id: 'a' });
        await expect(store.commit(work, unique('projection'), 1)).rejects.toThrow(/collection name/);
      });

      it('rejects filter values that are not scalars', async () => {
        const items = store.collection(unique('items'));
        await items.put({ id: 'a', title: 'x' });
        const operator = { $ne: null } as unknown as string;
        await expect(items.find({ where: { title: operator } })).rejects.toThrow(/Invalid filter on title/);
      });
    });

    describe('find and count', () => {
      // Put in an order that is neither id nor sort order, so neither can pass by accident.
      const catalogue: Doc[] = [
        { id: 'p4', category: 'textiles', price: 500, featured: false, note: 'silk', rank: 1 },
        { id: 'p1', category: 'textiles', price: 500, featured: true, note: null, rank: 2 },
        { id: 'p7', category: 'jewellery', price: 1, featured: true, note: null, rank: 1 },
        { id: 'p2', category: 'pottery', price: 250, featured: false, note: 'handmade', rank: 1 },
        { id: 'p6', category: 'textiles', price: 250, featured: true, note: 'cotton', rank: 2 },
        { id: 'p3', category: 'textiles', price: 250, featured: false, note: null, rank: 1 },
        { id: 'p5', category: 'pottery', price: 1200, featured: true, rank: 3 },
      ];
      let plain: Collection;
      let indexed: Collection;

      beforeAll(async () => {
        plain = store.collection(unique('catalogue'));
        indexed = store.collection({
          name: unique('catalogue'),
          indexes: [['category'], ['featured', 'price'], ['category', 'price', 'id'], ['note']],
        });
        for (const doc of catalogue) {
          await plain.put(doc);
          await indexed.put(doc);
        }
      });

      const cases: Array<[what: string, query: FindQuery, expected: string[]]> = [
        ['without a query returns everything in ascending id order', {}, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']],
        ['filters on a string', { where: { category: 'textiles' } }, ['p1', 'p3', 'p4', 'p6']],
        ['filters on a number', { where: { price: 250 } }, ['p2', 'p3', 'p6']],
        ['filters on true', { where: { featured: true } }, ['p1', 'p5', 'p6', 'p7']],
        ['filters on false', { where: { featured: false } }, ['p2', 'p3', 'p4']],
        ['filters on null, which a missing field matches too', { where: { note: null } }, ['p1', 'p3', 'p5', 'p7']],
        ['filters on several fields at once', { where: { category: 'textiles', featured: true } }, ['p1', 'p6']],
        ['filters on the id', { where: { id: 'p3' } }, ['p3']],
        ['filters on a value nobody has', { where: { category: 'toys' } }, []],
        [
          'sorts descending, ties in ascending id order',
          { sort: [['rank', 'desc']] },
          ['p5', 'p1', 'p6', 'p2', 'p3', 'p4', 'p7'],
        ],
        [
          'sorts on two fields, desc then asc',
          {
            sort: [
              ['featured', 'desc'],
              ['price', 'asc'],
            ],
          },
          ['p7', 'p6', 'p1', 'p5', 'p2', 'p3', 'p4'],
        ],
        [
          'sorts on two fields, asc then desc',
          {
            sort: [
              ['category', 'asc'],
              ['price', 'desc'],
            ],
          },
          ['p7', 'p5', 'p2', 'p1', 'p4', 'p3', 'p6'],
        ],
        [
          'sorts nulls and missing fields first',
          { sort: [['note', 'asc']] },
          ['p1', 'p3', 'p5', 'p7', 'p6', 'p2', 'p4'],
        ],
        ['sorts on the id, descending', { sort: [['id', 'desc']] }, ['p7', 'p6', 'p5', 'p4', 'p3', 'p2', 'p1']],
        [
          'filters, sorts and limits',
          { where: { category: 'textiles' }, sort: [['price', 'desc']], limit: 3 },
          ['p1', 'p4', 'p3'],
        ],
        [
          'pages with skip and limit',
          {
            sort: [
              ['featured', 'desc'],
              ['price', 'asc'],
            ],
            skip: 2,
            limit: 3,
          },
          ['p1', 'p5', 'p2'],
        ],
        [
          'skips without a limit',
          {
            sort: [
              ['featured', 'desc'],
              ['price', 'asc'],
            ],
            skip: 5,
          },
          ['p3', 'p4'],
        ],
        ['limits to 0', { limit: 0 }, []],
        ['skips past the end', { skip: 10, limit: 5 }, []],
      ];

      it.each(cases)('find %s', async (_what, query, expected) => {
        expect(ids(await plain.find(query))).toEqual(expected);
      });

      it('returns the same results whether or not indexes are declared', async () => {
        for (const [, query] of cases) expect(await indexed.find(query)).toEqual(await plain.find(query));
      });

      it('returns whole documents', async () => {
        expect(await plain.find({ where: { id: 'p5' } })).toEqual([catalogue[6]]);
      });

      it('keeps booleans, numbers and strings apart', async () => {
        const values = store.collection(unique('values'));
        const kinds: Array<[string, unknown]> = [
          ['t', true],
          ['one', 1],
          ['text', '1'],
          ['f', false],
          ['zero', 0],
        ];
        for (const [id, v] of kinds) await values.put({ id, v });
        expect(ids(await values.find({ where: { v: true } }))).toEqual(['t']);
        expect(ids(await values.find({ where: { v: 1 } }))).toEqual(['one']);
        expect(ids(await values.find({ where: { v: '1' } }))).toEqual(['text']);
        expect(ids(await values.find({ where: { v: false } }))).toEqual(['f']);
        expect(ids(await values.find({ where: { v: 0 } }))).toEqual(['zero']);
      });

      it('counts with and without a filter', async () => {
        for (const collection of [plain, indexed]) {
          expect(await collection.count()).toBe(7);
          expect(await collection.count({ category: 'textiles' })).toBe(4);
          expect(await collection.count({ category: 'textiles', price: 250 })).toBe(2);
          expect(await collection.count({ note: null })).toBe(4);
          expect(await collection.count({ category: 'toys' })).toBe(0);
        }
      });
    });

    describe('unit of work and checkpoint', () => {
      it('reads its own puts, patches and deletes while the store sees none of them', async () => {
        const name = unique('items');
        const items = store.collection(name);
        await items.put({ id: 'a', n: 1 });
        await items.put({ id: 'b', n: 1 });
        const work = store.unitOfWork();

        work.put(name, { id: 'c', n: 1 });
        expect(await work.get(name, 'c')).toEqual({ id: 'c', n: 1 });
        expect(await work.patch(name, 'a', { n: 2 })).toEqual({ id: 'a', n: 2 });
        expect(await work.get(name, 'a')).toEqual({ id: 'a', n: 2 });
        work.delete(name, 'b');
        expect(await work.get(name, 'b')).toBeNull();
        expect(await work.patch(name, 'b', { n: 3 })).toBeNull();
        expect(await work.patch(name, 'missing', { n: 3 })).toBeNull();

        expect(await items.get('a')).toEqual({ id: 'a', n: 1 });
        expect(await items.get('b')).toEqual({ id: 'b', n: 1 });
        expect(await items.get('c')).toBeNull();
      });

      it('lists the last write per document, in the order of those writes', async () => {
        const name = unique('items');
        const other = unique('items');
        const work = store.unitOfWork();
        expect(work.changes()).toEqual([]);
        work.put(name, { id: 'x', n: 1 });
        work.put(name, { id: 'y', n: 1 });
        work.put(other, { id: 'x', n: 9 });
        await work.patch(name, 'x', { n: 2 });
        work.delete(name, 'y');
        const changes = work.changes();
        expect(changes.filter((change) => change.collection === name)).toEqual([
          { collection: name, id: 'x', doc: { id: 'x', n: 2 } },
          { collection: name, id: 'y', doc: null },
        ]);
        expect(changes).toContainEqual({ collection: other, id: 'x', doc: { id: 'x', n: 9 } });
        expect(changes).toHaveLength(3);
      });

      it('checkpoint is 0 before the first commit', async () => {
        expect(await store.checkpoint(unique('projection'))).toBe(0);
      });

      it('commit stores the writes of every collection and the checkpoint', async () => {
        const [products, sellers, projection] = [unique('products'), unique('sellers'), unique('projection')];
        await store.collection(products).put({ id: 'gone', n: 0 });
        await store.collection(products).put({ id: 'kept', n: 0 });
        const work = store.unitOfWork();
        work.put(products, { id: 'new', n: 1 });
        await work.patch(products, 'kept', { n: 1 });
        work.delete(products, 'gone');
        work.put(sellers, { id: 's1', products: ['new', 'kept'] });

        await store.commit(work, projection, 7);

        expect(await store.collection(products).find()).toEqual([
          { id: 'kept', n: 1 },
          { id: 'new', n: 1 },
        ]);
        expect(await store.collection(sellers).get('s1')).toEqual({ id: 's1', products: ['new', 'kept'] });
        expect(await store.checkpoint(projection)).toBe(7);

        const next = store.unitOfWork();
        next.put(products, { id: 'later', n: 2 });
        await store.commit(next, projection, 12);
        expect(await store.checkpoint(projection)).toBe(12);
      });

      it("commitMany stores several projections' writes and checkpoints", async () => {
        const [products, orders, catalog, sales] = [
          unique('products'),
          unique('orders'),
          unique('projection'),
          unique('projection'),
        ];
        const first = store.unitOfWork();
        first.put(products, { id: 'p1', n: 1 });
        const second = store.unitOfWork();
        second.put(orders, { id: 'o1', total: 5 });
        await store.commitMany([
          { work: first, projection: catalog, position: 8 },
          { work: second, projection: sales, position: 6 },
        ]);
        expect(await store.collection(products).get('p1')).toEqual({ id: 'p1', n: 1 });
        expect(await store.collection(orders).get('o1')).toEqual({ id: 'o1', total: 5 });
        expect([await store.checkpoint(catalog), await store.checkpoint(sales)]).toEqual([8, 6]);
      });

      it('commit with no writes still moves the checkpoint', async () => {
        const projection = unique('projection');
        await store.commit(store.unitOfWork(), projection, 3);
        expect(await store.checkpoint(projection)).toBe(3);
      });

      it('committing the same batch again (replay after a crash) gives the same documents', async () => {
        const [name, projection] = [unique('items'), unique('projection')];
        const items = store.collection(name);
        await items.put({ id: 'a', n: 1 });
        await items.put({ id: 'b', n: 1 });
        const work = store.unitOfWork();
        await work.patch(name, 'a', { n: 2 });
        work.delete(name, 'b');
        work.put(name, { id: 'c', n: 1 });

        await store.commit(work, projection, 5);
        const once = await items.find();
        await store.commit(work, projection, 5);

        expect(await items.find()).toEqual(once);
        expect(once).toEqual([
          { id: 'a', n: 2 },
          { id: 'c', n: 1 },
        ]);
        expect(await store.checkpoint(projection)).toBe(5);
      });

      it('reset empties the named collections and forgets the checkpoint, nothing else', async () => {
        const [a, b, untouched] = [unique('items'), unique('items'), unique('items')];
        const [projection, otherProjection] = [unique('projection'), unique('projection')];
        const work = store.unitOfWork();
        work.put(a, { id: '1' });
        work.put(b, { id: '1' });
        work.put(untouched, { id: '1' });
        await store.commit(work, projection, 4);
        await store.commit(store.unitOfWork(), otherProjection, 9);

        await store.reset(projection, [a, b]);

        expect(await store.collection(a).count()).toBe(0);
        expect(await store.collection(b).get('1')).toBeNull();
        expect(await store.collection(untouched).count()).toBe(1);
        expect(await store.checkpoint(projection)).toBe(0);
        expect(await store.checkpoint(otherProjection)).toBe(9);

        const rebuild = store.unitOfWork();
        rebuild.put(a, { id: '2' });
        await store.commit(rebuild, projection, 1);
        expect(ids(await store.collection(a).find())).toEqual(['2']);
        expect(await store.checkpoint(projection)).toBe(1);
      });

      it('a failed commit changes neither documents nor checkpoint', async () => {
        const [name, projection] = [unique('items'), unique('projection')];
        const first = store.unitOfWork();
        first.put(name, { id: 'a', n: 1 });
        await store.commit(first, projection, 1);

        // No store can serialize a circular document; it comes last, after writes that would succeed.
        const poison: Doc = { id: 'poison' };
        poison.self = poison;
        const failing = store.unitOfWork();
        failing.put(name, { id: 'a', n: 2 });
        failing.put(name, { id: 'b', n: 1 });
        failing.put(name, poison);
        await expect(store.commit(failing, projection, 2)).rejects.toThrow(/circular/i);

        expect(await store.collection(name).find()).toEqual([{ id: 'a', n: 1 }]);
        expect(await store.checkpoint(projection)).toBe(1);
      });
    });

    describe('crash replay', () => {
      const events = new SqliteEventStore(':memory:');
      let last = 0;
      let clean: Record<string, Doc[]>;
      const seen = new Set<Crash>();
      beforeAll(async () => {
        last = await generateLog(events, 600);
        const prefix = `${unique('clean')}_`;
        const projections = countingProjections(prefix);
        const runner = new ProjectionRunner({ events, read: store, bus: new MemoryBus(), projections });
        for (const { name } of projections) await runner.catchUp(name);
        clean = await documents(projections, prefix);
      });
      afterAll(() => events.close());

      it('the generated log counts something in every stream', () => {
        expect(Object.keys(clean)).toEqual(['stream_counts', 'tallies']);
        expect(clean.stream_counts).toHaveLength(12);
        expect(clean.stream_counts!.reduce((sum, doc) => sum + (doc.events as number), 0)).toBe(600);
      });

      /**
       * Runners of random batch sizes follow the log through a store that fails a third of the
       * commits; after each failure a fresh runner resumes from the checkpoints. The documents must
       * equal the clean rebuild: a batch counted twice or lost changes the tallies and checksums.
       */
      it.each([1, 2, 3, 4, 5])(
        'replaying through random crash points and batch sizes gives a clean rebuild (seed %i)',
        async (seed) => {
          const random = seededRandom(seed);
          const prefix = `${unique('crash')}_`;
          const projections = countingProjections(prefix);
          const caughtUp = async () => {
            for (const { name } of projections) if ((await store.checkpoint(name)) < last) return false;
            return true;
          };
          const crashes: Crash[] = [];
          let runners = 0;
          while (!(await caughtUp())) {
            runners++;
            let crashed = false;
            const read = crashing(store, random, (crash) => {
              crashed = true;
              crashes.push(crash);
            });
            const batchSize = 1 + Math.floor(random() * 40);
            const runner = new ProjectionRunner({
              events,
              read,
              bus: new MemoryBus(),
              projections,
              batchSize,
              onError: () => {},
            });
            await runner.start();
            while (!crashed && !(await caughtUp())) await new Promise((resolve) => setTimeout(resolve, 2));
            await runner.stop(); // a crashed runner is only ever stopped, never retried: the next one is fresh
          }
          for (const crash of crashes) seen.add(crash);
          expect(crashes.length).toBeGreaterThan(2);
          expect(runners).toBeGreaterThanOrEqual(crashes.length); // the last crash may come after the last write
          expect(await documents(projections, prefix)).toEqual(clean);
          for (const { name } of projections) expect(await store.checkpoint(name)).toBe(last);
        },
        60_000,
      );

      it('crashed before, during and after writing across the seeds', () => {
        expect([...seen].sort()).toEqual(['after', 'before', 'during']);
      });
    });
  });
}
