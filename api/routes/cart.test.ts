import { describe, expect, it } from 'vitest';
import { cartStream } from '../../domain/cart/events.ts';
import { shipByOf } from '../../domain/order/ship-by.ts';
import { type Client, expectStatus, ok } from '../testing/harness.ts';
import {
  actorOfClient,
  diyaShop,
  buyerWith,
  checkoutBody,
  listedProduct,
  NO_PRODUCT_BODIES,
  refusedBody,
  onProduct,
  oversized,
  signedIn,
} from './orders.fixtures.ts';

/** Brass Diya, ₹499, 5 in stock. */
const { api, seller, diya } = await diyaShop({ stockQuantity: 5 });

const now = () => new Date().toISOString();
const cartRevision = (client: Client) => api.platform.events.streamRevision(cartStream(client.user!.id));

describe('every cart route', () => {
  const productId = 'p-1';
  it.each([
    ['GET', '/api/cart', (client: Client) => client.api.cart.$get()],
    ['POST', '/api/cart/items', (client: Client) => client.api.cart.items.$post({ json: { productId } })],
    [
      'PUT',
      '/api/cart/items/p-1',
      (client: Client) =>
        client.api.cart.items[':lineKey'].$put({ param: { lineKey: productId }, json: { quantity: 1 } }),
    ],
    [
      'DELETE',
      '/api/cart/items/p-1',
      (client: Client) => client.api.cart.items[':lineKey'].$delete({ param: { lineKey: productId } }),
    ],
    ['DELETE', '/api/cart', (client: Client) => client.api.cart.$delete()],
  ] as const)('%s %s requires sign-in', async (_method, _path, call) => {
    const reply = await call(api.anonymous());
    expectStatus(reply, 401);
    expect(reply.body.error.code).toBe('unauthorized');
  });

  it('answers a signed-out visitor 401 before looking at the body', async () => {
    const reply = await api.anonymous().raw.post('/api/cart/items', '{bad');
    expectStatus(reply, 401);
  });
});

describe('GET /api/cart', () => {
  it('is empty for a new user', async () => {
    const buyer = await signedIn(api);
    const reply = await buyer.api.cart.$get();
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ lines: [], count: 0, subtotalPaise: 0, dispatchBy: null });
  });

  it('shows the lines with current product fields (its names in other languages too), the unit count and the subtotal', async () => {
    const bell = await listedProduct(api, seller, { name: 'Brass Bell', stockQuantity: 5 });
    const shawl = await listedProduct(api, seller, { name: 'Pashmina Shawl', pricePaise: 2_450_50, imageUrl: null });
    const buyer = await buyerWith(api, bell, 2);
    await buyer.api.cart.items.$post({ json: { productId: shawl } });
    const priceChange = {
      type: 'UpdateProduct',
      actor: actorOfClient(seller),
      changes: { pricePaise: 450_00 },
      at: now(),
    } as const;
    await onProduct(api, bell, priceChange);
    const hindi = { name: 'पीतल की घंटी', description: '', tags: [] };
    await onProduct(api, bell, { ...priceChange, type: 'TranslateProduct', locale: 'hi', translation: hindi });

    const reply = await buyer.api.cart.$get();
    expect(reply.body).toEqual({
      lines: [
        {
          lineKey: bell,
          productId: bell,
          variantId: 'default',
          variantLabel: '',
          sku: '',
          personalisation: [],
          quantity: 2,
          product: {
            id: bell,
            name: 'Brass Bell',
            names: { hi: 'पीतल की घंटी' },
            pricePaise: 450_00,
            imageUrl: '/media/diya.webp',
            stockQuantity: 5,
            available: true,
            madeToOrderDays: null,
          },
          shortage: null,
        },
        {
          lineKey: shawl,
          productId: shawl,
          variantId: 'default',
          variantLabel: '',
          sku: '',
          personalisation: [],
          quantity: 1,
          product: {
            id: shawl,
            name: 'Pashmina Shawl',
            names: {},
            pricePaise: 2_450_50,
            imageUrl: null,
            stockQuantity: 10,
            available: true,
            madeToOrderDays: null,
          },
          shortage: null,
        },
      ],
      count: 3,
      subtotalPaise: 2 * 450_00 + 2_450_50,
      dispatchBy: shipByOf(api.ctx.now(), []),
    });
  });

  it('keeps a product delisted since it was added, shown as unavailable', async () => {
    const lamp = await listedProduct(api, seller, { name: 'Clay Lamp' });
    const buyer = await buyerWith(api, lamp, 3);
    await onProduct(api, lamp, { type: 'DelistProduct', actor: actorOfClient(seller), at: now() });

    const reply = await buyer.api.cart.$get();
    expectStatus(reply, 200);
    expect(reply.body.lines).toMatchObject([
      { productId: lamp, quantity: 3, product: { name: 'Clay Lamp', available: false }, shortage: { left: 0 } },
    ]);

    // Lowering the quantity of such a line is allowed, raising it is not.
    expect(
      ok(await buyer.api.cart.items[':lineKey'].$put({ param: { lineKey: lamp }, json: { quantity: 2 } })).cart.lines[0]
        ?.quantity,
    ).toBe(2);
    const raised = await buyer.api.cart.items[':lineKey'].$put({ param: { lineKey: lamp }, json: { quantity: 3 } });
    expectStatus(raised, 409);
    expect(raised.body.error.message).toBe('"Clay Lamp" is not available for purchase');
  });

  it('flags a line above the current stock with what is left; set to that, the order goes through', async () => {
    const saree = await listedProduct(api, seller, { name: 'Rare Saree', stockQuantity: 5 });
    const bell = await listedProduct(api, seller, { name: 'Temple Bell', stockQuantity: 2 });
    const buyer = await buyerWith(api, saree, 3);
    await buyer.api.cart.items.$post({ json: { productId: bell, quantity: 2 } });
    const setStock = (productId: string, stockQuantity: number) =>
      onProduct(api, productId, { type: 'AdjustStock', actor: actorOfClient(seller), stockQuantity, at: now() });
    await setStock(saree, 1);
    await setStock(bell, 0);
    expect(ok(await buyer.api.cart.$get()).lines).toMatchObject([
      { productId: saree, quantity: 3, product: { stockQuantity: 1 }, shortage: { left: 1 } },
      { productId: bell, quantity: 2, product: { stockQuantity: 0 }, shortage: { left: 0 } },
    ]);

    // The refused order and its retry carry the same key: once the lines are fixed, the retry goes through.
    const header = { 'idempotency-key': 'a0c5d1f6-3e2b-4c8a-9f71-2d6e4b8a1c03' };
    const refused = await buyer.api.orders.$post({ header, json: checkoutBody() });
    expectStatus(refused, 409);
    expect(refused.body.error.code).toBe('insufficient_stock');
    await buyer.api.cart.items[':lineKey'].$delete({ param: { lineKey: bell } });
    const fixed = ok(await buyer.api.cart.items[':lineKey'].$put({ param: { lineKey: saree }, json: { quantity: 1 } }));
    expect(fixed.cart.lines).toEqual([expect.objectContaining({ quantity: 1, shortage: null })]);
    expectStatus(await buyer.api.orders.$post({ header, json: checkoutBody() }), 201);
  });

  it('is each user’s own', async () => {
    await buyerWith(api, diya, 1);
    const other = await signedIn(api);
    expect(ok(await other.api.cart.$get()).lines).toEqual([]);
  });
});

describe('POST /api/cart/items', () => {
  it('adds one unit unless told otherwise, and adds to the quantity of a line already there', async () => {
    const buyer = await signedIn(api);
    const first = await buyer.api.cart.items.$post({ json: { productId: diya } });
    expectStatus(first, 200);
    expect(first.body.cart).toMatchObject({
      lines: [{ productId: diya, quantity: 1 }],
      count: 1,
      subtotalPaise: 499_00,
    });
    expect(first.body.position).toBeGreaterThan(0);

    const second = await buyer.api.cart.items.$post({ json: { productId: diya, quantity: 2 } });
    expectStatus(second, 200);
    expect(second.body.cart).toMatchObject({
      lines: [{ productId: diya, quantity: 3 }],
      count: 3,
      subtotalPaise: 3 * 499_00,
    });
    expect(second.body.position).toBeGreaterThan(first.body.position);
  });

  it('never holds more than the stock, and stores nothing when refused', async () => {
    const buyer = await buyerWith(api, diya, 4);
    const revision = await cartRevision(buyer);
    const reply = await buyer.api.cart.items.$post({ json: { productId: diya, quantity: 2 } });
    expectStatus(reply, 409);
    expect(reply.body.error).toMatchObject({
      code: 'insufficient_stock',
      message: 'Only 5 of "Brass Diya" left in stock',
    });
    expect(await cartRevision(buyer)).toBe(revision);
    expect(ok(await buyer.api.cart.$get()).lines[0]?.quantity).toBe(4);
  });

  it('refuses a product out of stock', async () => {
    const soldOut = await listedProduct(api, seller, { name: 'Sold Out Saree', stockQuantity: 0 });
    const reply = await (await signedIn(api)).api.cart.items.$post({ json: { productId: soldOut } });
    expectStatus(reply, 409);
    expect(reply.body.error.message).toBe('"Sold Out Saree" is out of stock');
  });

  it('refuses a product not for sale (awaiting review or delisted)', async () => {
    const pending = await listedProduct(api, seller, { name: 'New Rug' }, { verified: false });
    const buyer = await signedIn(api);
    const reply = await buyer.api.cart.items.$post({ json: { productId: pending } });
    expectStatus(reply, 409);
    expect(reply.body.error).toMatchObject({
      code: 'not_available',
      message: '"New Rug" is not available for purchase',
    });
    expect(await cartRevision(buyer)).toBe(-1);
  });

  it('answers 404 for an unknown product', async () => {
    const reply = await (await signedIn(api)).api.cart.items.$post({ json: { productId: 'no-such-product' } });
    expectStatus(reply, 404);
    expect(reply.body.error).toMatchObject({ code: 'not_found', message: 'Product not found' });
  });

  it.each([
    ...NO_PRODUCT_BODIES,
    [{ quantity: 1 }, { productId: 'Product is required' }],
    [{ productId: 'p', quantity: 0 }, { quantity: 'Quantity must be at least 1' }],
    [{ productId: 'p', quantity: 1.5 }, { quantity: 'Quantity must be a whole number' }],
    [{ productId: 'p', quantity: '2' }, { quantity: 'Quantity must be a whole number' }],
    [{ productId: 'p', quantity: 1_000_001 }, { quantity: 'Quantity is too large' }],
  ])('refuses %j with %j', async (body, fields) => {
    expect(await cartRevision(await refusedBody(api, '/api/cart/items', body, fields))).toBe(-1);
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    const buyer = await signedIn(api);
    const malformed = await buyer.raw.post('/api/cart/items', '{bad');
    expectStatus(malformed, 400);
    expect(malformed.body.error.code).toBe('malformed_json');
    const large = await buyer.raw.post('/api/cart/items', { productId: diya, ...oversized() });
    expectStatus(large, 413);
    expect(large.body.error.code).toBe('payload_too_large');
    expect(await cartRevision(buyer)).toBe(-1);
  });
});

describe('PUT /api/cart/items/{productId}', () => {
  it('sets the quantity, from 1 up to the stock', async () => {
    const buyer = await buyerWith(api, diya, 1);
    const reply = await buyer.api.cart.items[':lineKey'].$put({ param: { lineKey: diya }, json: { quantity: 5 } });
    expectStatus(reply, 200);
    expect(reply.body.cart).toMatchObject({
      lines: [{ productId: diya, quantity: 5 }],
      count: 5,
      subtotalPaise: 5 * 499_00,
    });

    const above = await buyer.api.cart.items[':lineKey'].$put({ param: { lineKey: diya }, json: { quantity: 6 } });
    expectStatus(above, 409);
    expect(above.body.error.message).toBe('Only 5 of "Brass Diya" left in stock');
    expect(ok(await buyer.api.cart.$get()).count).toBe(5);
  });

  it.each([0, -1])('removes the line at %i', async (quantity) => {
    const buyer = await buyerWith(api, diya, 2);
    const reply = await buyer.api.cart.items[':lineKey'].$put({ param: { lineKey: diya }, json: { quantity } });
    expectStatus(reply, 200);
    expect(reply.body.cart).toEqual({ lines: [], count: 0, subtotalPaise: 0, dispatchBy: null });
  });

  it('answers 404 for a product not in the cart, or unknown', async () => {
    const buyer = await signedIn(api);
    const notInCart = await buyer.api.cart.items[':lineKey'].$put({
      param: { lineKey: diya },
      json: { quantity: 1 },
    });
    expectStatus(notInCart, 404);
    expect(notInCart.body.error.message).toBe('This product is not in your cart');
    const unknown = await buyer.api.cart.items[':lineKey'].$put({
      param: { lineKey: 'no-such-product' },
      json: { quantity: 1 },
    });
    expectStatus(unknown, 404);
    expect(unknown.body.error.message).toBe('Product not found');
  });

  it('refuses bad bodies without storing anything', async () => {
    const buyer = await buyerWith(api, diya, 2);
    const revision = await cartRevision(buyer);
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, 'validation_failed'],
      [{ quantity: 'three' }, 400, 'validation_failed'],
      [{ quantity: 2.5 }, 400, 'validation_failed'],
      ['{bad', 400, 'malformed_json'],
      [{ quantity: 3, ...oversized() }, 413, 'payload_too_large'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await buyer.raw.put(`/api/cart/items/${diya}`, body);
      expectStatus(reply, status);
      expect(reply.body.error.code).toBe(code);
    }
    expect((await buyer.raw.put(`/api/cart/items/${diya}`, {})).body.error.fields).toEqual({
      quantity: 'Quantity must be a whole number',
    });
    expect(await cartRevision(buyer)).toBe(revision);
  });
});

describe('DELETE /api/cart/items/{productId} and DELETE /api/cart', () => {
  it('removes one line; removing it again changes nothing', async () => {
    const shawl = await listedProduct(api, seller, { name: 'Pashmina Shawl' });
    const buyer = await buyerWith(api, diya, 2);
    await buyer.api.cart.items.$post({ json: { productId: shawl } });

    const removed = await buyer.api.cart.items[':lineKey'].$delete({ param: { lineKey: diya } });
    expectStatus(removed, 200);
    expect(removed.body.cart.lines.map((line: { productId: string }) => line.productId)).toEqual([shawl]);

    const again = await buyer.api.cart.items[':lineKey'].$delete({ param: { lineKey: diya } });
    expectStatus(again, 200);
    expect(again.body).toEqual(removed.body);
  });

  it('empties the cart', async () => {
    const buyer = await buyerWith(api, diya, 2);
    const cleared = await buyer.api.cart.$delete();
    expectStatus(cleared, 200);
    expect(cleared.body.cart).toEqual({ lines: [], count: 0, subtotalPaise: 0, dispatchBy: null });
    expect(ok(await buyer.api.cart.$get()).lines).toEqual([]);
  });
});
