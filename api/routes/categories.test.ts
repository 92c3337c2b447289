import { afterAll, beforeAll, expect, it } from 'vitest';
import { CATEGORIES } from '../../domain/catalog/categories.ts';
import { ensureCategories } from '../bootstrap/categories.ts';
import { expectStatus, ok, startTestApi, type TestApi } from '../testing/harness.ts';
import { listProduct } from './catalog.fixtures.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(() => api.close());

const counts = async () => {
  const body = ok(await api.anonymous().api.categories.$get());
  return Object.fromEntries(body.items.map((c: { id: string; productCount: number }) => [c.id, c.productCount]));
};

it('serves the six seeded categories by name, with their descriptions', async () => {
  await api.settle();
  const reply = await api.anonymous().api.categories.$get();
  expectStatus(reply, 200);
  const byName = [...CATEGORIES].sort((a, b) => a.name.localeCompare(b.name));
  expect(reply.body).toEqual({ items: byName.map((category) => ({ ...category, productCount: 0 })) });
});

it('seeds each category once, however often the app starts', async () => {
  const before = await api.platform.events.lastPosition();
  await ensureCategories(api.ctx);
  await ensureCategories(api.ctx);
  expect(await api.platform.events.lastPosition()).toBe(before);
  expect(before).toBeGreaterThanOrEqual(CATEGORIES.length);
});

it('counts the products on sale in each category', async () => {
  const seller = await api.signUp({ role: 'seller' });
  await listProduct(seller, { categoryId: 'spices' });
  const gone = await listProduct(seller, { categoryId: 'spices' });
  await listProduct(seller, { categoryId: 'jewelry' });
  await seller.api.seller.products[':id'].$delete({ param: { id: gone.id } });
  await api.settle();
  expect(await counts()).toEqual({ ayurveda: 0, handicrafts: 0, 'home-decor': 0, jewelry: 1, spices: 1, textiles: 0 });
});

it('answers from prepared bytes, 304 while unchanged, in the coding asked for', async () => {
  for (const acceptEncoding of ['identity', 'gzip, deflate, br']) {
    const first = await api.anonymous().api.categories.$get({}, { headers: { 'accept-encoding': acceptEncoding } });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    const again = await api
      .anonymous()
      .api.categories.$get({}, { headers: { 'accept-encoding': acceptEncoding, 'if-none-match': etag } });
    expectStatus(again, 304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
  }
});
