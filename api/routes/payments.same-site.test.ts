/**
 * The hosted page's return is a form post from the gateway's site. When that site is the same
 * site as MIBI's on another port (the embedded test gateway on 127.0.0.1), the browser sends the
 * buyer's Lax session cookie along with Sec-Fetch-Site: same-site: the return still counts (it is
 * authenticated by the payment's signature), while cookie-authenticated writes stay refused.
 */
import { describe, expect, it } from 'vitest';
import { ok } from '../testing/harness.ts';
import { fileApi } from './catalog.fixtures.ts';
import { buyerWith, checkoutBody, listedProduct, signedIn } from './orders.fixtures.ts';

const api = await fileApi();
const seller = await signedIn(api, 'seller', 'Meera Crafts');
const GATEWAY_PAGE = { 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:4242' };

describe("the gateway's return from a site on the same host", () => {
  it("takes the buyer's browser back, session cookie and all, and the order is Paid; other writes from there are still refused", async () => {
    const productId = await listedProduct(api, seller, { stockQuantity: 5 });
    const buyer = await buyerWith(api, productId, 1);
    const { order, payment } = ok(
      await buyer.api.orders.$post({ header: {}, json: checkoutBody({ payment: 'online' }) }),
    );
    const paid = await api.gateway.control.pay(payment!.gatewayOrderId, 'upi');

    const back = await buyer.raw.request('POST', `/api/payments/return/${order.id}`, {
      body: new URLSearchParams(paid),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...GATEWAY_PAGE },
    });
    expect(back.status).toBe(303);
    await api.settle();
    expect(ok(await buyer.api.orders[':id'].$get({ param: { id: order.id } }))).toMatchObject({
      paymentStatus: 'paid',
    });

    const write = await buyer.raw.request('POST', '/api/cart/items', {
      json: { productId, quantity: 1 },
      headers: GATEWAY_PAGE,
    });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('cross_site');
  });
});
