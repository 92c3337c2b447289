/**
 * Delivery windows (issue 27, Deliver 2): a product's to a PIN code, anyone may ask; the cart's,
 * per seller, for its buyer; and the window of the option chosen, recorded on each seller order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkingDays } from '../../domain/delivery/window.ts';
import { REGISTERED_FORM } from '../../domain/seller/tax-profile.fixtures.ts';
import { type Client, expectStatus, ok, startTestApi, type TestApi } from '../testing/harness.ts';
import { checkoutBody, listedProduct, signedIn } from './orders.fixtures.ts';

let api: TestApi;
let bengaluru: Client;
let sareeId: string;
beforeAll(async () => {
  api = await startTestApi();
  // A seller whose tax profile's address is in Bengaluru (560053), another with no profile.
  bengaluru = await signedIn(api, 'seller', 'Meera Weaves');
  ok(
    await bengaluru.api.sellers[':id']['tax-profile'].$put({
      param: { id: bengaluru.user!.id },
      json: REGISTERED_FORM,
    }),
  );
  sareeId = await listedProduct(api, bengaluru, { name: 'Ilkal saree', categoryId: 'textiles', madeToOrderDays: 3 });
});
afterAll(() => api.close());

const ofProduct = (client: Client, id: string, query: Record<string, string>) =>
  client.raw.get(`/api/delivery-estimates/products/${id}?${new URLSearchParams(query)}`);

describe('GET /api/delivery-estimates/products/{id}', () => {
  it('gives each option’s window to a PIN: the ship-by day plus the zone’s working days', async () => {
    const reply = ok(
      await api.anonymous().api['delivery-estimates'].products[':id'].$get({
        param: { id: sareeId },
        query: { pincode: '411001' },
      }),
    );
    expect(reply.place).toEqual({ state: 'Maharashtra', district: 'Pune', metro: 'Pune' });
    const [parcel] = reply.parcels;
    expect(parcel).toMatchObject({ sellerId: bengaluru.user!.id, sellerName: 'Meera Weaves', zone: 'metro_to_metro' });
    // Made to order in 3 days: 2 + 3 days to dispatch.
    const today = new Date().toISOString().slice(0, 10);
    expect(Date.parse(parcel!.shipBy) - Date.parse(today)).toBe(5 * 86_400_000);
    expect(parcel!.options).toEqual([
      { delivery: 'standard', from: addWorkingDays(parcel!.shipBy, 3), to: addWorkingDays(parcel!.shipBy, 5) },
      { delivery: 'express', from: addWorkingDays(parcel!.shipBy, 2), to: addWorkingDays(parcel!.shipBy, 3) },
      { delivery: 'overnight', from: addWorkingDays(parcel!.shipBy, 1), to: addWorkingDays(parcel!.shipBy, 2) },
    ]);
    const nearby = ok(
      await api.anonymous().api['delivery-estimates'].products[':id'].$get({
        param: { id: sareeId },
        query: { pincode: '560001' },
      }),
    );
    expect(nearby.parcels[0]!.zone).toBe('same_city');
  });

  it('refuses a PIN that is malformed, missing or unknown, and a product or variant that is not there', async () => {
    const anyone = api.anonymous();
    for (const [query, message] of [
      [{ pincode: '12345' }, 'Enter a valid 6-digit PIN code'],
      [{}, 'PIN code is required'],
      [{ pincode: '999999' }, 'This PIN code does not exist: check it'],
    ] as const) {
      const reply = await ofProduct(anyone, sareeId, query);
      expectStatus(reply, 400);
      expect(reply.body.error).toMatchObject({ code: 'validation_failed', fields: { pincode: message } });
    }
    expectStatus(await ofProduct(anyone, 'no-such-product', { pincode: '560001' }), 404);
    expectStatus(await ofProduct(anyone, sareeId, { pincode: '560001', variantId: 'v9' }), 404);
  });
});

describe('GET /api/delivery-estimates/cart and the promise kept on the order', () => {
  it('needs a signed-in buyer and a good PIN', async () => {
    expectStatus(await api.anonymous().raw.get('/api/delivery-estimates/cart?pincode=411001'), 401);
    const buyer = await signedIn(api);
    const reply = await buyer.raw.get('/api/delivery-estimates/cart?pincode=000000');
    expectStatus(reply, 400);
    expect(reply.body.error.fields).toEqual({ pincode: 'Enter a valid 6-digit PIN code' });
  });

  it('gives one parcel per seller; the order records the window of the option chosen on each seller order', async () => {
    const elsewhere = await signedIn(api, 'seller', 'Kutch Crafts');
    const bell = await listedProduct(api, elsewhere, { name: 'Copper bell' });
    const buyer = await signedIn(api);
    for (const productId of [sareeId, bell]) ok(await buyer.api.cart.items.$post({ json: { productId, quantity: 1 } }));

    const estimates = ok(await buyer.api['delivery-estimates'].cart.$get({ query: { pincode: '411001' } }));
    const zones = Object.fromEntries(estimates.parcels.map((p) => [p.sellerName, p.zone]));
    // No PIN on file: as far as can be.
    expect(zones).toEqual({ 'Meera Weaves': 'metro_to_metro', 'Kutch Crafts': 'rest_of_india' });

    const placed = await buyer.api.orders.$post({ header: {}, json: checkoutBody({ delivery: 'express' }) });
    expectStatus(placed, 201);
    const { position } = placed.body;
    // The parcels come in the order of the seller orders.
    const express = (n: number) => {
      const parcel = estimates.parcels[n]!;
      const { from, to } = parcel.options.find((o) => o.delivery === 'express')!;
      return { zone: parcel.zone, from, to };
    };
    const order = ok(await buyer.after(position).orders[':id'].$get({ param: { id: placed.body.order.id } }));
    expect(order.sellerOrders.map((part) => part.promise)).toEqual([express(0), express(1)]);
    const forSeller = ok(
      await bengaluru.after(position)['seller-orders'][':id'].$get({
        param: { id: order.sellerOrders.find((part) => part.sellerId === bengaluru.user!.id)!.id },
      }),
    );
    expect(forSeller.promise).toEqual(express(estimates.parcels.findIndex((p) => p.sellerName === 'Meera Weaves')));
  });
});
