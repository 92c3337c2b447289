import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MemoryBus } from '../../platform/bus/memory.ts';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.ts';
import { CHANGES_CHANNEL, type ChangeNotice, type Projection } from '../../platform/projection/projection.ts';
import { ProjectionRunner } from '../../platform/projection/runner.ts';
import type { Doc, DocChange, ReadStore } from '../../platform/readstore/port.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { catalog, PRODUCTS, CATEGORIES } from '../../projections/catalog/projection.ts';
import type { ProductDoc } from '../../projections/catalog/documents.ts';
import type { SellerOrderDoc } from '../../projections/orders/documents.ts';
import { ORDERS, SELLER_ORDERS } from '../../projections/orders/projection.ts';
import { productDoc } from '../../projections/catalog/documents.fixtures.ts';
import { catalogIndex } from '../reads/catalog-index.ts';
import { productFilter } from '../../domain/catalog/product-query.ts';
import { ProjectionProgress } from '../reads/consistency.ts';
import { type LiveBatch, type LiveGroup, LiveFeed, type LiveFeedOptions, liveFeed } from './feed.ts';
import { type LiveEvent, type LiveMessage, LiveMessages, Wire } from './messages.ts';
import { ADMINS } from '../../projections/live.ts';
import { USERS } from '../../projections/users/projection.ts';
import type { NotificationDoc } from '../../projections/notifications/documents.ts';
import { NOTIFICATIONS } from '../../projections/notifications/projection.ts';
import { REVIEWS } from '../../projections/reviews/projection.ts';
import { captureLog } from '../../platform/log.fixtures.ts';

const product = (id: string, fields: Partial<ProductDoc> = {}): ProductDoc =>
  productDoc(id, { name: 'Brass Diya', ratingCount: 1, ratingSum: 4, rating: 4, ...fields });

const sellerOrder = (status: SellerOrderDoc['status']) =>
  ({ id: 'o-1-1', orderId: 'o-1', sellerId: 'seller-1', buyerId: 'buyer-1', status }) as unknown as SellerOrderDoc;
const notification = (read: boolean) => ({ id: 'n-1', sellerId: 'seller-1', read }) as unknown as NotificationDoc;
const change = (collection: string, doc: Doc | null, id = doc?.id ?? 'p-1'): DocChange => ({ collection, id, doc });
const products = (doc: ProductDoc | null, id?: string) => change(PRODUCTS, doc, id);

describe('LiveMessages', () => {
  const translate = (messages: LiveMessages, ...changes: DocChange[]) =>
    messages.of(changes).map(({ event, data, audience }) => ({ event, data: JSON.parse(data), audience }));
  /** What everyone is sent: a seller's own copy of each change of their products has its own test. */
  const publicOf = (messages: LiveMessages, ...changes: DocChange[]) =>
    translate(messages, ...changes).filter(({ audience }) => audience === null);

  it('announces a product when it becomes visible, while it stays so, and when it stops', () => {
    const messages = new LiveMessages(new Set());
    expect(publicOf(messages, products(product('p-1', { visible: false, verification: 'pending' })))).toEqual([]);
    const [added] = publicOf(messages, products(product('p-1')));
    expect(added).toMatchObject({
      event: 'product.added',
      audience: null,
      data: { id: 'p-1', name: 'Brass Diya', rating: 4 },
    });
    expect(added!.data).not.toHaveProperty('ratingSum');
    expect(added!.data).not.toHaveProperty('rejectionReason');
    expect(publicOf(messages, products(product('p-1', { stockQuantity: 4 })))).toMatchObject([
      { event: 'product.changed', data: { stockQuantity: 4 } },
    ]);
    expect(publicOf(messages, products(product('p-1', { delisted: true, visible: false })))).toEqual([
      { event: 'product.removed', data: { id: 'p-1' }, audience: null },
    ]);
    expect(publicOf(messages, products(product('p-1', { delisted: true, visible: false })))).toEqual([]);
  });

  it('sends its seller every change of their product whole, on sale or not, after what everyone gets', () => {
    const messages = new LiveMessages(new Set());
    const rejected = product('p-1', {
      visible: false,
      verification: 'rejected',
      rejectionReason: 'Blurred photos',
      displayStatus: 'Rejected',
    });
    expect(translate(messages, products(rejected))).toEqual([
      { event: 'seller-product.changed', audience: rejected.sellerId, data: rejected },
      { event: 'admin.product.changed', audience: ADMINS, data: { id: 'p-1', queued: false } },
    ]);
    expect(translate(messages, products(product('p-1'))).map(({ event, audience }) => [event, audience])).toEqual([
      ['product.added', null],
      ['seller-product.changed', rejected.sellerId],
      ['admin.product.changed', ADMINS],
    ]);
    expect(translate(messages, products(null, 'p-1')).map(({ event }) => event)).toEqual([
      'product.removed',
      'admin.product.changed',
    ]);
  });

  it("tells the admins a product's id, and whether it waits in one of their queues, nothing more", () => {
    const messages = new LiveMessages(new Set());
    const adminsOf = (...changes: DocChange[]) =>
      translate(messages, ...changes)
        .filter(({ audience }) => audience === ADMINS)
        .map(({ event, data }) => [event, data]);
    expect(
      adminsOf(
        products(product('p-1', { visible: false, verification: 'pending' })),
        products(product('p-2', { hasPendingRevision: true })),
        products(product('p-3', { visible: false, verification: 'pending', delisted: true })),
        products(product('p-4')),
        products(null, 'p-5'),
      ),
    ).toEqual([
      ['admin.product.changed', { id: 'p-1', queued: true }],
      ['admin.product.changed', { id: 'p-2', queued: true }],
      ['admin.product.changed', { id: 'p-3', queued: false }],
      ['admin.product.changed', { id: 'p-4', queued: false }],
      ['admin.product.changed', { id: 'p-5', queued: false }],
    ]);
  });

  it('removes a visible product that was deleted, and ignores the deletion of another', () => {
    const messages = new LiveMessages(new Set(['p-1']));
    expect(publicOf(messages, products(null, 'p-1'), products(null, 'p-2'))).toEqual([
      { event: 'product.removed', data: { id: 'p-1' }, audience: null },
    ]);
  });

  it('sends a purchase to its buyer and its id to the admins, a seller order and a notification to their seller', () => {
    const messages = new LiveMessages(new Set());
    const order = { id: 'o-1', buyerId: 'buyer-1', sellerIds: ['seller-1'] };
    expect(
      translate(
        messages,
        change(ORDERS, order),
        change(SELLER_ORDERS, sellerOrder('pending')),
        change(SELLER_ORDERS, sellerOrder('shipped')),
        change(NOTIFICATIONS, notification(false)),
        change(NOTIFICATIONS, notification(true)),
      ).map(({ event, audience, data }) => [event, audience, data.id]),
    ).toEqual([
      ['order.changed', 'buyer-1', 'o-1'],
      ['admin.order.changed', ADMINS, 'o-1'],
      ['seller-order.changed', 'seller-1', 'o-1-1'],
      ['seller-order.changed', 'seller-1', 'o-1-1'],
      ['notification.added', 'seller-1', 'n-1'],
      ['notification.read', 'seller-1', 'n-1'],
    ]);
  });

  it('never sends a seller order to the buyer or to another seller', () => {
    const messages = new LiveMessages(new Set());
    const audiences = messages.of([change(SELLER_ORDERS, sellerOrder('delivered'))]).map((m) => m.audience);
    expect(audiences).toEqual(['seller-1']);
  });

  it('says nothing of other collections', () => {
    const messages = new LiveMessages(new Set());
    const others = [REVIEWS, CATEGORIES, USERS, 'review_eligibility', 'review_orders', 'orders_legacy_orders'];
    expect(messages.of(others.map((collection) => change(collection, { id: 'x', buyerId: 'buyer-1' })))).toEqual([]);
  });
});

describe('Wire', () => {
  const message = (event: LiveEvent, id: string, audience: string | null = null): LiveMessage => ({
    event,
    data: JSON.stringify({ id }),
    audience,
  });
  const text = (bytes: Buffer | undefined) => bytes?.toString('utf8') ?? '';

  it('makes the SSE bytes of a position once per audience, the id on the last message each one gets', () => {
    const wire = Wire.of(57, [
      message('product.changed', 'p-1'),
      message('order.changed', 'o-1', 'buyer-1'),
      message('seller-order.changed', 'o-1-1', 'seller-1'),
    ]);
    const product = 'event: product.changed\ndata: {"id":"p-1"}\n';
    expect(text(wire.for(null))).toBe(`${product}id: 57\n\n`);
    expect(text(wire.for('buyer-1'))).toBe(`${product}\nevent: order.changed\ndata: {"id":"o-1"}\nid: 57\n\n`);
    expect(text(wire.for('seller-1'))).toBe(
      `${product}\nevent: seller-order.changed\ndata: {"id":"o-1-1"}\nid: 57\n\n`,
    );
    // Everyone without a private message shares one buffer.
    expect(wire.for('someone')).toBe(wire.for(null));
  });

  it('has nothing for those a position holds nothing for', () => {
    const wire = Wire.of(57, [message('order.changed', 'o-1', 'buyer-1')]);
    expect(wire.for(null)).toBeUndefined();
    expect(wire.for('someone')).toBeUndefined();
    expect(text(wire.for('buyer-1'))).toBe('event: order.changed\ndata: {"id":"o-1"}\nid: 57\n\n');
  });

  it('joins positions audience by audience, their bytes one after the other', () => {
    const wires = [
      Wire.of(10, [message('product.added', 'p-1')]),
      Wire.of(11, [message('order.changed', 'o-1', 'buyer-1')]),
      Wire.of(12, [message('product.removed', 'p-1')]),
    ];
    const joined = Wire.join(wires);
    expect(text(joined.for(null))).toBe(text(wires[0]!.for(null)) + text(wires[2]!.for(null)));
    expect(text(joined.for('buyer-1'))).toBe(
      text(wires[0]!.for(null)) + text(wires[1]!.for('buyer-1')) + text(wires[2]!.for(null)),
    );
    expect(joined.for('someone')).toBe(joined.for(null));
  });

  it("sends the admins' messages to admins only, sharing one buffer among those without a message of their own", () => {
    const wire = Wire.of(57, [
      message('product.changed', 'p-1'),
      message('admin.product.changed', 'p-1', ADMINS),
      message('order.changed', 'o-1', 'buyer-1'),
    ]);
    const product = 'event: product.changed\ndata: {"id":"p-1"}\n';
    const admins = 'event: admin.product.changed\ndata: {"id":"p-1"}\n';
    for (const [user, roles] of [
      [null, undefined],
      ['someone', ['buyer', 'seller']],
    ] as const)
      expect(text(wire.for(user, roles))).toBe(`${product}id: 57\n\n`);
    expect(text(wire.for('buyer-1', ['buyer']))).not.toContain('admin.');
    expect(text(wire.for('admin-1', ['admin']))).toBe(`${product}\n${admins}id: 57\n\n`);
    expect(wire.for('admin-2', ['buyer', 'admin'])).toBe(wire.for('admin-1', ['admin']));
    // An admin with a message of their own gets both.
    expect(text(wire.for('buyer-1', ['buyer', 'admin']))).toBe(
      `${product}\n${admins}\nevent: order.changed\ndata: {"id":"o-1"}\nid: 57\n\n`,
    );
    const joined = Wire.join([wire, Wire.of(58, [message('admin.order.changed', 'o-1', ADMINS)])]);
    expect(text(joined.for('admin-1', ['admin']))).toBe(
      `${text(wire.for('admin-1', ['admin']))}event: admin.order.changed\ndata: {"id":"o-1"}\nid: 58\n\n`,
    );
    expect(text(joined.for('someone', ['seller']))).toBe(`${product}id: 57\n\n`);
    expect(text(joined.for('buyer-1', ['buyer', 'admin']))).toBe(
      `${text(wire.for('buyer-1', ['buyer', 'admin']))}event: admin.order.changed\ndata: {"id":"o-1"}\nid: 58\n\n`,
    );
  });

  it('leaves out the private messages of a role the user no longer holds, and shares the bytes otherwise', () => {
    const user = 'u-1';
    const wire = Wire.of(57, [
      message('order.changed', 'o-1', user),
      message('product.changed', 'p-1'),
      message('seller-order.changed', 'o-2-1', user),
    ]);
    const product = 'event: product.changed\ndata: {"id":"p-1"}\n';
    expect(wire.for(user, ['buyer', 'seller'])).toBe(wire.for(user));
    expect(text(wire.for(user, ['seller']))).toBe(
      `${product}\nevent: seller-order.changed\ndata: {"id":"o-2-1"}\nid: 57\n\n`,
    );
    expect(text(wire.for(user, ['buyer']))).toBe(`event: order.changed\ndata: {"id":"o-1"}\n\n${product}id: 57\n\n`);
    expect(text(wire.for(user, []))).toBe(`${product}id: 57\n\n`);
    expect(wire.for('someone', [])).toBe(wire.for(null));
    // Joined positions too, each keeping its own id.
    const joined = Wire.join([wire, Wire.of(58, [message('order.changed', 'o-1', user)])]);
    expect(text(joined.for(user, ['seller']))).toBe(text(wire.for(user, ['seller'])));
    expect(text(joined.for(user, ['buyer']))).toBe(
      `${text(wire.for(user, ['buyer']))}event: order.changed\ndata: {"id":"o-1"}\nid: 58\n\n`,
    );
    expect(Wire.of(59, [message('order.changed', 'o-1', user)]).for(user, ['seller'])).toBeUndefined();
  });
});

/** Projection progress the test moves by hand. */
class TestProgress {
  position = 0;
  private waiters: Array<{ position: number; resolve: (reached: boolean) => void }> = [];

  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push({ position, resolve: (reached) => (clearTimeout(timer), resolve(reached)) });
    });
  }

  reach(position: number): void {
    this.position = position;
    for (const waiter of this.waiters.filter((w) => w.position <= position)) waiter.resolve(true);
    this.waiters = this.waiters.filter((w) => w.position > position);
  }
}

/** The sellers' and the admins' copies of a change. */
const isCopy = (event: string) => event === 'seller-product.changed' || event.startsWith('admin.');

function openFeed(options: LiveFeedOptions & { since?: number; loadedAt?: number; visible?: string[] } = {}) {
  const progress = new TestProgress();
  const { since = 0, loadedAt = 0, visible = [], ...feedOptions } = options;
  const feed = new LiveFeed(
    progress,
    { since, loadedAt, visible: new Set(visible) },
    { orderWaitMs: 10_000, batchMsPerConnection: 0, ...feedOptions },
  );
  const received: LiveGroup[] = [];
  const subscriber = { deliver: (batch: LiveBatch) => void received.push(...batch.groups), close: vi.fn() };
  const joined = feed.join(undefined, subscriber);
  // The sellers' and the admins' copies of the changes (LiveMessages' test) would only repeat them here.
  const summary = () =>
    received.flatMap(({ position, messages }) => {
      const events = messages.map((m) => m.event).filter((event) => !isCopy(event));
      return events.length > 0 ? [[position, ...events]] : [];
    });
  return { feed, progress, received, subscriber, joined, summary };
}

const notice = (projection: string, position: number, ...changes: DocChange[]): ChangeNotice => ({
  projection,
  position,
  changes,
});
const orderAt = (position: number) =>
  notice('orders', position, change(ORDERS, { id: `o-${position}`, buyerId: 'buyer-1' }));
const productAt = (position: number, id = `p-${position}`) => notice('catalog', position, products(product(id)));
/** A notice of a large batch: the products it wrote by id, without their documents. */
const productIdsAt = (position: number, ...ids: string[]): ChangeNotice => ({
  projection: 'catalog',
  position,
  changes: ids.map((id) => ({ collection: PRODUCTS, id })),
});
/** Past the deliveries due: the timers, then the turn of the event loop they go out in. */
const settle = () => new Promise((resolve) => setTimeout(() => setImmediate(resolve), 0));

describe('LiveFeed', () => {
  it('sends in log order what arrives interleaved, once every projection has passed it', async () => {
    const { feed, progress, summary } = openFeed();
    feed.take(productAt(60));
    feed.take(orderAt(57));
    progress.reach(59);
    await settle();
    expect(summary()).toEqual([[57, 'order.changed']]);
    progress.reach(60);
    await settle();
    expect(summary()).toEqual([
      [57, 'order.changed'],
      [60, 'product.added'],
    ]);
  });

  it('sends the notices of one position as one group', async () => {
    const { feed, progress, summary } = openFeed();
    feed.take(orderAt(57));
    feed.take(notice('notifications', 57, change(NOTIFICATIONS, notification(false))));
    feed.take(notice('reviews', 57, change(REVIEWS, { id: 'r-1' })));
    progress.reach(57);
    await settle();
    expect(summary()).toEqual([[57, 'order.changed', 'notification.added']]);
  });

  it('sends without waiting further when a projection is stuck', async () => {
    const { feed, summary } = openFeed({ orderWaitMs: 20 });
    feed.take(orderAt(57));
    feed.take(productAt(58));
    await vi.waitFor(() =>
      expect(summary()).toEqual([
        [57, 'order.changed'],
        [58, 'product.added'],
      ]),
    );
  });

  it('sends nothing of before its start, yet keeps the product visibility current', async () => {
    const { feed, progress, summary } = openFeed({ since: 100, loadedAt: 90, visible: ['p-1'] });
    feed.take(notice('catalog', 85, products(null, 'p-1')));
    feed.take(productAt(95, 'p-2'));
    feed.take(orderAt(99));
    feed.take(productAt(101, 'p-2'));
    feed.take(productAt(102, 'p-1'));
    progress.reach(102);
    await settle();
    expect(summary()).toEqual([
      [101, 'product.changed'],
      [102, 'product.changed'],
    ]);
  });

  it('gives a reconnecting client what it missed after its id', async () => {
    const { feed, progress } = openFeed({ since: 5 });
    for (const position of [10, 20, 30]) feed.take(productAt(position));
    progress.reach(30);
    await settle();
    const missed = (lastEventId?: string) => {
      const { missed, head } = feed.join(lastEventId, { deliver: () => {}, close: () => {} });
      return { missed: missed === 'reset' ? missed : missed.map((group) => group.position), head };
    };
    expect(missed()).toEqual({ missed: [], head: 30 });
    expect(missed('5')).toEqual({ missed: [10, 20, 30], head: 30 });
    expect(missed('20')).toEqual({ missed: [30], head: 30 });
    expect(missed('30')).toEqual({ missed: [], head: 30 });
    expect(missed('4')).toEqual({ missed: 'reset', head: 30 });
    expect(missed('abc')).toEqual({ missed: 'reset', head: 30 });
  });

  it('asks for a reset when the buffer has dropped what the client missed', async () => {
    // Two positions' messages: a product change goes to everyone, whole to its seller, and its id to the admins.
    const { feed, progress } = openFeed({ capacity: 6 });
    for (const position of [10, 20, 30]) feed.take(productAt(position));
    progress.reach(30);
    await settle();
    const join = (lastEventId: string) => feed.join(lastEventId, { deliver: () => {}, close: () => {} }).missed;
    expect(join('9')).toBe('reset');
    expect(join('10')).toMatchObject([{ position: 20 }, { position: 30 }]);
  });

  it('sends a change alone at once, and what is released soon after it as one batch', async () => {
    const { feed, progress } = openFeed({ batchMsPerConnection: 100, maxBatchMs: 200 });
    const batches: LiveBatch[] = [];
    feed.join(undefined, { deliver: (batch) => void batches.push(batch), close: () => {} });
    const positions = () => batches.map((batch) => batch.groups.map((group) => group.position));
    feed.take(productAt(10));
    progress.reach(10);
    await settle();
    expect(positions()).toEqual([[10]]);
    feed.take(productAt(11));
    feed.take(orderAt(12));
    progress.reach(11);
    await settle();
    progress.reach(12);
    await settle();
    expect(positions()).toEqual([[10]]);
    await vi.waitFor(() => expect(positions()).toEqual([[10], [11, 12]]));
    const [, batch] = batches;
    // Its bytes: those of the groups, for each audience (the order is for its buyer only).
    const [product, order] = batch!.groups;
    expect(batch!.wire.for(null)).toEqual(product!.wire.for(null));
    expect(batch!.wire.for('buyer-1')).toEqual(Buffer.concat([product!.wire.for(null)!, order!.wire.for('buyer-1')!]));
  });

  it('spaces deliveries by what they cost, a wait per connection, up to maxBatchMs', async () => {
    const { feed, progress } = openFeed({ batchMsPerConnection: 60, maxBatchMs: 150 });
    const times: number[] = [];
    feed.join(undefined, { deliver: () => void times.push(performance.now()), close: () => {} });
    const delivered = async (position: number) => {
      feed.take(productAt(position));
      progress.reach(position);
      await vi.waitFor(() => expect(times).toHaveLength(position - 9));
      return times.at(-1)! - (times.at(-2) ?? 0);
    };
    await delivered(10);
    // Two connections: 120 ms.
    expect(await delivered(11)).toBeGreaterThanOrEqual(115);
    for (let i = 0; i < 8; i++) feed.join(undefined, { deliver: () => {}, close: () => {} });
    // Ten: 600 ms, but no more than 150 (the bound leaves a loaded machine its delays).
    const gap = await delivered(12);
    expect(gap).toBeGreaterThanOrEqual(145);
    expect(gap).toBeLessThan(450);
  });

  it('sends the batch waiting when a client joins, which gets it as missed, once', async () => {
    const { feed, progress, summary } = openFeed({ batchMsPerConnection: 200 });
    feed.take(productAt(10));
    progress.reach(10);
    await settle();
    feed.take(productAt(11));
    progress.reach(11);
    await settle();
    expect(summary()).toEqual([[10, 'product.added']]);
    const received: LiveGroup[] = [];
    const joined = feed.join('10', { deliver: ({ groups }) => void received.push(...groups), close: () => {} });
    expect(joined).toMatchObject({ missed: [{ position: 11 }], head: 11 });
    expect(summary()).toEqual([
      [10, 'product.added'],
      [11, 'product.added'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(received).toEqual([]);
  });

  it('translates a notice that carries only ids once their documents are read, and holds what comes after, in log order', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const stored = [product('p-1'), product('p-2', { visible: false })];
    const getMany = async (ids: string[]) =>
      [ids.flatMap((id) => stored.find((doc) => doc.id === id) ?? []), await held][0];
    const read = { collection: () => ({ getMany }) } as unknown as Pick<ReadStore, 'collection'>;
    const { feed, progress, summary } = openFeed({ read, visible: ['p-2', 'p-9'] });
    feed.take(productAt(60));
    feed.take({
      ...productIdsAt(57, 'p-1', 'p-2'),
      changes: [...productIdsAt(57, 'p-1', 'p-2').changes, products(null, 'p-9')],
    });
    feed.take(orderAt(58));
    progress.reach(60);
    await settle();
    // 60 waits for the notice of 57 being read, 58 for its turn behind it.
    expect(summary()).toEqual([]);
    release();
    await vi.waitFor(() =>
      expect(summary()).toEqual([
        [57, 'product.added', 'product.removed', 'product.removed'],
        [58, 'order.changed'],
        [60, 'product.added'],
      ]),
    );
  });

  it('tells it is lost when the documents of a notice cannot be read', async () => {
    const quiet = captureLog('error');
    const read = { collection: () => ({ getMany: () => Promise.reject(new Error('down')) }) } as unknown as Pick<
      ReadStore,
      'collection'
    >;
    const lost = vi.fn();
    const { feed } = openFeed({ read, lost });
    feed.take(productIdsAt(57, 'p-1'));
    await vi.waitFor(() => expect(lost).toHaveBeenCalledOnce());
    quiet.restore();
  });

  it('stops delivering to a client that left, and ends the others when it closes', async () => {
    const { feed, progress, received, subscriber, joined } = openFeed();
    const other = { deliver: vi.fn(), close: vi.fn() };
    feed.join(undefined, other);
    joined.leave();
    feed.take(productAt(10));
    progress.reach(10);
    await settle();
    expect(received).toEqual([]);
    expect(other.deliver).toHaveBeenCalledOnce();
    feed.close();
    expect(other.close).toHaveBeenCalledOnce();
    expect(subscriber.close).not.toHaveBeenCalled();
  });
});

describe('the catalog index and the live feed, from the runner', () => {
  /** A projection storing the document of each `Put` event on a stream starting with `prefix`, and deleting it on `Deleted`. */
  const mirror = (name: string, collection: string, prefix: string): Projection => ({
    name,
    collections: [{ name: collection }],
    eventTypes: new Set(['Put', 'Deleted']),
    async apply(event, work) {
      if (!event.stream.startsWith(prefix)) return;
      if (event.type === 'Deleted') work.delete(collection, event.stream);
      else work.put(collection, event.data as Doc);
    },
  });
  const put = (doc: Doc): [string, string, Doc] => [doc.id, 'Put', doc];
  const order = (status: string) => put({ id: 'o-1', buyerId: 'buyer-1', status });
  // Each step ends with a visible product, so a group at its last position goes out. The last
  // one is a batch above 64 KiB of JSON.
  const STEPS: Array<Array<[stream: string, type: string, data: Doc]>> = [
    [order('placed'), put(product('p-1')), put(product('p-2'))],
    [put(product('p-1', { visible: false, delisted: true })), ['p-2', 'Deleted', { id: 'p-2' }], put(product('p-3'))],
    [put(product('p-3', { description: 'x'.repeat(70_000) })), order('shipped'), put(product('p-4'))],
  ];

  /** Runs the steps through the runner, the bus, the catalog index and the live feed; what they end with, and the notices. */
  async function run(noticeDocumentsLimit?: number) {
    const dir = mkdtempSync(join(tmpdir(), 'mibi-live-'));
    const events = new SqliteEventStore(join(dir, 'events.db'));
    const read = new SqliteReadStore(join(dir, 'read.db'));
    const bus = new MemoryBus();
    const projections = [mirror(catalog.name, PRODUCTS, 'p-'), mirror('orders', ORDERS, 'o-')];
    const runner = new ProjectionRunner({ events, read, bus, projections, noticeDocumentsLimit });
    const notices: ChangeNotice[] = [];
    await bus.subscribe<ChangeNotice>(CHANGES_CHANNEL, (notice) => void notices.push(notice));
    const progress = new ProjectionProgress(
      bus,
      read,
      projections.map((p) => p.name),
    );
    await progress.start();
    const index = catalogIndex({ bus, read });
    const feed = liveFeed({ bus, read, events }, progress);
    const received: LiveGroup[] = [];
    (await feed.get()).join(undefined, { deliver: (batch) => void received.push(...batch.groups), close: () => {} });
    try {
      for (const step of STEPS) {
        for (const [stream, type, data] of step) await events.append(stream, [{ type, data }], 'any');
        for (const { name } of projections) await runner.catchUp(name);
        const last = await events.lastPosition();
        await vi.waitFor(() => expect(received.at(-1)?.position).toBe(last));
      }
      const items = JSON.parse(
        new TextDecoder().decode(
          (await index.get()).listBody({ ...productFilter({}), sort: null, limit: 24, offset: 0 }).bytes,
        ),
      ).items as ProductDoc[];
      const messages = received.map(({ position, messages }) => [
        position,
        ...messages.map(({ event, data }) => `${event} ${JSON.parse(data).id}:${data.length}`),
      ]);
      return { items, messages, notices };
    } finally {
      await feed.close();
      await index.close();
      await progress.stop();
      await bus.close();
      await read.close();
      await events.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** What each notice carried: the documents written, their ids, or no document (no change, or deletions only). */
  const carried = (notices: ChangeNotice[]) =>
    notices.map(({ projection, position, changes }) => {
      const written = changes.filter((change) => change.doc !== null);
      return [
        projection,
        position,
        written.length === 0 ? 'none' : written.every((change) => change.doc) ? 'documents' : 'ids',
      ];
    });

  it('end with the same documents and messages whether a notice carries the documents or their ids', async () => {
    const inline = await run();
    // Only the batch above 64 KiB went out with ids.
    expect(carried(inline.notices)).toEqual([
      ['catalog', 3, 'documents'],
      ['orders', 3, 'documents'],
      ['catalog', 6, 'documents'],
      ['orders', 6, 'none'],
      ['catalog', 9, 'ids'],
      ['orders', 9, 'documents'],
    ]);
    expect(inline.items.map((item) => [item.id, item.description.length])).toEqual([
      ['p-3', 70_000],
      ['p-4', product('p-4').description.length],
    ]);
    expect(inline.messages.map((group) => group.map((entry) => String(entry).split(':')[0]))).toEqual([
      [
        '3',
        'product.added p-1',
        'seller-product.changed p-1',
        'admin.product.changed p-1',
        'product.added p-2',
        'seller-product.changed p-2',
        'admin.product.changed p-2',
        'order.changed o-1',
        'admin.order.changed o-1',
      ],
      [
        '6',
        'product.removed p-1',
        'seller-product.changed p-1',
        'admin.product.changed p-1',
        'product.removed p-2',
        'admin.product.changed p-2',
        'product.added p-3',
        'seller-product.changed p-3',
        'admin.product.changed p-3',
      ],
      [
        '9',
        'product.changed p-3',
        'seller-product.changed p-3',
        'admin.product.changed p-3',
        'product.added p-4',
        'seller-product.changed p-4',
        'admin.product.changed p-4',
        'order.changed o-1',
        'admin.order.changed o-1',
      ],
    ]);

    const ids = await run(0);
    expect(carried(ids.notices).map(([, , what]) => what)).toEqual(['ids', 'ids', 'ids', 'none', 'ids', 'ids']);
    expect(ids.items).toEqual(inline.items);
    expect(ids.messages).toEqual(inline.messages);
  });
});
