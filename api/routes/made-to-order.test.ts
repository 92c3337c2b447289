import { describe, expect, it } from 'vitest';
import { expectStatus, ok } from '../testing/harness.ts';
import { SAREE } from './catalog.fixtures.ts';
import { checkedOut, craftsAndSpices, partOf, signedIn } from './orders.fixtures.ts';

const { api, crafts, spices } = await craftsAndSpices();

const MESSAGE = 'Made-to-order days must be a whole number from 1 to 90';
const DAY_MS = 86_400_000;

/** Lists a product of `seller` through the API, made to order in `days`. */
async function madeToOrder(days: number | null, seller = crafts): Promise<{ id: string; position: number }> {
  const listed = await seller.api.seller.products.$post({ json: { ...SAREE, madeToOrderDays: days } });
  expectStatus(listed, 201);
  return listed.body;
}

/** Runs `action` with the API's clock `days` ahead. */
async function daysLater<T>(days: number, action: () => Promise<T>): Promise<T> {
  const { now } = api.ctx;
  api.ctx.now = () => new Date(Date.parse(now()) + days * DAY_MS).toISOString();
  try {
    return await action();
  } finally {
    api.ctx.now = now;
  }
}

const dayAfter = (days: number): string =>
  new Date(Date.parse(api.ctx.now()) + days * DAY_MS).toISOString().slice(0, 10);

describe('made to order', () => {
  it('shows with the product to anyone; a product listed without it is not made to order', async () => {
    const shawl = await madeToOrder(10);
    const kept = await crafts.api.seller.products.$post({ json: SAREE });
    expectStatus(kept, 201);
    const anyone = api.anonymous().after(kept.body.position);
    expect(ok(await anyone.products[':id'].$get({ param: { id: shawl.id } })).madeToOrderDays).toBe(10);
    expect(ok(await anyone.products[':id'].$get({ param: { id: kept.body.id } })).madeToOrderDays).toBeNull();
  });

  it('refuses days that are not a whole number from 1 to 90, on listing and on edit', async () => {
    for (const days of [0, 91, 2.5, -3, '10', true]) {
      const listed = await crafts.raw.post('/api/seller/products', { ...SAREE, madeToOrderDays: days });
      expectStatus(listed, 400);
      expect(listed.body.error.fields).toEqual({ madeToOrderDays: MESSAGE });
    }
    const { id } = await madeToOrder(null);
    const edited = await crafts.raw.patch(`/api/seller/products/${id}`, { madeToOrderDays: 0 });
    expectStatus(edited, 400);
    expect(edited.body.error.fields).toEqual({ madeToOrderDays: MESSAGE });
  });

  it('changes at once on a verified product, shown in its history; only its seller may change it', async () => {
    const { id } = await madeToOrder(null);
    const edit = await crafts.api.seller.products[':id'].$patch({ param: { id }, json: { madeToOrderDays: 7 } });
    expectStatus(edit, 200);
    expect(edit.body.review).toBeNull();
    expect(ok(await crafts.after(edit.body.position).products[':id'].$get({ param: { id } })).madeToOrderDays).toBe(7);
    const history = ok(await crafts.after(edit.body.position).seller.products[':id'].history.$get({ param: { id } }));
    expect(history.items.flatMap((item) => item.changes ?? [])).toContainEqual({
      field: 'Made to order',
      before: 'none',
      after: '7 days',
    });
    const cleared = await crafts.api.seller.products[':id'].$patch({ param: { id }, json: { madeToOrderDays: null } });
    expectStatus(cleared, 200);
    expect(ok(await crafts.after(cleared.body.position).products[':id'].$get({ param: { id } })).madeToOrderDays).toBe(
      null,
    );
    expectStatus(await spices.api.seller.products[':id'].$patch({ param: { id }, json: { madeToOrderDays: 3 } }), 403);
  });

  it('gives the cart the day it would be dispatched by, and each seller order its ship-by day', async () => {
    const shawl = await madeToOrder(10);
    const pepper = await madeToOrder(null, spices);
    const buyer = await signedIn(api);
    const inCart = ok(await buyer.api.cart.items.$post({ json: { productId: pepper.id, quantity: 1 } })).cart;
    expect(inCart.dispatchBy).toBe(dayAfter(2));
    const both = ok(await buyer.api.cart.items.$post({ json: { productId: shawl.id, quantity: 1 } })).cart;
    expect(both.lines.map((line) => line.product.madeToOrderDays)).toEqual([null, 10]);
    expect(both.dispatchBy).toBe(dayAfter(12));

    const { order } = await checkedOut(api, [], buyer);
    expect(partOf(order, crafts).shipBy).toBe(dayAfter(12));
    expect(partOf(order, spices).shipBy).toBe(dayAfter(2));
  });

  it('flags a seller order late once its ship-by day is over, until it is shipped; only sellers list theirs', async () => {
    const { id } = await madeToOrder(3);
    const { order, position, buyer } = await checkedOut(api, [{ productId: id }]);
    const part = partOf(order, crafts);
    let after = position;
    const listed = async () => ok(await crafts.after(after)['seller-orders'].$get()).find((o) => o.id === part.id)!;
    expect(await listed()).toMatchObject({ shipBy: dayAfter(5), late: false });
    expect(await daysLater(5, listed)).toMatchObject({ late: false });
    expect(await daysLater(6, listed)).toMatchObject({ late: true });

    for (const status of ['processing', 'shipped'] as const) {
      const moved = await crafts.api['seller-orders'][':id'].status.$post({ param: { id: part.id }, json: { status } });
      expectStatus(moved, 200);
      after = moved.body.position;
    }
    expect(await daysLater(6, listed)).toMatchObject({ late: false });
    expectStatus(await buyer.api['seller-orders'].$get(), 403);
    expectStatus(await api.anonymous().api['seller-orders'].$get(), 401);
  });
});

describe('made to order by variant', () => {
  it('takes a variant’s own days over the product’s, in the cart and the ship-by day', async () => {
    const size = (value: string, madeToOrderDays?: number | null) => ({
      sku: `SHAWL-${value}`,
      optionValues: [value],
      pricePaise: 899_900,
      stockQuantity: 3,
      ...(madeToOrderDays !== undefined && { madeToOrderDays }),
    });
    const listed = await crafts.api.seller.products.$post({
      json: {
        ...SAREE,
        pricePaise: undefined,
        stockQuantity: undefined,
        originalPricePaise: null,
        madeToOrderDays: 10,
        options: [{ name: 'Size', values: ['Small', 'Large', 'Stole'] }],
        variants: [size('Small'), size('Large', 20), size('Stole', null)],
      },
    });
    expectStatus(listed, 201);
    const product = ok(
      await crafts.after(listed.body.position).products[':id'].$get({ param: { id: listed.body.id } }),
    );
    expect(product.variants.map((v) => v.madeToOrderDays)).toEqual([undefined, 20, null]);
    const bad = await crafts.raw.post('/api/seller/products', {
      ...SAREE,
      options: [{ name: 'Size', values: ['Small'] }],
      variants: [{ ...size('Small'), madeToOrderDays: 0 }],
    });
    expectStatus(bad, 400);
    expect(bad.body.error.fields).toMatchObject({ 'variants.0.madeToOrderDays': MESSAGE });

    const buyer = await signedIn(api);
    const add = (variant: number) =>
      buyer.api.cart.items.$post({ json: { productId: listed.body.id, variantId: product.variants[variant]!.id } });
    expect(ok(await add(2)).cart.dispatchBy).toBe(dayAfter(2));
    expect(ok(await add(0)).cart.dispatchBy).toBe(dayAfter(12));
    const cart = ok(await add(1)).cart;
    expect(cart.lines.map((line) => line.product.madeToOrderDays)).toEqual([null, 10, 20]);
    const { order } = await checkedOut(api, [], buyer);
    expect(partOf(order, crafts).shipBy).toBe(dayAfter(22));
  });
});
