import { describe, expect, it } from 'vitest';
import type { Doc, DocChange } from '../platform/readstore/port.ts';
import { BufferedUnitOfWork } from '../platform/readstore/unit-of-work.ts';
import { ReplayWork, UseClock, olderHalf } from './replay-work.ts';

/** A read store's unit of work over `stored`, counting the reads that reach it. */
function countingStore(stored: Map<string, Doc>) {
  const reads: string[] = [];
  const store = new BufferedUnitOfWork(async (collection, id) => {
    reads.push(`${collection}/${id}`);
    return stored.get(`${collection}/${id}`) ?? null;
  });
  return { store, reads };
}

/** Stores the changes into `stored`, as a replay's commit does. */
function commit(changes: DocChange[], stored: Map<string, Doc>): void {
  for (const { collection, id, doc } of changes) {
    if (doc) stored.set(`${collection}/${id}`, doc);
    else stored.delete(`${collection}/${id}`);
  }
}

describe('a replay’s documents', () => {
  it('writes a document when it lets go of it, and reads it back from the store', async () => {
    const stored = new Map<string, Doc>();
    const { store, reads } = countingStore(stored);
    const work = new ReplayWork(store);
    work.put('orders', { id: 'o1', total: 100 });
    work.put('orders', { id: 'o2', total: 200 });
    const evicted = work.evict(olderHalf([work]));
    expect(evicted).toEqual([{ collection: 'orders', id: 'o1', doc: { id: 'o1', total: 100 } }]);
    commit(evicted, stored);

    expect(await work.get('orders', 'o1')).toEqual({ id: 'o1', total: 100 });
    expect(await work.get('orders', 'o2')).toEqual({ id: 'o2', total: 200 });
    expect(reads).toEqual(['orders/o1']);
  });

  it('lets go of the least recently used documents, and writes none it has handed over already', async () => {
    const stored = new Map<string, Doc>();
    const { store } = countingStore(stored);
    const work = new ReplayWork(store);
    work.put('orders', { id: 'o1', total: 100 });
    work.put('orders', { id: 'o2', total: 200 });
    work.put('orders', { id: 'o3', total: 300 });
    work.put('orders', { id: 'o4', total: 400 });
    commit([...work.drain(100)].flat(), stored);
    expect(await work.get('orders', 'o1')).toEqual({ id: 'o1', total: 100 });
    work.put('orders', { id: 'o2', total: 250 });

    // o3 and o4 were used least lately, then o1, all stored as they are.
    expect(work.evict(olderHalf([work]))).toEqual([]);
    expect(work.size).toBe(2);
    expect(work.evict(olderHalf([work]))).toEqual([]);
    expect(work.evict(olderHalf([work]))).toEqual([{ collection: 'orders', id: 'o2', doc: { id: 'o2', total: 250 } }]);
  });

  it('keeps a document in use whatever its projection and collection, letting go of the least recently used of all', async () => {
    const stored = new Map<string, Doc>();
    const { store, reads } = countingStore(stored);
    // Two projections replayed together, on one clock: one writes orders, the other a seller's balance per order.
    const clock = new UseClock();
    const orders = new ReplayWork(store, clock);
    const ledger = new ReplayWork(store, clock);
    let written = 0;
    for (let i = 0; i < 100; i++) {
      orders.put('orders', { id: `o${i}`, total: i });
      const balance = await ledger.get<Doc & { total: number }>('balances', 's1');
      ledger.put('balances', { id: 's1', total: (balance?.total ?? 0) + i });
      if (orders.size + ledger.size > 10) {
        const threshold = olderHalf([orders, ledger]);
        const evicted = [...orders.evict(threshold), ...ledger.evict(threshold)];
        written += evicted.length;
        expect(evicted.map((change) => change.collection)).not.toContain('balances');
        commit(evicted, stored);
      }
    }
    expect(await ledger.get('balances', 's1')).toEqual({ id: 's1', total: 4950 });
    expect(reads).toEqual([]);
    expect(written + orders.size + ledger.size).toBe(101);
  });

  it('answers a document it never let go of as absent without asking the store', async () => {
    const stored = new Map<string, Doc>();
    const { store, reads } = countingStore(stored);
    const work = new ReplayWork(store);
    work.put('orders', { id: 'o1', total: 100 });
    commit(work.evict(olderHalf([work])), stored);

    for (let i = 0; i < 1000; i++) expect(await work.get('orders', `new-${i}`)).toBeNull();
    // The same id in another collection was never written there either.
    expect(await work.get('sellers', 'o1')).toBeNull();
    expect(reads).toEqual([]);
  });

  it('finds a document deleted after it was stored absent, asking the store once the deletion is let go of', async () => {
    const stored = new Map<string, Doc>();
    const { store, reads } = countingStore(stored);
    const work = new ReplayWork(store);
    work.put('orders', { id: 'o1', total: 100 });
    commit(work.evict(olderHalf([work])), stored);
    work.delete('orders', 'o1');
    expect(await work.get('orders', 'o1')).toBeNull();
    work.put('orders', { id: 'o2', total: 1 });
    commit(work.evict(olderHalf([work])), stored);

    expect(stored.has('orders/o1')).toBe(false);
    expect(await work.get('orders', 'o1')).toBeNull();
    expect(reads).toEqual(['orders/o1']);
  });
});
