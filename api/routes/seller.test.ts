import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productStream } from '../../domain/product/events.ts';
import { type Client, expectStatus, ok, startTestApi, type TestApi } from '../testing/harness.ts';
import { SAREE, listProduct, nextMillisecond, signInAdmin } from './catalog.fixtures.ts';

let api: TestApi;
let seller: Client;
let otherSeller: Client;
let buyer: Client;
let admin: Client;

beforeAll(async () => {
  api = await startTestApi();
  [seller, otherSeller, buyer, admin] = await Promise.all([
    api.signUp({ role: 'seller', fullName: 'Meera Weaves' }),
    api.signUp({ role: 'seller' }),
    api.signUp({ role: 'buyer' }),
    signInAdmin(api),
  ]);
});

afterAll(() => api.close());

/** Runs `request` and expects it to have appended nothing. */
async function storesNothing<T>(request: () => Promise<T>): Promise<T> {
  const before = await api.platform.events.lastPosition();
  const result = await request();
  expect(await api.platform.events.lastPosition()).toBe(before);
  return result;
}

const eventsOf = async (productId: string) =>
  (await api.ctx.streams.read(productStream(productId))).map(({ type, data }) => ({ type, data }));

describe('POST /api/seller/products', () => {
  it('lists a product, verified at once by the system (AUTO_VERIFY on in the test harness)', async () => {
    const reply = await seller.api.seller.products.$post({ json: SAREE });
    expectStatus(reply, 201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      position: expect.any(Number),
      verification: 'verified',
      message: 'Your product is now live on the marketplace.',
    });
    const { id } = reply.body;
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['ProductListed', 'ProductVerified']);
    const stored = await api.ctx.streams.read(productStream(id));
    expect(stored[1]!.metadata.actor).toBe('system');
    await api.settle();
    const product = await seller.api.products[':id'].$get({ param: { id } });
    expect(product.body).toMatchObject({
      ...SAREE,
      id,
      sellerId: seller.user!.id,
      sellerName: 'Meera Weaves',
      verification: 'verified',
      displayStatus: 'Active',
      percentOff: 17,
    });
  });

  it('takes the original price, image and tags as optional', async () => {
    const { name, description, pricePaise, stockQuantity, categoryId } = SAREE;
    const { id, position } = await listProduct(seller, { name: 'Plain Cotton Dupatta' });
    const minimal = await seller.api.seller.products.$post({
      json: {
        name,
        description,
        pricePaise,
        stockQuantity,
        categoryId,
      },
    });
    expectStatus(minimal, 201);
    const reply = await seller.after(minimal.body.position).products[':id'].$get({ param: { id: minimal.body.id } });
    expect(reply.body).toMatchObject({ originalPricePaise: null, imageUrl: null, tags: [], percentOff: null });
    expect(ok(await seller.after(position).products[':id'].$get({ param: { id } })).name).toBe('Plain Cotton Dupatta');
  });

  it.each([
    [{ name: ' ' }, 'name', 'Product name is required'],
    [{ description: 'Too short' }, 'description', 'Description must be at least 10 characters'],
    [{ pricePaise: 0 }, 'pricePaise', 'Price must be greater than 0'],
    [{ pricePaise: 499.5 }, 'pricePaise', 'Amounts must be whole paise'],
    [{ originalPricePaise: 0 }, 'originalPricePaise', 'Original price must be greater than 0'],
    [{ stockQuantity: -1 }, 'stockQuantity', 'Stock cannot be negative'],
    [{ stockQuantity: 1.5 }, 'stockQuantity', 'Stock must be a whole number'],
    [{ categoryId: '' }, 'categoryId', 'Category is required'],
    [{ categoryId: 'furniture' }, 'categoryId', 'Choose one of the categories'],
    [{ imageUrl: 'not a url' }, 'imageUrl', 'Image URL must be a valid URL'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) }, 'tags', 'A product can have at most 20 tags'],
  ])('refuses %j: %s says %j, storing nothing', async (fields, field, message) => {
    const reply = await storesNothing(() => seller.api.seller.products.$post({ json: { ...SAREE, ...fields } }));
    expectStatus(reply, 400);
    expect(reply.body.error).toMatchObject({ code: 'validation_failed', message, fields: { [field]: message } });
  });

  it('refuses wrong-typed and missing fields', async () => {
    const wrong = await seller.raw.post('/api/seller/products', { ...SAREE, pricePaise: '1250000', tags: 'silk' });
    expectStatus(wrong, 400);
    expect(wrong.body.error.fields).toMatchObject({
      pricePaise: 'Price must be greater than 0',
      tags: expect.any(String),
    });
    const missing = await seller.raw.post('/api/seller/products', {});
    expectStatus(missing, 400);
    expect(missing.body.error).toMatchObject({
      code: 'validation_failed',
      fields: {
        name: 'Product name is required',
        description: 'Description must be at least 10 characters',
        pricePaise: 'Price must be greater than 0',
        stockQuantity: 'Stock must be a whole number',
        categoryId: 'Category is required',
      },
    });
  });

  it('refuses malformed JSON and bodies above 64 KB', async () => {
    const malformed = await storesNothing(() => seller.raw.post('/api/seller/products', '{bad'));
    expectStatus(malformed, 400);
    expect(malformed.body.error.code).toBe('malformed_json');
    const huge = await storesNothing(() =>
      seller.api.seller.products.$post({ json: { ...SAREE, description: 'x'.repeat(70_000) } }),
    );
    expectStatus(huge, 413);
    expect(huge.body.error.code).toBe('payload_too_large');
  });

  it('is for sellers only', async () => {
    const anonymous = await storesNothing(() => api.anonymous().api.seller.products.$post({ json: SAREE }));
    expectStatus(anonymous, 401);
    expect(anonymous.body.error.code).toBe('unauthorized');
    for (const client of [buyer, admin]) {
      const reply = await storesNothing(() => client.api.seller.products.$post({ json: SAREE }));
      expectStatus(reply, 403);
      expect(reply.body.error.code).toBe('forbidden');
    }
  });
});

describe('GET /api/seller/products', () => {
  it("lists the seller's own products newest first, without deleted ones, with the dashboard figures", async () => {
    const shop = await api.signUp({ role: 'seller' });
    const oldest = await listProduct(shop, { name: 'Pashmina Shawl', pricePaise: 800_000, stockQuantity: 2 });
    await nextMillisecond();
    const soldOut = await listProduct(shop, { name: 'Ikat Stole', pricePaise: 150_000, stockQuantity: 0 });
    await nextMillisecond();
    const deleted = await listProduct(shop, { name: 'Old Listing' });
    await listProduct(otherSeller, { name: 'Not mine' });
    const body = ok(await shop.api.seller.products[':id'].$delete({ param: { id: deleted.id } }));
    const reply = await shop.after(body.position).seller.products.$get();
    expectStatus(reply, 200);
    expect(reply.body.items.map((p: { id: string }) => p.id)).toEqual([soldOut.id, oldest.id]);
    expect(reply.body.stats).toEqual({ total: 2, active: 1, inventoryValuePaise: 1_600_000 });
    expect(reply.body.items[0]).toMatchObject({ displayStatus: 'Out of Stock', rejectionReason: null, ratingSum: 0 });
  });

  it('is empty for a new seller', async () => {
    const fresh = await api.signUp({ role: 'seller' });
    const reply = await fresh.api.seller.products.$get();
    expect(reply.body).toEqual({ items: [], stats: { total: 0, active: 0, inventoryValuePaise: 0 } });
  });

  it('is for sellers only', async () => {
    expect((await api.anonymous().api.seller.products.$get()).status).toBe(401);
    expect((await buyer.api.seller.products.$get()).status).toBe(403);
  });
});

describe('PATCH /api/seller/products/{id}', () => {
  it('records only the fields that changed: the price at once, the content as a revision the system approves (AUTO_VERIFY)', async () => {
    const { id } = await listProduct(seller);
    const reply = await seller.api.seller.products[':id'].$patch({
      param: { id },
      json: {
        name: SAREE.name,
        pricePaise: 1_100_000,
        categoryId: 'handicrafts',
      },
    });
    expectStatus(reply, 200);
    expect(reply.body).toEqual({
      id,
      position: expect.any(Number),
      review: null,
      message: 'Your changes have been saved.',
    });
    const events = await eventsOf(id);
    expect(events.slice(-3)).toMatchObject([
      { type: 'ProductUpdated', data: { before: { pricePaise: 1_250_000 }, after: { pricePaise: 1_100_000 } } },
      {
        type: 'ProductRevisionSubmitted',
        data: { revisionId: 'r1', before: { categoryId: 'textiles' }, after: { categoryId: 'handicrafts' } },
      },
      { type: 'ProductRevisionApproved', data: { revisionId: 'r1', by: 'system' } },
    ]);
    const product = await seller.after(reply.body.position).products[':id'].$get({ param: { id } });
    expect(product.body).toMatchObject({ pricePaise: 1_100_000, categoryId: 'handicrafts', percentOff: 27 });
  });

  it('clears the original price with null, and stores nothing when nothing changed', async () => {
    const { id } = await listProduct(seller);
    const cleared = await seller.api.seller.products[':id'].$patch({
      param: { id },
      json: { originalPricePaise: null },
    });
    expectStatus(cleared, 200);
    expect(ok(await seller.after(cleared.body.position).products[':id'].$get({ param: { id } })).percentOff).toBeNull();
    const unchanged = await storesNothing(() =>
      seller.api.seller.products[':id'].$patch({ param: { id }, json: { name: SAREE.name } }),
    );
    expectStatus(unchanged, 200);
    expect(
      (await storesNothing(() => seller.api.seller.products[':id'].$patch({ param: { id }, json: {} }))).status,
    ).toBe(200);
  });

  it('lets an admin edit, but not another seller or a buyer', async () => {
    const { id } = await listProduct(seller);
    const other = await storesNothing(() =>
      otherSeller.api.seller.products[':id'].$patch({ param: { id }, json: { name: 'Mine now' } }),
    );
    expectStatus(other, 403);
    expect(other.body.error).toMatchObject({ code: 'forbidden', message: 'You can only edit your own products' });
    expect((await buyer.api.seller.products[':id'].$patch({ param: { id }, json: { name: 'Mine now' } })).status).toBe(
      403,
    );
    expect(
      (await api.anonymous().api.seller.products[':id'].$patch({ param: { id }, json: { name: 'Mine now' } })).status,
    ).toBe(401);
    expect(
      (await admin.api.seller.products[':id'].$patch({ param: { id }, json: { name: 'Edited by admin' } })).status,
    ).toBe(200);
  });

  it('answers 404 for an unknown product and 400 for bad fields', async () => {
    const unknown = await seller.api.seller.products[':id'].$patch({
      param: { id: crypto.randomUUID() },
      json: { name: 'x' },
    });
    expectStatus(unknown, 404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', message: 'Product not found' });
    const { id } = await listProduct(seller);
    const bad = await storesNothing(() =>
      seller.api.seller.products[':id'].$patch({
        param: { id },
        json: { description: 'short', categoryId: 'nowhere' },
      }),
    );
    expectStatus(bad, 400);
    expect(bad.body.error.fields).toEqual({ description: 'Description must be at least 10 characters' });
    const unknownCategory = await storesNothing(() =>
      seller.api.seller.products[':id'].$patch({ param: { id }, json: { categoryId: 'nowhere' } }),
    );
    expectStatus(unknownCategory, 400);
    expect(unknownCategory.body.error.fields).toEqual({ categoryId: 'Choose one of the categories' });
    expect((await seller.raw.patch(`/api/seller/products/${id}`, '{bad')).body.error.code).toBe('malformed_json');
  });
});

describe('PUT /api/seller/products/{id}/stock', () => {
  it('sets the stock', async () => {
    const { id } = await listProduct(seller);
    const reply = await seller.api.seller.products[':id'].stock.$put({ param: { id }, json: { stockQuantity: 0 } });
    expectStatus(reply, 200);
    const product = await seller.after(reply.body.position).products[':id'].$get({ param: { id } });
    expect(product.body).toMatchObject({ stockQuantity: 0, displayStatus: 'Out of Stock' });
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      type: 'StockAdjusted',
      data: { from: 5, to: 0, reason: 'manual' },
    });
  });

  it('refuses bad stock, other sellers and unknown products', async () => {
    const { id } = await listProduct(seller);
    const negative = await storesNothing(() =>
      seller.api.seller.products[':id'].stock.$put({ param: { id }, json: { stockQuantity: -1 } }),
    );
    expectStatus(negative, 400);
    expect(negative.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { stockQuantity: 'Stock cannot be negative' },
    });
    const missing = await seller.raw.put(`/api/seller/products/${id}/stock`, {});
    expectStatus(missing, 400);
    expect(missing.body.error.fields).toEqual({ stockQuantity: 'Stock must be a whole number' });
    const other = await storesNothing(() =>
      otherSeller.api.seller.products[':id'].stock.$put({ param: { id }, json: { stockQuantity: 9 } }),
    );
    expectStatus(other, 403);
    expect(other.body.error).toMatchObject({
      code: 'forbidden',
      message: 'You can only change the stock of your own products',
    });
    expect(
      (
        await seller.api.seller.products[':id'].stock.$put({
          param: { id: crypto.randomUUID() },
          json: { stockQuantity: 1 },
        })
      ).status,
    ).toBe(404);
  });
});

describe('DELETE /api/seller/products/{id}', () => {
  it('delists the product: gone from the catalog, 404 to buyers, still readable by its seller', async () => {
    const { id } = await listProduct(seller);
    const reply = await seller.api.seller.products[':id'].$delete({ param: { id } });
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ id, position: expect.any(Number) });
    const list = await buyer.after(reply.body.position).products.$get({ query: { limit: '100' } });
    expectStatus(list, 200);
    expect(list.body.items.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await buyer.api.products[':id'].$get({ param: { id } })).status).toBe(404);
    expect(ok(await seller.api.products[':id'].$get({ param: { id } })).displayStatus).toBe('Delisted');
    expect((await storesNothing(() => seller.api.seller.products[':id'].$delete({ param: { id } }))).status).toBe(200);
  });

  it("answers 403 to another seller and to buyers, and lets an admin delete anyone's product", async () => {
    const { id } = await listProduct(seller);
    const other = await storesNothing(() => otherSeller.api.seller.products[':id'].$delete({ param: { id } }));
    expectStatus(other, 403);
    expect(other.body.error).toMatchObject({ code: 'forbidden', message: 'You can only delete your own products' });
    expect((await storesNothing(() => buyer.api.seller.products[':id'].$delete({ param: { id } }))).status).toBe(403);
    expect((await api.anonymous().api.seller.products[':id'].$delete({ param: { id } })).status).toBe(401);
    expect((await admin.api.seller.products[':id'].$delete({ param: { id } })).status).toBe(200);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await seller.api.seller.products[':id'].$delete({ param: { id: crypto.randomUUID() } })).status).toBe(404);
  });
});

describe('with AUTO_VERIFY off', () => {
  let manual: TestApi;
  let shop: Client;

  beforeAll(async () => {
    manual = await startTestApi({ AUTO_VERIFY: 'false' });
    shop = await manual.signUp({ role: 'seller' });
  });

  afterAll(() => manual.close());

  it('leaves new products pending review, out of the public catalog', async () => {
    const { id, position } = await listProduct(shop);
    expect((await manual.ctx.streams.read(productStream(id))).map((e) => e.type)).toEqual(['ProductListed']);
    const own = await shop.after(position).seller.products.$get();
    expectStatus(own, 200);
    expect(own.body.items).toMatchObject([{ id, verification: 'pending', displayStatus: 'Pending Review' }]);
    expect(own.body.stats).toEqual({ total: 1, active: 0, inventoryValuePaise: 6_250_000 });
    expect(ok(await shop.api.products.$get({ query: {} }))).toEqual({ items: [], total: 0 });
    expect((await manual.anonymous().api.products[':id'].$get({ param: { id } })).status).toBe(404);
  });
});
