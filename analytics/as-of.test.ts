import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listProduct } from '../api/routes/catalog.fixtures.ts';
import { type TestApi, startTestApi } from '../api/testing/harness.ts';
import type { ReadStore } from '../platform/readstore/port.ts';
import { catalog } from '../projections/catalog/projection.ts';
import { ORDERS, orders } from '../projections/orders/projection.ts';
import { collectionsOf } from '../projections/rebuild.ts';
import { marketplace } from '../scripts/cli/marketplace.fixtures.ts';
import { parseAsOf, readModelsAsOf } from './as-of.ts';

describe('parseAsOf', () => {
  it('reads a whole number as a position and an ISO date or time as a time', () => {
    expect(parseAsOf('12345')).toEqual({ position: 12345 });
    expect(parseAsOf('0')).toEqual({ position: 0 });
    expect(parseAsOf('2026-10-01')).toEqual({ time: '2026-10-01T00:00:00.000Z' });
    expect(parseAsOf('2026-10-01T18:30:00+05:30')).toEqual({ time: '2026-10-01T13:00:00.000Z' });
  });

  it('answers null for anything else', () => {
    for (const text of ['', 'soon', '-3', '1.5', '2026-02-30', '2026-10-01T25:00Z', '1e3'])
      expect(parseAsOf(text), text).toBeNull();
  });
});

/** Every document of the collections, by collection, in id order. */
async function documents(read: ReadStore, collections: string[]) {
  const out: Record<string, unknown[]> = {};
  for (const collection of collections)
    out[collection] = await read.collection(collection).find({ sort: [['id', 'asc']] });
  return out;
}

describe('readModelsAsOf', () => {
  let api: TestApi;
  let position: number;
  let then: Record<string, unknown[]>;
  const collections = collectionsOf([catalog, orders]);

  beforeAll(async () => {
    api = await startTestApi();
    const { seller } = await marketplace(api);
    position = await api.platform.events.lastPosition();
    then = await documents(api.platform.read, collections);
    await listProduct(seller, { name: 'Kashmiri Pashmina Shawl' });
    await api.settle();
  });
  afterAll(() => api.close());

  it('as of a position: the read models the live store held at that position, not the live ones now', async () => {
    const asOf = await readModelsAsOf(api.platform, { position }, ['catalog', 'orders']);
    try {
      expect(asOf.position).toBe(position);
      expect(asOf.store).not.toBe(api.platform.read);
      expect(await documents(asOf.store, collections)).toEqual(then);
      expect(await documents(api.platform.read, collections)).not.toEqual(then);
    } finally {
      await asOf.close();
    }
  });

  it('as of a time before an order was placed has no such order; as of its time it has', async () => {
    const [placed] = (await api.platform.events.readAll({ limit: 1000 })).filter((e) => e.type === 'OrderPlaced');
    const orderId = (placed!.data as { orderId: string }).orderId;
    const before = new Date(Date.parse(placed!.metadata.time) - 1).toISOString();
    const earlier = await readModelsAsOf(api.platform, { time: before }, ['orders']);
    const at = await readModelsAsOf(api.platform, { time: placed!.metadata.time }, ['orders']);
    try {
      expect(earlier.position).toBeLessThan(placed!.position);
      expect(await earlier.store.collection(ORDERS).get(orderId)).toBeNull();
      expect(at.position).toBeGreaterThanOrEqual(placed!.position);
      expect(await at.store.collection(ORDERS).get(orderId)).toMatchObject({ id: orderId });
    } finally {
      await earlier.close();
      await at.close();
    }
  });

  it('refuses a projection it does not know', async () => {
    await expect(readModelsAsOf(api.platform, { position }, ['shipping'])).rejects.toThrow(
      'Unknown projection: shipping',
    );
  });
});
