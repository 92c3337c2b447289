import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../platform/bus/memory.ts';
import type { Doc, ReadStore } from '../platform/readstore/port.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { projections } from '../projections/index.ts';
import { ProjectionRunner } from '../platform/projection/runner.ts';
import { type TestApi, startTestApi } from './testing.ts';

const address = { firstName: 'Asha', lastName: 'Rao', phone: '9876543210', address: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };

async function everyDocument(read: ReadStore): Promise<Record<string, Doc[]>> {
  const out: Record<string, Doc[]> = {};
  for (const projection of projections) {
    for (const { name } of projection.collections) out[name] = await read.collection(name).find({ sort: [['id', 'asc']] });
  }
  return out;
}

describe('a whole marketplace flow', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('sign-up to review, then every read model equals a clean rebuild from the log', async () => {
    const seller = await api.signUp({ role: 'seller', fullName: 'Meera Crafts' });
    const buyer = await api.signUp({ fullName: 'Ravi Kumar' });
    const other = await api.signUp({ fullName: 'Kiran Das' });
    const product = (
      await seller.post('/api/seller/products', {
        name: 'Dhokra Brass Elephant',
        description: 'Lost-wax cast brass elephant from Bastar.',
        pricePaise: 279_900,
        originalPricePaise: 329_900,
        stockQuantity: 5,
        categoryId: 'handicrafts',
        tags: ['Bastar', 'brass'],
      })
    ).body.id as string;
    expect(product).toBeTruthy();
    expect((await seller.patch(`/api/seller/products/${product}`, { pricePaise: 269_900 })).status).toBe(200);

    expect((await buyer.post('/api/cart/items', { productId: product, quantity: 2 })).status).toBe(200);
    const placed = await buyer.post('/api/orders', { shippingAddress: address, delivery: 'express', payment: 'cod' });
    expect(placed.status).toBe(201);
    expect(placed.body.order.totalPaise).toBe(2 * 269_900 + 15_000);
    for (const status of ['processing', 'shipped', 'delivered']) {
      expect((await seller.post(`/api/orders/${placed.body.order.id}/status`, { status })).status).toBe(200);
    }
    expect((await other.post('/api/cart/items', { productId: product, quantity: 1 })).status).toBe(200);
    const cancelled = await other.post('/api/orders', { shippingAddress: address, delivery: 'standard', payment: 'cod' });
    expect((await other.post(`/api/orders/${cancelled.body.order.id}/status`, { status: 'cancelled', reason: 'Changed my mind' })).status).toBe(200);
    await api.settle();
    expect((await buyer.post(`/api/products/${product}/reviews`, { rating: 5, comment: 'Beautiful work.' })).status).toBe(201);
    await api.settle();

    const detail = (await api.anonymous().get(`/api/products/${product}`)).body;
    expect(detail).toMatchObject({ stockQuantity: 3, rating: 5, ratingCount: 1, sellerName: 'Meera Crafts' });
    const notices = (await seller.get('/api/notifications')).body;
    expect(notices.items).toHaveLength(2);

    const live = await everyDocument(api.platform.read);
    const rebuilt = new SqliteReadStore(join(api.dir, 'rebuilt.db'));
    try {
      const runner = new ProjectionRunner({ events: api.platform.events, read: rebuilt, bus: new MemoryBus(), projections });
      for (const projection of projections) await runner.catchUp(projection.name);
      expect(await everyDocument(rebuilt)).toEqual(live);
    } finally {
      await rebuilt.close();
    }
  });
});
