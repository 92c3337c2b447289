import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../platform/eventstore/port.ts';
import { AT } from '../../domain/testing.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { projectionStores } from '../projection.fixtures.ts';
import { compareReadStores, replay } from '../rebuild.ts';
import { STREAM_CATEGORIES, streamBrowser } from './projection.ts';
import { MAX_LINKS, chainOf, correlationOf, streamCategories } from './queries.ts';

const stores = projectionStores(streamBrowser);

/** An event with the given id, correlation and cause. */
const event = (id: string, correlationId: string, causationId: string | null = null): NewEvent => ({
  id,
  type: `Happened${id.toUpperCase()}`,
  data: {},
  metadata: { actor: null, correlationId, causationId, time: AT },
});

/**
 * A purchase placed (p), its seller notified (n) and mailed (m, caused by n), the stock
 * reserved (s) by the placement; a delivery (d) later in the same correlation, and an unrelated
 * product change (x).
 */
async function purchase(): Promise<void> {
  const { events } = stores;
  await events.append('order-1', [event('p', 'order-1')], 'no_stream');
  await events.append('product-9', [event('s', 'order-1', 'p')], 'no_stream');
  await events.append('notification-1', [event('n', 'order-1', 'p'), event('m', 'order-1', 'n')], 'no_stream');
  await events.append('product-9', [event('x', 'other')], 0);
  await events.append('order-1', [event('d', 'order-1')], 0);
}

describe('the stream browser', () => {
  it('lists each correlation’s events in log order with their causes, and each category’s streams', async () => {
    await purchase();
    await stores.runner(2).catchUp(streamBrowser.name);
    const order = await correlationOf(stores.events, 'order-1');
    expect(order.events).toBe(5);
    expect(order!.links.map(({ id, stream, revision, causationId }) => [id, stream, revision, causationId])).toEqual([
      ['p', 'order-1', 0, null],
      ['s', 'product-9', 0, 'p'],
      ['n', 'notification-1', 0, 'p'],
      ['m', 'notification-1', 1, 'n'],
      ['d', 'order-1', 1, null],
    ]);
    expect(order!.links[0]).toMatchObject({ position: 1, type: 'HappenedP', time: AT });
    expect((await correlationOf(stores.events, 'other')).links.map((link) => link.id)).toEqual(['x']);
    // Equal counts keep id order.
    expect(await streamCategories(stores.read)).toEqual([
      { id: 'notification', streams: 1, events: 2, lastEventAt: AT },
      { id: 'order', streams: 1, events: 2, lastEventAt: AT },
      { id: 'product', streams: 1, events: 2, lastEventAt: AT },
    ]);
  });

  it('lists a long correlation’s first MAX_LINKS events and counts them all', async () => {
    const many = Array.from({ length: MAX_LINKS + 3 }, (_, i) => event(`e${i}`, 'import-1'));
    await stores.events.append('catalog-import-1', many, 'no_stream');
    const correlation = await correlationOf(stores.events, 'import-1');
    expect(correlation.events).toBe(MAX_LINKS + 3);
    expect(correlation.links).toHaveLength(MAX_LINKS);
    expect(correlation.links.at(-1)!.id).toBe(`e${MAX_LINKS - 1}`);
  });

  it('rebuilds from zero into the documents the live run made', async () => {
    await purchase();
    await stores.runner(1).catchUp(streamBrowser.name);
    const rebuilt = new SqliteReadStore(':memory:');
    try {
      await replay(stores.events, rebuilt, [{ projection: streamBrowser, toPosition: 6 }], { batchSize: 4 });
      expect(await compareReadStores(stores.read, rebuilt, [STREAM_CATEGORIES])).toEqual([]);
      expect(await rebuilt.collection(STREAM_CATEGORIES).count()).toBe(3);
    } finally {
      await rebuilt.close();
    }
  });
});

describe('an event’s chain', () => {
  const doc = async () => {
    await purchase();
    return correlationOf(stores.events, 'order-1');
  };
  const ids = (links: Array<{ id: string }>) => links.map((link) => link.id);
  type Tree = Array<{ event: { id: string }; caused: Tree }>;
  const shape = (nodes: Tree): unknown[] => nodes.map(({ event, caused }) => [event.id, shape(caused)]);

  it('from the placement: nothing caused it, and it caused the reservation and the notification, which caused the mail', async () => {
    const order = await doc();
    const chain = chainOf(order.links[0]!, 'order-1', order);
    expect(chain).toMatchObject({
      correlationId: 'order-1',
      events: 5,
      truncated: false,
      causes: [],
      causeOutside: null,
    });
    expect(shape(chain.caused)).toEqual([
      ['s', []],
      ['n', [['m', []]]],
    ]);
    expect(ids(chain.timeline)).toEqual(['p', 's', 'n', 'm', 'd']);
  });

  it('from the mail: its causes back to the placement, first cause first', async () => {
    const order = await doc();
    const mail = order.links.find((link) => link.id === 'm')!;
    const chain = chainOf(mail, 'order-1', order);
    expect(ids(chain.causes)).toEqual(['p', 'n']);
    expect(chain.caused).toEqual([]);
  });

  it('names a cause the correlation does not list, and tells a truncated one', async () => {
    const order = await doc();
    const stray = { ...order.links[4]!, causationId: 'elsewhere' };
    const chain = chainOf(stray, 'order-1', { ...order, events: 900 });
    expect(chain).toMatchObject({ causes: [], causeOutside: 'elsewhere', truncated: true });
  });

  it('is the event alone while the store lists none of its correlation (KurrentDB’s projection behind the log)', () => {
    const link = { id: 'q', position: 7, stream: 's-1', revision: 0, type: 'T', time: 't', causationId: null };
    expect(chainOf(link, 'c', { events: 0, links: [] })).toEqual({
      correlationId: 'c',
      events: 1,
      truncated: false,
      causes: [],
      causeOutside: null,
      caused: [],
      timeline: [link],
    });
  });
});
