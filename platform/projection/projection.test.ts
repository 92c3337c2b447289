import { describe, expect, it, vi } from 'vitest';
import type { Doc, DocChange, ReadStore } from '../readstore/port.ts';
import {
  type ChangeNotice,
  type DocNotice,
  NOTICE_DOCUMENTS_LIMIT,
  NoticeDocuments,
  carriesDocuments,
  changeNotice,
  withDocuments,
} from './projection.ts';

const doc = (id: string, bytes = 10): Doc => ({ id, text: 'x'.repeat(bytes) });
const put = (collection: string, written: Doc): DocChange => ({ collection, id: written.id, doc: written });
const gone = (collection: string, id: string): DocChange => ({ collection, id, doc: null });

/** Documents by collection and id, read with `getMany` only once `open()` was called (each read counted). */
function heldStore(docs: Record<string, Doc[]>) {
  let open: () => void = () => {};
  let gate = new Promise<void>((resolve) => (open = resolve));
  const reads: string[][] = [];
  const read = {
    collection: (name: string) => ({
      getMany: async (ids: string[]) => {
        reads.push([name, ...ids]);
        await gate;
        if (name === 'broken') throw new Error('store down');
        return ids.flatMap((id) => docs[name]?.find((d) => d.id === id) ?? []);
      },
    }),
  } as unknown as Pick<ReadStore, 'collection'>;
  return { read, reads, open: () => open(), hold: () => void (gate = new Promise((resolve) => (open = resolve))) };
}

describe('changeNotice', () => {
  it('carries the documents of a batch while their JSON stays within the limit (64 KiB)', () => {
    expect(NOTICE_DOCUMENTS_LIMIT).toBe(65_536);
    const changes = [put('items', doc('a')), gone('items', 'b'), put('others', doc('c'))];
    const notice = changeNotice('p', 7, changes);
    expect(notice).toEqual({ projection: 'p', position: 7, changes });
    expect(carriesDocuments(notice)).toBe(true);
    // `{"id":"a","text":"xxxxxxxxxx"}` is 30 bytes: two of them fit in 60, not in 59.
    expect(carriesDocuments(changeNotice('p', 7, [put('items', doc('a')), put('items', doc('b'))], 60))).toBe(true);
    expect(carriesDocuments(changeNotice('p', 7, [put('items', doc('a')), put('items', doc('b'))], 59))).toBe(false);
  });

  it('past the limit, carries the ids of the documents written and keeps the deletions', () => {
    const changes = [put('items', doc('a', 40_000)), gone('items', 'b'), put('others', doc('c', 30_000))];
    const notice = changeNotice('p', 7, changes);
    expect(notice.changes).toStrictEqual([
      { collection: 'items', id: 'a' },
      gone('items', 'b'),
      { collection: 'others', id: 'c' },
    ]);
    expect(carriesDocuments(notice)).toBe(false);
    expect(JSON.stringify(notice).length).toBeLessThan(200);
    // Through JSON (the bus), an absent document stays absent and a deletion stays null.
    expect(JSON.parse(JSON.stringify(notice))).toStrictEqual(notice);
  });
});

describe('withDocuments', () => {
  it('reads the documents a notice left out, one read per collection, and tells one gone since as deleted', async () => {
    const store = heldStore({ items: [doc('a'), doc('c')], others: [doc('x')] });
    store.open();
    const notice: ChangeNotice = {
      projection: 'p',
      position: 7,
      changes: [
        { collection: 'items', id: 'a' },
        gone('items', 'b'),
        { collection: 'others', id: 'x' },
        { collection: 'items', id: 'd' },
      ],
    };
    expect(await withDocuments(notice, store.read)).toEqual({
      projection: 'p',
      position: 7,
      changes: [put('items', doc('a')), gone('items', 'b'), put('others', doc('x')), gone('items', 'd')],
    });
    expect(store.reads).toEqual([
      ['items', 'a', 'd'],
      ['others', 'x'],
    ]);
  });
});

describe('NoticeDocuments', () => {
  const small = (position: number, id = `s-${position}`): ChangeNotice => ({
    projection: 'p',
    position,
    changes: [put('items', doc(id))],
  });
  const ids = (position: number, id: string): ChangeNotice => ({
    projection: 'p',
    position,
    changes: [{ collection: 'items', id }],
  });

  function follow(store: ReturnType<typeof heldStore>) {
    const handed: DocNotice[] = [];
    const failed = vi.fn();
    const notices = new NoticeDocuments(store.read, (notice) => void handed.push(notice), failed);
    const positions = () => handed.map((notice) => notice.position);
    return { notices, handed, failed, positions };
  }

  it('hands a notice with its documents on at once, and one with ids after reading them, those behind it in order', async () => {
    const store = heldStore({ items: [doc('big')] });
    const { notices, handed, positions } = follow(store);
    notices.take(small(1));
    expect(positions()).toEqual([1]);
    expect(notices.waitingFrom).toBe(Number.POSITIVE_INFINITY);
    notices.take(ids(2, 'big'));
    notices.take(small(3));
    expect(positions()).toEqual([1]);
    expect(notices.waitingFrom).toBe(2);
    const settled = notices.settled();
    store.open();
    expect(await settled).toBe(true);
    expect(positions()).toEqual([1, 2, 3]);
    expect(handed[1]!.changes).toEqual([put('items', doc('big'))]);
    notices.take(small(4));
    expect(positions()).toEqual([1, 2, 3, 4]);
  });

  it('settles on the notices taken before the call, not on those taken after', async () => {
    const store = heldStore({ items: [doc('a'), doc('b')] });
    const { notices, positions } = follow(store);
    expect(await notices.settled()).toBe(true);
    notices.take(ids(1, 'a'));
    const first = notices.settled();
    store.open();
    store.hold();
    notices.take(ids(2, 'b'));
    expect(await first).toBe(true);
    expect(positions()).toEqual([1]);
    store.open();
    expect(await notices.settled()).toBe(true);
    expect(positions()).toEqual([1, 2]);
  });

  it('stops and tells when a read fails: the consumer has missed a notice', async () => {
    const store = heldStore({});
    const { notices, failed, positions } = follow(store);
    notices.take({ projection: 'p', position: 1, changes: [{ collection: 'broken', id: 'a' }] });
    notices.take(small(2));
    const settled = notices.settled();
    store.open();
    expect(await settled).toBe(false);
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ message: 'store down' }));
    notices.take(small(3));
    expect(positions()).toEqual([]);
    expect(await notices.settled()).toBe(false);
  });
});
