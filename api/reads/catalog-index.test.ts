import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryBus } from '../../platform/bus/memory.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { productDoc } from '../../projections/catalog/documents.fixtures.ts';
import type { ProductDoc } from '../../projections/catalog/documents.ts';
import { CHANGES_CHANNEL, type ChangeNotice } from '../../platform/projection/projection.ts';
import { type CatalogIndex, type ProductQuery, RESYNC_CHECK_MS, catalogIndex } from './catalog-index.ts';
import type { Reopenable } from './reopenable.ts';
import { productFilter } from '../../domain/catalog/product-query.ts';
import type { Prepared } from '../http/prepared.ts';
import type { CategoryDoc } from '../../projections/categories/documents.ts';
import { CATEGORIES, PRODUCTS } from '../../projections/catalog/projection.ts';
import { captureLog } from '../../platform/log.fixtures.ts';

let dir: string;
let read: SqliteReadStore;
let bus: MemoryBus;
let index: Reopenable<CatalogIndex>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mibi-index-'));
  read = new SqliteReadStore(join(dir, 'read.db'));
  bus = new MemoryBus();
  index = catalogIndex({ read, bus });
});

afterEach(async () => {
  await index.close();
  await bus.close();
  await read.close();
  rmSync(dir, { recursive: true, force: true });
});

const product = productDoc;

/** Commits documents with the catalog's checkpoint, as the projection runner does. */
async function commit(position: number, ...docs: ProductDoc[]): Promise<void> {
  const work = read.unitOfWork();
  for (const doc of docs) work.put(PRODUCTS, doc);
  await read.commit(work, 'catalog', position);
}

const notice = (position: number, ...docs: ProductDoc[]): ChangeNotice => ({
  projection: 'catalog',
  position,
  changes: docs.map((doc) => ({ collection: PRODUCTS, id: doc.id, doc })),
});

const deletion = (position: number, id: string): ChangeNotice => ({
  projection: 'catalog',
  position,
  changes: [{ collection: PRODUCTS, id, doc: null }],
});

/** A notice of a large batch: the ids of the products written, without their documents. */
const ids = (position: number, ...written: string[]): ChangeNotice => ({
  projection: 'catalog',
  position,
  changes: written.map((id) => ({ collection: PRODUCTS, id })),
});

const decoder = new TextDecoder();
/** The JSON text of a body the index answers with. */
const text = (body: Prepared): string => decoder.decode(body.bytes);

const ALL: ProductQuery = { ...productFilter({}), sort: null, limit: 24, offset: 0 };

async function listed(query: Partial<ProductQuery> = {}): Promise<{ items: ProductDoc[]; total: number }> {
  return JSON.parse(text((await index.get()).listBody({ ...ALL, ...query })));
}

const names = async (query: Partial<ProductQuery> = {}) => (await listed(query)).items.map((item) => item.name);

describe('catalogIndex', () => {
  it('loads the visible products of the read store, public fields only', async () => {
    await commit(3, product('a', { rejectionReason: null }), product('b', { visible: false, verification: 'pending' }));
    const { items, total } = await listed();
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ id: 'a', name: 'Product a' });
    expect(items[0]).not.toHaveProperty('ratingSum');
    expect(items[0]).not.toHaveProperty('rejectionReason');
    const loaded = await index.get();
    expect(JSON.parse(text(loaded.productBody('a')!))).toEqual(items[0]);
    expect(loaded.productBody('b')).toBeUndefined();
  });

  it('applies change notices within the bus delivery, visible products in and the others out, each a generation', async () => {
    await commit(1, product('a'));
    const loaded = await index.get();
    const { generation } = loaded;
    expect(await names()).toEqual(['Product a']);
    await bus.publish(CHANGES_CHANNEL, notice(2, product('b'), product('a', { visible: false })));
    expect(await names()).toEqual(['Product b']);
    await bus.publish(CHANGES_CHANNEL, deletion(3, 'b'));
    expect(text(loaded.listBody(ALL))).toBe('{"items":[],"total":0}');
    expect(loaded.generation).toBe(generation + 2); // one a batch taken
    // Other projections' notices and collections are not the catalog's.
    await bus.publish(CHANGES_CHANNEL, { ...notice(4, product('c')), projection: 'orders' });
    expect(loaded.generation).toBe(generation + 2);
    await bus.publish(CHANGES_CHANNEL, {
      projection: 'catalog',
      position: 5,
      changes: [{ collection: 'categories', id: 'c', doc: product('c') }],
    });
    expect(await names()).toEqual([]);
  });

  it('reads the documents of a notice that carries only ids, in order with the notices behind it; a query after it sees them', async () => {
    await commit(1, product('a'), product('c'));
    const loaded = await index.get();
    // The read of the ids answers what was committed when it was asked, but only once released.
    const products = read.collection(PRODUCTS);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const getMany = async (list: string[]) => [await products.getMany(list), await held][0];
    vi.spyOn(read, 'collection').mockReturnValueOnce({ getMany } as never);
    await commit(2, product('b', { name: 'Read' }), product('a', { visible: false }));
    await bus.publish(CHANGES_CHANNEL, {
      ...ids(2, 'b', 'a'),
      changes: [...ids(2, 'b', 'a').changes, { collection: PRODUCTS, id: 'c', doc: null }],
    });
    // The next batch commits and its notice, carrying its document, arrives while the ids are read.
    await commit(3, product('b', { name: 'Carried' }));
    await bus.publish(CHANGES_CHANNEL, notice(3, product('b', { name: 'Carried' })));
    expect(JSON.parse(text(loaded.listBody(ALL))).total).toBe(2); // neither applied yet: the second waits behind the first
    const answered = names();
    release();
    expect(await answered).toEqual(['Carried']);
    expect(await index.get()).toBe(loaded);
    vi.restoreAllMocks();
  });

  it('loads afresh when the documents of a notice cannot be read', async () => {
    await commit(1, product('a'));
    const loaded = await index.get();
    const logged = captureLog('error');
    vi.spyOn(read, 'collection').mockReturnValueOnce({ getMany: () => Promise.reject(new Error('down')) } as never);
    await commit(2, product('b'));
    await bus.publish(CHANGES_CHANNEL, ids(2, 'b'));
    const reloaded = await index.get();
    expect(reloaded).not.toBe(loaded);
    expect(await names()).toEqual(['Product a', 'Product b']);
    logged.restore();
    expect(logged.lines).toEqual([
      expect.objectContaining({ name: 'catalog', err: expect.objectContaining({ message: 'down' }) }),
    ]);
    vi.restoreAllMocks();
  });

  it('keeps the batches that commit while it loads, and skips those the load already holds', async () => {
    await commit(5, product('a', { name: 'Loaded' }));
    const checkpoint = read.checkpoint.bind(read);
    read.checkpoint = async (name: string) => {
      // While the index reads the checkpoint: an old notice arrives late, and a new batch commits.
      await bus.publish(CHANGES_CHANNEL, notice(4, product('a', { name: 'Stale' })));
      await bus.publish(CHANGES_CHANNEL, notice(6, product('b', { name: 'New' })));
      return checkpoint(name);
    };
    expect((await names()).sort()).toEqual(['Loaded', 'New']);
  });

  it('is loaded once, and a failed load is tried again', async () => {
    const first = await index.get();
    expect(await index.get()).toBe(first);
    const stores = {
      read: { ...read, checkpoint: () => Promise.reject(new Error('down')) } as unknown as SqliteReadStore,
      bus,
    };
    const failing = catalogIndex(stores);
    await expect(failing.get()).rejects.toThrow('down');
    stores.read = read;
    await expect(failing.get()).resolves.not.toBe(first);
    await failing.close();
  });

  it('stops following the notices once closed', async () => {
    await commit(1, product('a'));
    const closed = await index.get();
    await index.close();
    await bus.publish(CHANGES_CHANNEL, notice(2, product('b')));
    expect(JSON.parse(text(closed.listBody(ALL))).total).toBe(1);
    const reopened = await index.get();
    expect(reopened).not.toBe(closed);
    await index.close();
    await index.close();
  });

  it('loads afresh when a change notice was lost (the bus delivers at most once)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await commit(1, product('a'));
      expect((await listed()).total).toBe(1);
      await commit(2, product('b')); // committed, but its notice never arrives
      await vi.advanceTimersByTimeAsync(RESYNC_CHECK_MS);
      expect((await listed()).total).toBe(1); // one check: it may still be on its way
      await vi.advanceTimersByTimeAsync(RESYNC_CHECK_MS);
      expect((await listed()).total).toBe(2);

      await bus.publish(CHANGES_CHANNEL, notice(3, product('c')));
      await commit(3, product('c'));
      await vi.advanceTimersByTimeAsync(3 * RESYNC_CHECK_MS);
      expect((await listed()).total).toBe(3);
    } finally {
      await index.close();
      vi.useRealTimers();
    }
  });

  it('holds the categories by name, their body made once per change of any of them', async () => {
    const category = (id: string, name: string, productCount = 0): CategoryDoc => ({
      id,
      name,
      description: `All ${name}`,
      returnable: true,
      productCount,
    });
    const work = read.unitOfWork();
    for (const doc of [category('textiles', 'Textiles', 2), category('ayurveda', 'Ayurveda')])
      work.put(CATEGORIES, doc);
    await read.commit(work, 'catalog', 1);
    const loaded = await index.get();
    const body = loaded.categoriesBody();
    expect(loaded.categoriesBody()).toBe(body);
    expect(JSON.parse(Buffer.from(body.bytes).toString())).toEqual({
      items: [category('ayurveda', 'Ayurveda'), category('textiles', 'Textiles', 2)],
    });
    await bus.publish(CHANGES_CHANNEL, {
      projection: 'catalog',
      position: 2,
      changes: [
        { collection: CATEGORIES, id: 'ayurveda', doc: category('ayurveda', 'Ayurveda', 1) },
        { collection: CATEGORIES, id: 'jewelry', doc: category('jewelry', 'Jewelry') },
      ],
    });
    const changed = (await index.get()).categoriesBody();
    expect(changed.identity.etag).not.toBe(body.identity.etag);
    expect(
      JSON.parse(Buffer.from(changed.bytes).toString()).items.map((c: CategoryDoc) => [c.id, c.productCount]),
    ).toEqual([
      ['ayurveda', 1],
      ['jewelry', 0],
      ['textiles', 2],
    ]);
  });

  it('is current, for the reads that do not wait, only once loaded and while no notice waits for its documents', async () => {
    await commit(1, product('a'));
    expect(index.current()).toBeUndefined();
    const loaded = await index.get();
    expect(index.current()).toBe(loaded);
    const products = read.collection(PRODUCTS);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const getMany = async (list: string[]) => [await products.getMany(list), await held][0];
    vi.spyOn(read, 'collection').mockReturnValueOnce({ getMany } as never);
    await commit(2, product('b'));
    await bus.publish(CHANGES_CHANNEL, ids(2, 'b'));
    expect(index.current()).toBeUndefined();
    release();
    expect(await index.get()).toBe(loaded);
    expect(index.current()).toBe(loaded);
    await index.close();
    expect(index.current()).toBeUndefined();
    vi.restoreAllMocks();
  });

  it('filters, searches, sorts and pages, with fresh answers after a change', async () => {
    await commit(
      1,
      product('a', {
        name: 'Silk Saree',
        pricePaise: 500_000,
        listedAt: '2024-05-01T00:00:00.000Z',
        tags: ['Banarasi'],
      }),
      product('b', {
        name: 'Pepper',
        categoryId: 'spices',
        pricePaise: 40_000,
        listedAt: '2024-05-02T00:00:00.000Z',
        unitsSold: 9,
      }),
      product('c', {
        name: 'Cotton Stole',
        pricePaise: 90_000,
        listedAt: '2024-05-03T00:00:00.000Z',
        rating: 4.5,
        ratingCount: 2,
      }),
    );
    expect(await names()).toEqual(['Cotton Stole', 'Pepper', 'Silk Saree']);
    expect(await names({ sort: 'price-low' })).toEqual(['Pepper', 'Cotton Stole', 'Silk Saree']);
    expect(await names({ sort: 'popularity' })).toEqual(['Pepper', 'Cotton Stole', 'Silk Saree']);
    expect(await names({ sort: 'rating' })).toEqual(['Cotton Stole', 'Pepper', 'Silk Saree']);
    expect(await names({ category: 'textiles', q: 'banarasi' })).toEqual(['Silk Saree']);
    expect(await listed({ sort: 'price-high', limit: 1, offset: 1 })).toMatchObject({
      items: [{ name: 'Cotton Stole' }],
      total: 3,
    });
    await bus.publish(
      CHANGES_CHANNEL,
      notice(2, product('a', { name: 'Silk Saree', featured: true, pricePaise: 10_000 })),
    );
    expect(await names()).toEqual(['Silk Saree', 'Cotton Stole', 'Pepper']);
    expect(await names({ sort: 'price-low' })).toEqual(['Silk Saree', 'Pepper', 'Cotton Stole']);
  });
});
