import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing.ts';
import { DEMO_BUYER, DEMO_PASSWORD, DEMO_SELLERS } from './demo-catalog.ts';
import { bootstrap } from './index.ts';

describe('the demo seed', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ DEMO_DATA: 'true' });
    await api.settle();
  }, 60_000);
  afterAll(() => api.close());

  it('lists every demo product from verified sellers, some featured first', async () => {
    const { body } = await api.anonymous().get('/api/products?limit=100');
    expect(body.total).toBe(DEMO_SELLERS.flatMap((s) => s.products).length);
    expect(body.items[0].featured).toBe(true);
    expect(body.items.every((p: { sellerVerified: boolean }) => p.sellerVerified)).toBe(true);
    const image = await api.anonymous().get(body.items[0].imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('gives the buyer orders in several states and reviews on delivered products', async () => {
    const buyer = await api.signIn(DEMO_BUYER.email, DEMO_PASSWORD);
    const orders = (await buyer.get('/api/orders')).body as Array<{ status: string }>;
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['pending', 'processing', 'shipped', 'delivered', 'cancelled']));
    const { body } = await api.anonymous().get('/api/products?sort=rating&limit=1');
    expect(body.items[0].ratingCount).toBeGreaterThan(0);
  });

  it('seeds once: a second start adds nothing', async () => {
    const before = await api.platform.events.lastPosition();
    await bootstrap(api.ctx);
    expect(await api.platform.events.lastPosition()).toBe(before);
  });
});
