import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../platform/bus/memory.ts';
import type { Doc, ReadStore } from '../platform/readstore/port.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { projections } from '../projections/index.ts';
import { ProjectionRunner } from '../platform/projection/runner.ts';
import { type TestApi, startTestApi } from './testing/harness.ts';

const address = {
  firstName: 'Asha',
  lastName: 'Rao',
  phone: '9876543210',
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};

async function everyDocument(read: ReadStore): Promise<Record<string, Doc[]>> {
  const out: Record<string, Doc[]> = {};
  for (const projection of projections) {
    for (const { name } of projection.collections)
      out[name] = await read.collection(name).find({ sort: [['id', 'asc']] });
  }
  return out;
}

describe('a whole marketplace flow', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('sign-up to review, a purchase from two sellers, a cancel and a return, then every read model equals a clean rebuild from the log', async () => {
    const seller = await api.signUp({ role: 'seller', fullName: 'Meera Crafts' });
    const spiceSeller = await api.signUp({ role: 'seller', fullName: 'Kerala Spice Gardens' });
    const buyer = await api.signUp({ fullName: 'Ravi Kumar' });
    const other = await api.signUp({ fullName: 'Kiran Das' });
    const listed = async (client: typeof seller, body: Record<string, unknown>) => {
      const reply = await client.post('/api/seller/products', {
        description: 'Made by hand in India.',
        originalPricePaise: null,
        tags: [],
        ...body,
      });
      expect(reply.status).toBe(201);
      return reply.body.id as string;
    };
    const product = await listed(seller, {
      name: 'Dhokra Brass Elephant',
      description: 'Lost-wax cast brass elephant from Bastar.',
      pricePaise: 279_900,
      originalPricePaise: 329_900,
      stockQuantity: 5,
      categoryId: 'handicrafts',
      tags: ['Bastar', 'brass'],
    });
    const saffron = await listed(spiceSeller, {
      name: 'Kashmiri Saffron (2 g)',
      pricePaise: 45_000,
      stockQuantity: 10,
      categoryId: 'spices',
    });
    expect((await seller.patch(`/api/seller/products/${product}`, { pricePaise: 269_900 })).status).toBe(200);

    expect((await buyer.post('/api/cart/items', { productId: product, quantity: 2 })).status).toBe(200);
    expect((await buyer.post('/api/cart/items', { productId: saffron, quantity: 1 })).status).toBe(200);
    const placed = await buyer.post('/api/orders', { shippingAddress: address, delivery: 'express', payment: 'cod' });
    expect(placed.status).toBe(201);
    expect(placed.body.order.totalPaise).toBe(2 * 269_900 + 45_000 + 15_000);
    const partOf = (sellerId: string) =>
      placed.body.order.sellerOrders.find((part: { sellerId: string }) => part.sellerId === sellerId).id as string;
    const [crafts, spices] = [partOf(seller.user!.id), partOf(spiceSeller.user!.id)];
    for (const status of ['processing', 'shipped', 'delivered']) {
      expect((await seller.post(`/api/seller-orders/${crafts}/status`, { status })).status).toBe(200);
    }
    expect(
      (
        await spiceSeller.post(`/api/seller-orders/${spices}/status`, {
          status: 'cancelled',
          reason: 'Out of this harvest',
        })
      ).status,
    ).toBe(200);
    const returned = await buyer.post(`/api/seller-orders/${crafts}/returns`, {
      lines: [{ productId: product, quantity: 1 }],
      reason: 'One arrived chipped',
    });
    expect(returned.status).toBe(201);
    expect(
      (
        await seller.post(`/api/seller-orders/${crafts}/returns/${crafts}-R1/decision`, {
          accept: true,
          reason: 'Sorry, refunded',
        })
      ).status,
    ).toBe(200);

    expect((await other.post('/api/cart/items', { productId: product, quantity: 1 })).status).toBe(200);
    const cancelled = await other.post('/api/orders', {
      shippingAddress: address,
      delivery: 'standard',
      payment: 'cod',
    });
    expect(
      (
        await other.post(`/api/seller-orders/${cancelled.body.order.id}-1/status`, {
          status: 'cancelled',
          reason: 'Changed my mind',
        })
      ).status,
    ).toBe(200);
    await api.settle();
    expect(
      (await buyer.post(`/api/products/${product}/reviews`, { rating: 5, comment: 'Beautiful work.' })).status,
    ).toBe(201);
    expect((await buyer.post(`/api/products/${saffron}/reviews`, { rating: 5, comment: 'Never came.' })).status).toBe(
      403,
    );
    await api.settle();

    const detail = (await api.anonymous().get(`/api/products/${product}`)).body;
    // 5, less the 2 delivered, plus the 1 returned; the cancelled order's unit is back.
    expect(detail).toMatchObject({ stockQuantity: 4, rating: 5, ratingCount: 1, sellerName: 'Meera Crafts' });
    expect((await api.anonymous().get(`/api/products/${saffron}`)).body.stockQuantity).toBe(10);
    expect((await seller.get('/api/notifications')).body.items).toHaveLength(2);
    expect((await spiceSeller.get('/api/notifications')).body.items).toHaveLength(1);
    const seen = (await buyer.get(`/api/orders/${placed.body.order.id}`)).body;
    expect(seen.sellerOrders.map((part: { id: string; status: string }) => [part.id, part.status]).sort()).toEqual(
      [
        [crafts, 'delivered'],
        [spices, 'cancelled'],
      ].sort(),
    );
    expect(seen.status).toBe('delivered');

    const live = await everyDocument(api.platform.read);
    const rebuilt = new SqliteReadStore(join(api.dir, 'rebuilt.db'));
    try {
      const runner = new ProjectionRunner({
        events: api.platform.events,
        read: rebuilt,
        bus: new MemoryBus(),
        projections,
      });
      for (const projection of projections) await runner.catchUp(projection.name);
      expect(await everyDocument(rebuilt)).toEqual(live);
    } finally {
      await rebuilt.close();
    }
  });
});
