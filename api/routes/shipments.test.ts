/**
 * Shipments (issue 27, deliver 1): tracking given when shipping or after, corrected; updates by
 * hand; the courier's signed webhook (sent by the test courier) moving the order to delivered;
 * forged, stale and repeated webhooks; /track by order number and e-mail. Each route's
 * authorization and bad input.
 */
import { describe, expect, it } from 'vitest';
import { webhookSignature } from '../../platform/couriers/aftership-wire.ts';
import { TRACK_NOT_FOUND } from '../commands/shipments.ts';
import { type Client, errorOf, expectStatus, ok } from '../testing/harness.ts';
import { checkedOut, craftsAndSpices, listedProduct, oversized, partOf, signedIn } from './orders.fixtures.ts';

const { api, crafts, spices, admin } = await craftsAndSpices();
const SPEED_POST = 'EE123456785IN';
let parcels = 0;
/** A Delhivery number of its own for each parcel: the tracking service keeps one tracking per number. */
const delhiveryNumber = () => String(1_234_567_890_000 + ++parcels);

const necklace = () =>
  listedProduct(api, crafts, {
    name: 'Kundan Necklace',
    pricePaise: 3_499_00,
    categoryId: 'jewelry',
    imageUrl: null,
    stockQuantity: 50,
  });

const seller = (client: Client) => client.api['seller-orders'][':id'];

/** A purchase of a necklace by `buyer` (a new buyer unless given), moved by crafts to processing. */
async function processing(buyer?: Client) {
  const { buyer: client, order } = await checkedOut(api, [{ productId: await necklace() }], buyer);
  const { id } = partOf(order, crafts);
  ok(await seller(crafts).status.$post({ param: { id }, json: { status: 'processing' } }));
  return { buyer: client, order, id };
}

/** Shipped by crafts with a Delhivery number, registered with the test courier. */
async function shippedWithDelhivery(buyer?: Client) {
  const purchase = await processing(buyer);
  const { id } = purchase;
  const awb = delhiveryNumber();
  const shipped = ok(
    await seller(crafts).status.$post({
      param: { id },
      json: { status: 'shipped', tracking: { carrier: 'delhivery', awb } },
    }),
  );
  await api.settle();
  return { ...purchase, shipped, awb };
}

const shipmentOf = async (client: Client, id: string) => {
  await api.settle();
  return seller(client).shipment.$get({ param: { id } });
};

const tracked = async (id: string) => ok(await shipmentOf(crafts, id));

describe('tracking', () => {
  it('is given with the move to shipped: the courier, its number and its tracking page, read by the buyer', async () => {
    const { buyer, id, shipped, awb } = await shippedWithDelhivery();
    expect(shipped.sellerOrder.shipment).toMatchObject({
      carrier: 'delhivery',
      carrierName: 'Delhivery',
      awb,
      trackingUrl: `https://www.delhivery.com/track/package/${awb}`,
      updates: [],
    });
    expect(ok(await shipmentOf(buyer, id))).toMatchObject({ sellerOrderId: id, status: 'shipped' });
    expect(ok(await shipmentOf(admin, id)).shipment?.awb).toBe(awb);
    // Registered with the courier tracking service, named by the seller order.
    expect(await api.courier.control.trackings()).toContainEqual(
      expect.objectContaining({ slug: 'delhivery', tracking_number: awb, order_id: id }),
    );
  });

  it('is another buyer’s or seller’s to read: 404', async () => {
    const { id } = await processing();
    for (const other of [await signedIn(api), spices]) {
      const reply = await shipmentOf(other, id);
      expectStatus(reply, 404);
      expect(errorOf(reply).code).toBe('not_found');
    }
    expectStatus(await api.anonymous().api['seller-orders'][':id'].shipment.$get({ param: { id } }), 401);
  });

  it('is added after shipping and corrected later, each recorded; the same again changes nothing', async () => {
    const { id } = await processing();
    const put = (json: Parameters<ReturnType<typeof seller>['tracking']['$put']>[0]['json']) =>
      seller(crafts).tracking.$put({ param: { id }, json });
    // Not before it is shipped.
    const early = await put({ carrier: 'india-post', awb: SPEED_POST });
    expectStatus(early, 409);
    expect(errorOf(early).message).toBe('Tracking can be added once the order is shipped');
    ok(await seller(crafts).status.$post({ param: { id }, json: { status: 'shipped' } }));
    const added = ok(await put({ carrier: 'india-post', awb: 'ee 123456785 in' }));
    expect(added.sellerOrder.shipment).toMatchObject({ carrierName: 'India Post (Speed Post)', awb: SPEED_POST });
    const corrected = ok(
      await put({
        carrier: 'other',
        awb: 'GT-99881',
        carrierName: 'Gati',
        trackingUrl: 'https://gati.example/t/GT-99881',
      }),
    );
    expect(corrected.sellerOrder.shipment).toMatchObject({
      carrier: 'other',
      carrierName: 'Gati',
      trackingUrl: 'https://gati.example/t/GT-99881',
    });
    expect(corrected.sellerOrder.shipment?.correctedAt).not.toBeNull();
    const again = ok(
      await put({
        carrier: 'other',
        awb: 'GT-99881',
        carrierName: 'Gati',
        trackingUrl: 'https://gati.example/t/GT-99881',
      }),
    );
    expect(again.position).toBe(corrected.position);
  });

  it('refuses bad input with the field at fault (400 JSON), too large a body (413)', async () => {
    const { id } = await processing();
    const bad = async (body: unknown, fields: Record<string, string>) => {
      const reply = await crafts.raw.put(`/api/seller-orders/${id}/tracking`, body);
      expectStatus(reply, 400);
      expect(reply.body.error).toMatchObject({ code: 'validation_failed', fields });
    };
    await bad(
      { carrier: 'india-post', awb: 'EE123456789IN' },
      {
        awb: 'India Post (Speed Post) tracking number is two letters, nine digits (the last a check digit) and IN, as EE123456785IN',
      },
    );
    await bad({ carrier: 'bluedart', awb: '12345' }, { awb: 'Blue Dart tracking number is 11 digits' });
    await bad({ carrier: 'pigeon', awb: '123456' }, { carrier: 'Choose the courier' });
    await bad(
      { carrier: 'other', awb: '123456' },
      { carrierName: 'Name the courier', trackingUrl: 'Give the link to follow the parcel' },
    );
    const move = await crafts.raw.post(`/api/seller-orders/${id}/status`, {
      status: 'processing',
      tracking: { carrier: 'delhivery', awb: delhiveryNumber() },
    });
    expectStatus(move, 400);
    expectStatus(await crafts.raw.put(`/api/seller-orders/${id}/tracking`, oversized()), 413);
  });

  it('is its seller’s (or an admin’s) to give: another seller 404, the buyer 403', async () => {
    const { buyer, id } = await processing();
    ok(await seller(crafts).status.$post({ param: { id }, json: { status: 'shipped' } }));
    const json = { carrier: 'delhivery', awb: delhiveryNumber() } as const;
    expectStatus(await seller(spices).tracking.$put({ param: { id }, json }), 404);
    expectStatus(await seller(await signedIn(api)).tracking.$put({ param: { id }, json }), 404);
    const byBuyer = await seller(buyer).tracking.$put({ param: { id }, json });
    expectStatus(byBuyer, 403);
    expect(errorOf(byBuyer).code).toBe('forbidden');
    ok(await seller(admin).tracking.$put({ param: { id }, json }));
  });
});

describe('updates by hand', () => {
  it('are added by the seller; delivered delivers the order; none after', async () => {
    const { id } = await shippedWithDelhivery();
    const add = (update: 'failed_attempt' | 'delivered', location = '') =>
      seller(crafts).shipment.updates.$post({ param: { id }, json: { update, location } });
    const failed = await add('failed_attempt', 'Jaipur');
    expectStatus(failed, 201);
    expect(failed.body.sellerOrder.status).toBe('shipped');
    const delivered = await add('delivered');
    expectStatus(delivered, 201);
    expect(delivered.body.sellerOrder.status).toBe('delivered');
    expect((await tracked(id)).shipment?.updates.map((u) => [u.label, u.location, u.source])).toEqual([
      ['Delivery attempt failed', 'Jaipur', 'seller'],
      ['Delivered', '', 'seller'],
    ]);
    const late = await add('failed_attempt');
    expectStatus(late, 409);
    expect(errorOf(late).message).toBe('This order is delivered: its tracking is closed');
  });

  it('are refused to others (404), to the buyer (403), and with bad input (400)', async () => {
    const { buyer, id } = await shippedWithDelhivery();
    const json = { update: 'in_transit' as const };
    expectStatus(await seller(spices).shipment.updates.$post({ param: { id }, json }), 404);
    expectStatus(await seller(buyer).shipment.updates.$post({ param: { id }, json }), 403);
    const bad = await crafts.raw.post(`/api/seller-orders/${id}/shipment/updates`, { update: 'lost_at_sea' });
    expectStatus(bad, 400);
    expect(bad.body.error.fields).toEqual({ update: 'Choose what happened to the parcel' });
    const hidden = await crafts.raw.post(`/api/seller-orders/${id}/shipment/updates`, {
      update: 'in_transit',
      location: 'Pune\u202e',
    });
    expectStatus(hidden, 400);
    expect((await tracked(id)).shipment?.updates).toEqual([]);
  });
});

describe('the courier webhook', () => {
  /** The test courier tells the parcel's next step to MIBI, as AfterShip would. */
  const step = (awb: string, tag: 'InTransit' | 'OutForDelivery' | 'Delivered' | 'Exception', subtag?: string) =>
    api.courier.control.step({
      slug: 'delhivery',
      tracking_number: awb,
      tag,
      location: 'Pune Hub',
      ...(subtag && { subtag }),
    });

  /** POSTs a body to the webhook as given, signed with `secret` (the test courier's unless told). */
  const post = (body: object, secret = api.courier.keys.webhookSecret) => {
    const raw = JSON.stringify(body);
    return api.anonymous().raw.post('/api/shipments/webhook', raw, {
      headers: { 'content-type': 'application/json', 'aftership-hmac-sha256': webhookSignature(secret, raw) },
    });
  };

  it('records each step and delivers the order on Delivered; a repeat changes nothing', async () => {
    const { buyer, id, order, awb } = await shippedWithDelhivery();
    expect((await step(awb, 'InTransit', 'InTransit_002')).status).toBe(200);
    expect((await step(awb, 'OutForDelivery')).status).toBe(200);
    const delivered = await step(awb, 'Delivered');
    expect(delivered.status).toBe(200);
    await api.settle();
    const purchase = ok(await buyer.api.orders[':id'].$get({ param: { id: order.id } }));
    expect(partOf(purchase, crafts)).toMatchObject({ status: 'delivered' });
    expect(partOf(purchase, crafts).shipment?.updates.map((u) => [u.label, u.source])).toEqual([
      ['Picked up', 'courier'],
      ['Out for delivery', 'courier'],
      ['Delivered', 'courier'],
    ]);
    // The delivery settles in the seller's ledger as a seller's move does.
    const ledger = ok(await crafts.api.seller.ledger.$get({ query: {} }));
    expect(JSON.stringify(ledger)).toContain(id);
    const before = await api.platform.events.lastPosition();
    expect((await api.courier.control.redeliver(delivered.event_id)).status).toBe(200);
    await api.settle();
    expect(await api.platform.events.lastPosition()).toBe(before);
  });

  it('records a return to origin, which does not deliver', async () => {
    const { id, awb } = await shippedWithDelhivery();
    await step(awb, 'Exception', 'Exception_011');
    const { status, shipment } = await tracked(id);
    expect(status).toBe('shipped');
    expect(shipment?.updates.map((u) => u.label)).toEqual(['Returned to origin']);
  });

  it('refuses a forged webhook (401) and a replayed old one (400), changing nothing', async () => {
    const { id, awb } = await shippedWithDelhivery();
    const body = {
      event: 'tracking_update',
      event_id: crypto.randomUUID(),
      ts: Math.floor(Date.now() / 1000),
      is_tracking_first_tag: true,
      msg: {
        id: 'x',
        tracking_number: awb,
        slug: 'delhivery',
        order_id: id,
        tag: 'Delivered',
        subtag: 'Delivered_001',
        checkpoints: [
          { checkpoint_time: new Date().toISOString(), location: 'Pune', message: '', tag: 'Delivered', subtag: '' },
        ],
      },
    };
    await api.settle();
    const before = await api.platform.events.lastPosition();
    const forged = await post(body, 'not-the-secret');
    expectStatus(forged, 401);
    expect(forged.body.error.code).toBe('invalid_signature');
    const unsigned = await api.anonymous().raw.post('/api/shipments/webhook', body);
    expectStatus(unsigned, 401);
    const replayed = await post({ ...body, ts: Math.floor(Date.now() / 1000) - 3600 });
    expectStatus(replayed, 400);
    expect(replayed.body.error.code).toBe('stale_webhook');
    const garbage = await post({ hello: 'courier' });
    expectStatus(garbage, 400);
    await api.settle();
    expect(await api.platform.events.lastPosition()).toBe(before);
    expect((await tracked(id)).status).toBe('shipped');
    // Signed and fresh, it holds; another parcel's number records nothing.
    const other = await post({ ...body, msg: { ...body.msg, tracking_number: '9999999999999' } });
    expectStatus(other, 200);
    expect(other.body).toEqual({ received: true, recorded: false, position: null });
    const signed = await post(body);
    expectStatus(signed, 200);
    expect(signed.body.recorded).toBe(true);
  });
});

describe('/track', () => {
  it('finds an order by its number and the buyer’s e-mail, signed out; the same 404 for a wrong one', async () => {
    const email = `track-${crypto.randomUUID()}@buyers.test`;
    const buyer = await api.signUp({ email });
    const { order, id, awb } = await shippedWithDelhivery(buyer);
    await api.settle();
    const visitor = api.anonymous();
    const found = ok(
      await visitor.api.shipments.track.$post({
        json: { orderNumber: `#${order.id.slice(0, 8)}`, email: email.toUpperCase() },
      }),
    );
    expect(found.orderId).toBe(order.id);
    expect(found.parts).toEqual([
      expect.objectContaining({
        status: 'shipped',
        items: [{ name: 'Kundan Necklace', variantLabel: '', quantity: 1 }],
      }),
    ]);
    expect(found.parts[0]?.shipment?.awb).toBe(awb);
    expect(JSON.stringify(found)).not.toContain('Pune'); // nothing of where it goes
    expect(id).toContain(order.id);
    for (const json of [
      { orderNumber: order.id.slice(0, 8), email: 'someone@else.test' },
      { orderNumber: '00000000', email },
    ]) {
      const missing = await visitor.api.shipments.track.$post({ json });
      expectStatus(missing, 404);
      expect(errorOf(missing)).toMatchObject({ code: 'not_found', message: TRACK_NOT_FOUND });
    }
    const bad = await visitor.raw.post('/api/shipments/track', { orderNumber: '' });
    expectStatus(bad, 400);
    expect(bad.body.error.fields).toEqual({ orderNumber: 'Order number is required', email: 'E-mail is required' });
  });
});
