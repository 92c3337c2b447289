import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductRequest } from '../../domain/product/schemas.ts';
import { reviewStream } from '../../domain/review/events.ts';
import { type ArgsOf, type Client, expectStatus, ok, type TypedApi } from '../testing/harness.ts';
import { feature, listProduct, nextMillisecond, reject, reserve, twoSellers } from './catalog.fixtures.ts';

const { api, seller, otherSeller, admin } = await twoSellers();
const buyer = await api.signUp({ role: 'buyer' });
/** Product ids by name, listed in this order (oldest first). */
const ids: Record<string, string> = {};

async function review(productId: string, rating: number): Promise<void> {
  const buyerId = crypto.randomUUID();
  const data = { productId, buyerId, authorName: 'Asha', rating, comment: 'Lovely', at: new Date().toISOString() };
  await api.platform.events.append(reviewStream(productId, buyerId), [{ type: 'ReviewSubmitted', data }], 'no_stream');
}

beforeAll(async () => {
  const catalog: Array<[Client, Partial<ProductRequest>]> = [
    [
      seller,
      {
        name: 'Pashmina Shawl',
        description: 'Soft Kashmiri wool shawl, hand spun.',
        pricePaise: 800_000,
        tags: ['wool', 'kashmir'],
      },
    ],
    [
      otherSeller,
      {
        name: 'Malabar Pepper',
        description: 'Bold black peppercorns from Kerala.',
        pricePaise: 45_000,
        originalPricePaise: null,
        categoryId: 'spices',
        tags: ['organic'],
      },
    ],
    [
      seller,
      {
        name: 'Ikat Cotton Stole',
        description: 'Double ikat weave in indigo.',
        pricePaise: 150_000,
        originalPricePaise: 200_000,
        tags: ['cotton'],
      },
    ],
    [
      otherSeller,
      {
        name: 'Cardamom Pods',
        description: 'Green cardamom, hand-picked in Idukki.',
        pricePaise: 60_000,
        categoryId: 'spices',
        tags: ['Organic', 'aromatic'],
      },
    ],
  ];
  for (const [owner, fields] of catalog) {
    ids[fields.name!] = (await listProduct(owner, fields)).id;
    await nextMillisecond();
  }
  await feature(api, ids['Malabar Pepper']!);
  await reserve(api, ids['Pashmina Shawl']!, 3);
  await reserve(api, ids['Cardamom Pods']!, 1);
  await review(ids['Ikat Cotton Stole']!, 5);
  await review(ids['Ikat Cotton Stole']!, 4);
  await review(ids['Cardamom Pods']!, 4);
  await review(ids['Cardamom Pods']!, 5);
  await review(ids['Cardamom Pods']!, 4);
  await review(ids['Pashmina Shawl']!, 3);
  await api.settle();
});

/** The product list as the buyer sees it; with `after`, once the read models have passed that position. */
const list = (
  query: ArgsOf<TypedApi['products']['$get']>['query'] = {},
  after?: number,
  options?: { headers: Record<string, string> },
) => buyer.after(after).products.$get({ query }, options);
const names = (reply: Awaited<ReturnType<typeof list>>) => ok(reply).items.map((item) => item.name);
const detail = (id: string, after?: number, options?: { headers: Record<string, string> }) =>
  buyer.after(after).products[':id'].$get({ param: { id } }, options);

describe('GET /api/products', () => {
  it('lists the products on sale, featured first then newest, with public fields only', async () => {
    const reply = await api.anonymous().api.products.$get({ query: {} });
    expectStatus(reply, 200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(names(reply)).toEqual(['Malabar Pepper', 'Cardamom Pods', 'Ikat Cotton Stole', 'Pashmina Shawl']);
    expect(reply.body.total).toBe(4);
    const stole = reply.body.items[2];
    expect(stole).toMatchObject({
      sellerName: 'Meera Weaves',
      rating: 4.5,
      ratingCount: 2,
      percentOff: 25,
      displayStatus: 'Active',
    });
    expect(stole).not.toHaveProperty('rejectionReason');
    expect(stole).not.toHaveProperty('ratingSum');
  });

  it('leaves out products pending review and deleted ones', async () => {
    const { id, position } = await listProduct(seller, { name: 'Soon Gone' });
    const deleted = await seller.api.seller.products[':id'].$delete({ param: { id } });
    expectStatus(deleted, 200);
    const reply = await list({}, Math.max(position, deleted.body.position));
    expectStatus(reply, 200);
    expect(names(reply)).not.toContain('Soon Gone');
    expect(reply.body.total).toBe(4);
  });

  it.each([
    ['popularity', ['Malabar Pepper', 'Pashmina Shawl', 'Cardamom Pods', 'Ikat Cotton Stole']],
    ['price-low', ['Malabar Pepper', 'Cardamom Pods', 'Ikat Cotton Stole', 'Pashmina Shawl']],
    ['price-high', ['Pashmina Shawl', 'Ikat Cotton Stole', 'Cardamom Pods', 'Malabar Pepper']],
    ['rating', ['Ikat Cotton Stole', 'Cardamom Pods', 'Pashmina Shawl', 'Malabar Pepper']],
    ['newest', ['Cardamom Pods', 'Ikat Cotton Stole', 'Malabar Pepper', 'Pashmina Shawl']],
  ] as const)('sorts by %s', async (sort, expected) => {
    expect(names(await list({ sort }))).toEqual(expected);
  });

  it('filters by category, all meaning every category', async () => {
    expect(names(await list({ category: 'spices' }))).toEqual(['Malabar Pepper', 'Cardamom Pods']);
    expect(ok(await list({ category: 'all' })).total).toBe(4);
    expect(await list({ category: 'furniture' }).then((r) => r.body)).toEqual({ items: [], total: 0 });
  });

  it('searches names, descriptions and tags, ignoring case', async () => {
    expect(names(await list({ q: 'PEPPER' }))).toEqual(['Malabar Pepper']);
    expect(names(await list({ q: 'kerala' }))).toEqual(['Malabar Pepper']);
    expect(names(await list({ q: 'organic' }))).toEqual(['Malabar Pepper', 'Cardamom Pods']);
    expect(names(await list({ q: ' Ikat ', category: 'textiles' }))).toEqual(['Ikat Cotton Stole']);
    expect((await list({ q: 'teak' })).body).toEqual({ items: [], total: 0 });
  });

  it('pages with limit and offset, total counting every match', async () => {
    const first = await list({ sort: 'price-low', limit: '2' });
    expectStatus(first, 200);
    expect(names(first)).toEqual(['Malabar Pepper', 'Cardamom Pods']);
    expect(first.body.total).toBe(4);
    expect(names(await list({ sort: 'price-low', limit: '2', offset: '2' }))).toEqual([
      'Ikat Cotton Stole',
      'Pashmina Shawl',
    ]);
    expect(await list({ offset: '10' }).then((r) => r.body)).toEqual({ items: [], total: 4 });
  });

  it.each([
    ['?sort=cheapest', 'sort', 'Sort must be one of popularity, price-low, price-high, rating, newest'],
    ['?limit=0', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['?limit=101', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['?limit=ten', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['?limit=2.5', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['?offset=-1', 'offset', 'Offset must be a whole number, 0 or more'],
    [`?q=${'a'.repeat(201)}`, 'q', 'Search text must be at most 200 characters'],
    ['?q=silk&q=wool', 'q', 'Search text must be given once'],
    ['?category=spices&category=textiles', 'category', "Category must be one category id, or 'all'"],
  ])('refuses %s', async (query, field, message) => {
    const reply = await buyer.raw.get(`/api/products${query}`);
    expectStatus(reply, 400);
    expect(reply.body.error).toEqual({ code: 'validation_failed', message, fields: { [field]: message } });
  });

  it('defaults to 24 products a page and allows up to 100', async () => {
    const shop = await api.signUp({ role: 'seller' });
    let position = 0;
    for (let i = 0; i < 25; i++)
      ({ position } = await listProduct(shop, { name: `Clay Cup ${i}`, categoryId: 'handicrafts' }));
    const page = await list({ category: 'handicrafts' }, position);
    expectStatus(page, 200);
    expect(page.body.items).toHaveLength(24);
    expect(page.body.total).toBe(25);
    expect(ok(await list({ category: 'handicrafts', limit: '100' })).items).toHaveLength(25);
  });

  it('sorts equal ratings by the number of reviews, before age', async () => {
    const necklace = await listProduct(seller, { name: 'Temple Necklace', categoryId: 'jewelry' });
    await nextMillisecond();
    const bangles = await listProduct(seller, { name: 'Silver Bangles', categoryId: 'jewelry' });
    await nextMillisecond();
    const anklet = await listProduct(seller, { name: 'Beaded Anklet', categoryId: 'jewelry' });
    for (const rating of [4, 5, 4, 5]) await review(necklace.id, rating);
    for (const rating of [5, 4]) await review(bangles.id, rating);
    await review(anklet.id, 5);
    await api.settle();
    expect(names(await list({ category: 'jewelry', sort: 'rating' }))).toEqual([
      'Beaded Anklet',
      'Temple Necklace',
      'Silver Bangles',
    ]);
  });
});

describe('GET /api/products/{id}', () => {
  it('shows a product on sale to anyone, with seller name, rating, status and discount', async () => {
    const reply = await api.anonymous().api.products[':id'].$get({ param: { id: ids['Cardamom Pods']! } });
    expectStatus(reply, 200);
    expect(reply.body).toMatchObject({
      id: ids['Cardamom Pods'],
      name: 'Cardamom Pods',
      sellerId: otherSeller.user!.id,
      sellerName: 'Kerala Spice Co',
      rating: 4.3,
      ratingCount: 3,
      displayStatus: 'Active',
      percentOff: 96,
      unitsSold: 1,
      stockQuantity: 4,
    });
    expect(reply.body).not.toHaveProperty('ratingSum');
    expect(
      (await api.anonymous().api.products[':id'].$get({ param: { id: ids['Malabar Pepper']! } })).body,
    ).toMatchObject({
      displayStatus: 'Featured',
      percentOff: null,
    });
  });

  it('shows a product not on sale only to its seller and admins', async () => {
    const { id } = await listProduct(seller, { name: 'Blurry Saree' });
    await reject(api, id);
    await api.settle();
    for (const client of [api.anonymous(), otherSeller, buyer]) {
      const reply = await client.api.products[':id'].$get({ param: { id } });
      expectStatus(reply, 404);
      expect(reply.body.error).toEqual({ code: 'not_found', message: 'Product not found' });
    }
    for (const client of [seller, admin]) {
      const reply = await client.api.products[':id'].$get({ param: { id } });
      expectStatus(reply, 200);
      expect(reply.body).toMatchObject({ id, displayStatus: 'Rejected', visible: false });
      expect(reply.body).not.toHaveProperty('rejectionReason');
    }
  });

  it('answers 404 for an unknown id, signed in or not', async () => {
    for (const client of [api.anonymous(), admin]) {
      const reply = await client.api.products[':id'].$get({ param: { id: crypto.randomUUID() } });
      expectStatus(reply, 404);
      expect(reply.body.error.code).toBe('not_found');
    }
    expect((await detail('x'.repeat(101))).status).toBe(400);
  });
});

describe('reading your own writes', () => {
  it('shows a new, edited and deleted product at once with ?after=position, without waiting for settle', async () => {
    await list(); // the catalog index is loaded and following the change notices
    const created = await listProduct(seller, { name: 'Kalamkari Cushion', categoryId: 'home-decor' });
    const afterCreate = await list({ category: 'home-decor' }, created.position);
    expect(afterCreate.headers.get('x-read-model')).toBeNull();
    expect(names(afterCreate)).toEqual(['Kalamkari Cushion']);

    const edited = await seller.api.seller.products[':id'].$patch({
      param: { id: created.id },
      json: { pricePaise: 99_900 },
    });
    expectStatus(edited, 200);
    expect(ok(await list({ category: 'home-decor' }, edited.body.position)).items[0]?.pricePaise).toBe(99_900);
    expect(ok(await detail(created.id, edited.body.position)).pricePaise).toBe(99_900);

    const deleted = await seller.api.seller.products[':id'].$delete({ param: { id: created.id } });
    expectStatus(deleted, 200);
    expect((await list({ category: 'home-decor' }, deleted.body.position)).body).toEqual({ items: [], total: 0 });
    expect((await detail(created.id, deleted.body.position)).status).toBe(404);
  });

  it('keeps counting categories as products come and go', async () => {
    const categories = async () => {
      const body = ok(await api.anonymous().api.categories.$get());
      return Object.fromEntries(body.items.map((c: { id: string; productCount: number }) => [c.id, c.productCount]));
    };
    await api.settle();
    const before = await categories();
    const { id } = await listProduct(seller, { categoryId: 'ayurveda' });
    const moved = await seller.api.seller.products[':id'].$patch({ param: { id }, json: { categoryId: 'jewelry' } });
    expectStatus(moved, 200);
    await api.settle();
    expect(await categories()).toEqual({ ...before, jewelry: before.jewelry! + 1 });
    await seller.api.seller.products[':id'].$delete({ param: { id: moved.body.id } });
    await api.settle();
    expect(await categories()).toEqual(before);
  });
});

describe('ETag and If-None-Match', () => {
  const ifNoneMatch = (etag: string) => ({ headers: { 'if-none-match': etag } });

  it('answers 304 without a body while the list is unchanged, with the caching headers of the 200', async () => {
    const first = await api.anonymous().api.products.$get({ query: { limit: '2' } });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/); // strong
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await api.anonymous().api.products.$get({ query: { limit: '2' } }, ifNoneMatch(header));
      expectStatus(again, 304);
      expect(again.body).toBeNull();
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('no-cache');
    }
    const other = await api.anonymous().api.products.$get({ query: { limit: '3' } }, ifNoneMatch(etag));
    expectStatus(other, 200);
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('answers 304 for an unchanged product, varying by Cookie', async () => {
    const id = ids['Malabar Pepper']!;
    const first = await detail(id);
    const again = await detail(id, undefined, ifNoneMatch(first.headers.get('etag')!));
    expectStatus(again, 304);
    expect(again.body).toBeNull();
    expect(again.headers.get('vary')).toContain('Cookie');
    expect(again.headers.get('cache-control')).toBe('private, no-cache'); // the buyer is signed in
    expect(
      (
        await api.anonymous().api.products[':id'].$get({ param: { id } }, ifNoneMatch(first.headers.get('etag')!))
      ).headers.get('cache-control'),
    ).toBe('no-cache');
  });

  it('changes the ETag when the product changes, so the old one gets the new body', async () => {
    const created = await listProduct(seller, { name: 'Dhokra Elephant', categoryId: 'home-decor' });
    const before = await detail(created.id, created.position);
    const listBefore = await list({ category: 'home-decor' }, created.position);
    const edited = await seller.api.seller.products[':id'].$patch({
      param: { id: created.id },
      json: { pricePaise: 123_400 },
    });
    expectStatus(edited, 200);
    const after = await detail(created.id, edited.body.position, ifNoneMatch(before.headers.get('etag')!));
    expectStatus(after, 200);
    expect(after.body.pricePaise).toBe(123_400);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const listAfter = await list({ category: 'home-decor' }, undefined, ifNoneMatch(listBefore.headers.get('etag')!));
    expectStatus(listAfter, 200);
    expect(listAfter.body.items[0]?.pricePaise).toBe(123_400);
    await seller.api.seller.products[':id'].$delete({ param: { id: created.id } });
  });
});
