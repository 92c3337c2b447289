/**
 * What the screens promise, kept by the server: a new listing says whether it is live or waits
 * for review; an admin's decision reaches its seller live and as a notification with the
 * reason; a checkout mails the buyer a confirmation of the purchase and its seller orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES } from '../commands/products.ts';
import { type Client, expectStatus, ok, ORIGIN, type TestApi, startTestApi } from '../testing/harness.ts';
import { signInAdmin } from './catalog.fixtures.ts';
import { checkedOut, listedProduct, signedIn } from './orders.fixtures.ts';

const NEW_PRODUCT = {
  name: 'Dhokra Elephant',
  description: 'Cast by hand in Bastar by the lost-wax process.',
  pricePaise: 250_000,
  stockQuantity: 3,
  categoryId: 'handicrafts',
  tags: [],
};

/** The server-sent events a client receives, as they arrive. */
async function liveEvents(api: TestApi, client: Client) {
  const response = await api.app.request(`${ORIGIN}/api/live`, { headers: { cookie: client.cookie! } });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  // A read outlives the wait that gave up on it: its chunk is taken by the next wait.
  let reading: Promise<ReadableStreamReadResult<string>> | null = null;
  return {
    /** Reads until an event of `type` whose data `match` accepts; throws after `ms`. */
    async until(
      type: string,
      match: (data: Record<string, unknown>) => boolean,
      ms = 5000,
    ): Promise<Record<string, unknown>> {
      const deadline = Date.now() + ms;
      for (;;) {
        for (const block of text.split('\n\n').slice(0, -1)) {
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === type && data && match(JSON.parse(data))) return JSON.parse(data);
        }
        if (Date.now() > deadline) throw new Error(`no ${type} within ${ms} ms`);
        reading ??= reader.read();
        const read = await Promise.race([
          reading,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 100)),
        ]);
        if (!read) continue;
        reading = null;
        if (read.done) throw new Error('the stream ended');
        text += read.value;
      }
    },
    close: () => reader.cancel(),
  };
}

describe('POST /api/seller/products', () => {
  it('answers that the product is live when the server verifies it at once (AUTO_VERIFY)', async () => {
    const api = await startTestApi();
    try {
      const seller = await signedIn(api, 'seller');
      const reply = await seller.api.seller.products.$post({ json: NEW_PRODUCT });
      expectStatus(reply, 201);
      expect(reply.body).toEqual({
        id: expect.any(String),
        position: expect.any(Number),
        verification: 'verified',
        message: LISTING_MESSAGES.verified,
      });
    } finally {
      await api.close();
    }
  });

  it('answers that it waits for review otherwise', async () => {
    const api = await startTestApi({ AUTO_VERIFY: 'false' });
    try {
      const seller = await signedIn(api, 'seller');
      const reply = await seller.api.seller.products.$post({ json: NEW_PRODUCT });
      expect(ok(reply)).toMatchObject({
        verification: 'pending',
        message: 'It is waiting for review and goes live once an admin has verified it.',
      });
    } finally {
      await api.close();
    }
  });
});

describe('an admin decides', () => {
  let api: TestApi;
  let admin: Client;
  beforeAll(async () => {
    api = await startTestApi({ AUTO_VERIFY: 'false' });
    admin = await signInAdmin(api);
  });
  afterAll(() => api.close());

  it('and the seller sees the row change live, then a notification and an e-mail with the reason; no other seller does', async () => {
    const seller = await signedIn(api, 'seller', 'Meera Weaves');
    const other = await signedIn(api, 'seller', 'Kashmir Looms');
    const listed = ok(await seller.api.seller.products.$post({ json: NEW_PRODUCT }));
    await api.settle();
    const [sellerLive, otherLive] = [await liveEvents(api, seller), await liveEvents(api, other)];

    const reason = 'Please add a photo of the maker at work';
    expect(
      (await admin.api.admin.products[':id'].reject.$post({ param: { id: listed.id }, json: { reason } })).status,
    ).toBe(200);
    expect(await sellerLive.until('seller-product.changed', (product) => product.id === listed.id)).toMatchObject({
      verification: 'rejected',
      rejectionReason: reason,
      displayStatus: 'Rejected',
    });
    const notice = await sellerLive.until('notification.added', (n) => n.orderId === null);
    expect(notice).toMatchObject({
      sellerId: seller.user!.id,
      title: 'Product rejected: Dhokra Elephant',
      body: `Reason: ${reason}\nEdit the product to send it for review again.`,
    });

    await api.settle();
    const notifications = ok(await seller.api.notifications.$get({ query: {} }));
    expect(notifications).toEqual({ items: [notice], unread: 1 });
    expect((await api.platform.mailbox!.list({ to: seller.user!.email })).map((mail) => mail.subject)).toContain(
      'Product rejected: Dhokra Elephant',
    );
    expect(ok(await other.api.notifications.$get({ query: {} }))).toEqual({ items: [], unread: 0 });
    await expect(otherLive.until('seller-product.changed', () => true, 300)).rejects.toThrow(
      'no seller-product.changed',
    );
    await Promise.all([sellerLive.close(), otherLive.close()]);

    // The seller marks it read like any notification.
    expect((await seller.api.notifications[':id'].read.$post({ param: { id: String(notice.id) } })).status).toBe(200);
  });

  it("tells the seller of a suspension of their account, with the admin's reason", async () => {
    const seller = await signedIn(api, 'seller');
    const reason = 'Counterfeit silk reported by three buyers';
    expect(
      (await admin.api.admin.sellers[':id'].suspend.$post({ param: { id: seller.user!.id }, json: { reason } })).status,
    ).toBe(200);
    await api.settle();
    const body = ok(await seller.api.notifications.$get({ query: {} }));
    expect(body.items).toEqual([
      expect.objectContaining({
        title: 'Your seller account is suspended',
        body: expect.stringContaining(`Reason: ${reason}`),
      }),
    ]);
  });
});

describe('checkout', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it("mails the buyer one confirmation with each seller's part, and the workers' health shows it reconciled", async () => {
    const [meera, kashmir] = [
      await signedIn(api, 'seller', 'Meera Weaves'),
      await signedIn(api, 'seller', 'Kashmir Looms'),
    ];
    const diya = await listedProduct(api, meera, { name: 'Brass Diya', pricePaise: 35_050 });
    const shawl = await listedProduct(api, kashmir, { name: 'Pashmina Shawl', pricePaise: 1_250_000 });
    const { buyer, order } = await checkedOut(api, [{ productId: diya, quantity: 2 }, { productId: shawl }]);
    await api.settle();

    const mails = await api.platform.mailbox!.list({ to: buyer.user!.email });
    const confirmations = mails.filter(
      (mail) => mail.subject === `Your MIBI order #${order.id.slice(0, 8)} is confirmed`,
    );
    expect(confirmations).toHaveLength(1);
    const { text } = confirmations[0]!;
    expect(text).toContain(`Hello ${buyer.user!.fullName},`);
    for (const part of order.sellerOrders)
      expect(text).toContain(`Order #${part.shortId}, sold by ${part.sellerName}\n`);
    expect(text).toContain('sold by Meera Weaves\n  2 × Brass Diya at ₹350.50\n  Subtotal: ₹701.00');
    expect(text).toContain('sold by Kashmir Looms\n  1 × Pashmina Shawl at ₹12,500.00\n  Subtotal: ₹12,500.00');
    expect(text).toContain('Standard Delivery (5-7 business days): ₹50.00\nTotal: ₹13,251.00');

    const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
    const health = ok(await admin.api.health.$get());
    expect(Object.keys(health.effects)).toEqual([
      'notifySeller',
      'confirmOrder',
      'notifyDecision',
      'tellCodeFailures',
      'notifyParties',
    ]);
  });
});
