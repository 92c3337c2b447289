import { describe, expect, it } from 'vitest';
import type { Doc } from '../platform/readstore/port.ts';
import { BufferedUnitOfWork } from '../platform/readstore/unit-of-work.ts';
import { ReplayWork } from './replay-work.ts';

/** A read store's unit of work over `stored`, counting the reads that reach it. */
function countingStore(stored: Map<string, Doc>) {
  const reads: string[] = [];
  const store = new BufferedUnitOfWork(async (collection, id) => {
    reads.push(`${collection}/${id}`);
    return stored.get(`${collection}/${id}`) ?? null;
  });
  return { store, reads };
}

/** Commits what the work wrote into `stored`, as a replay's commit does, then lets go of its older half. */
function commitAndEvict(work: ReplayWork, stored: Map<string, Doc>): void {
  for (const piece of work.drain(100))
    for (const { collection, id, doc } of piece) {
      if (doc) stored.set(`${collection}/${id}`, doc);
      else stored.delete(`${collection}/${id}`);
    }
  work.evictHalf();
}

describe('a replay’s documents', () => {
  it('reads back from the store a document it wrote and let go of', async () => {
    const stored = new Map<string, Doc>();
    const { store, reads } = countingStore(stored);
    const work = new ReplayWork(null);
    work.put('orders', { id: 'o1', total: 100 });
    work.put('orders', { id: 'o2', total: 200 });
    commitAndEvict(work, stored);
    work.readFrom(store);

    expect(await work.get('orders', 'o1')).toEqual({ id: 'o1', total: 100 });
    expect(await work.get('orders', 'o2')).toEqual({ id: 'o2', total: 200 });
    expect(reads).toEqual(['orders/o1']);
  });

  it('answers a document it never wrote as absent without asking the store', async () => {
    const stored = new Map<string, Doc>();
    const { store, reads } = countingStore(stored);
    const work = new ReplayWork(null);
    work.put('orders', { id: 'o1', total: 100 });
    commitAndEvict(work, stored);
    work.readFrom(store);

    for (let i = 0; i < 1000; i++) expect(await work.get('orders', `new-${i}`)).toBeNull();
    // The same id in another collection was never written there either.
    expect(await work.get('sellers', 'o1')).toBeNull();
    expect(reads).toEqual([]);
  });

  it('finds a document deleted after a commit absent, asking the store once the deletion is let go of', async () => {
    const stored = new Map<string, Doc>();
    const { store, reads } = countingStore(stored);
    const work = new ReplayWork(null);
    work.put('orders', { id: 'o1', total: 100 });
    commitAndEvict(work, stored);
    work.readFrom(store);
    work.delete('orders', 'o1');
    expect(await work.get('orders', 'o1')).toBeNull();
    work.put('orders', { id: 'o2', total: 1 });
    commitAndEvict(work, stored);

    expect(await work.get('orders', 'o1')).toBeNull();
    expect(reads).toEqual(['orders/o1']);
  });
});
