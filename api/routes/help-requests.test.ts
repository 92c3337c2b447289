/**
 * Help requests and disputes through the API (issue 27, Deliver 4): the buyer asks for help, the
 * seller lets 48 hours pass (the clock moved), the buyer takes it to MIBI, an admin refunds half;
 * the seller order's earning is held meanwhile (no transfer released, no payout), and afterwards
 * the ledger, the refund at the gateway and both sides' views agree. Then who may do what, and
 * bad input.
 */
import { describe, expect, it } from 'vitest';
import { orderDecider } from '../../domain/order/decider.ts';
import { orderStream } from '../../domain/order/events.ts';
import { later } from '../../domain/time.ts';
import { shortSellerOrderId } from '../../domain/order/status.ts';
import { settlementPass } from '../../workers/settlement.ts';
import { workerContext } from '../../workers/worker.ts';
import { tinyPng } from '../images/tiny-png.fixtures.ts';
import { type Client, errorOf, expectStatus, ok } from '../testing/harness.ts';
import { fileApi, signInAdmin } from './catalog.fixtures.ts';
import { buyerWith, checkoutBody, listedProduct, partOf, signedIn } from './orders.fixtures.ts';
import { movedOrder } from './purchases.fixtures.ts';

const api = await fileApi();
const admin = await signInAdmin(api);
const gateway = api.platform.payments;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ACCOUNT = { beneficiaryName: 'Meera Crafts', accountNumber: '000123456789', ifsc: 'SBIN0001234' };

/** A delivered seller order of one ₹499 product (10% commission: ₹449.10 earned), paid online or on delivery. */
async function deliveredPurchase(payment: 'online' | 'cod' = 'online') {
  const seller = await signedIn(api, 'seller');
  if (payment === 'online') ok(await seller.api.seller['payout-account'].$put({ json: ACCOUNT }));
  const productId = await listedProduct(api, seller);
  const buyer = await buyerWith(api, productId, 1);
  const placed = ok(await buyer.api.orders.$post({ header: {}, json: checkoutBody({ payment }) }));
  let paymentId = '';
  if (placed.payment) {
    const paid = await api.gateway.control.pay(placed.payment.gatewayOrderId);
    const back = await api.anonymous().api.payments.return[':id'].$post({ param: { id: placed.order.id }, form: paid });
    expect(back.status).toBe(303);
    paymentId = paid.razorpay_payment_id;
  }
  await api.settle();
  await movedOrder(api, placed.order.id, 'delivered');
  await api.settle();
  const sellerOrderId = partOf(placed.order, seller).id;
  const deliveredAt = (await api.ctx.streams.load(orderStream(placed.order.id), orderDecider)).state!.sellerOrders[0]!
    .deliveredAt!;
  return { seller, buyer, orderId: placed.order.id, sellerOrderId, paymentId, deliveredAt };
}

/** Runs `action` with the API's clock at `at`. */
async function at<T>(when: string, action: () => Promise<T>): Promise<T> {
  const { now } = api.ctx;
  api.ctx.now = () => when;
  try {
    return await action();
  } finally {
    api.ctx.now = now;
  }
}

const workersAt = (now: string) => workerContext(api.platform, api.ctx.config, { now: () => now });

const ledgerOf = async (seller: Client) => {
  await api.settle();
  return ok(await seller.api.seller.ledger.$get({ query: {} }));
};

const ask = (client: Client, sellerOrderId: string, images: string[] = []) =>
  client.api['help-requests'].$post({
    json: { sellerOrderId, reason: 'damaged', text: 'The lamp came dented', images },
  });

const viewOf = async (client: Client, helpId: string) => {
  await api.settle();
  return ok(await client.api['help-requests'][':id'].$get({ param: { id: helpId } }));
};

describe('a help request the seller leaves unanswered, decided by MIBI', () => {
  it('holds the earning while disputed; a half refund reaches the buyer, the ledger and both views alike', async () => {
    const { seller, buyer, orderId, sellerOrderId, paymentId, deliveredAt } = await deliveredPurchase();
    const [transfer] = (await ledgerOf(seller)).entries.items.filter((e) => e.kind === 'transfer');
    expect(transfer).toMatchObject({ amountPaise: -449_10, transferState: 'on_hold' });

    // The buyer asks, with a photo uploaded through the thread's safe upload.
    const file = new File([Uint8Array.from(tinyPng())], 'dent.png', { type: 'image/png' });
    const photo = ok(await buyer.api.threads[':id'].images.$post({ param: { id: sellerOrderId }, form: { file } }));
    const askedAt = later(deliveredAt, DAY);
    const { helpId } = ok(await at(askedAt, () => ask(buyer, sellerOrderId, [photo.id])));
    expect(helpId).toBe(`${sellerOrderId}-H1`);
    const asked = await viewOf(seller, helpId);
    expect(asked).toMatchObject({
      status: 'open',
      reason: 'damaged',
      answerBy: later(askedAt, 48 * HOUR),
      images: [expect.objectContaining({ id: photo.id })],
    });
    // The seller is told, and the request is in the order's thread for both.
    const thread = ok(await seller.api.threads[':id'].$get({ param: { id: sellerOrderId } }));
    expect(thread.messages.map((m) => [m.from, m.text])).toEqual([['buyer', 'Damaged: The lamp came dented']]);

    // Within the 48 hours the buyer cannot take it to MIBI; once they have passed, they can.
    const escalate = () =>
      buyer.api['help-requests'][':id'].escalate.$post({ param: { id: helpId }, json: { text: 'No answer' } });
    const early = await at(later(askedAt, 47 * HOUR), escalate);
    expectStatus(early, 409);
    expect(errorOf(early).code).toBe('seller_has_time');
    ok(await at(later(askedAt, 48 * HOUR + 60_000), escalate));
    expect((await viewOf(buyer, helpId)).status).toBe('escalated');

    // Held: the return window closes, yet the transfer is not released.
    await settlementPass(workersAt(later(deliveredAt, 8 * DAY)));
    expect((await ledgerOf(seller)).entries.items.find((e) => e.kind === 'transfer')!.transferState).toBe('on_hold');

    // The admin sees it first in the queue, with the order, its payment and the thread (the read recorded).
    await api.settle();
    const queue = ok(await admin.api.admin.disputes.$get());
    expect(queue.items.map((d) => d.id)).toContain(helpId);
    const screen = ok(await admin.api.admin.disputes[':id'].$get({ param: { id: helpId } }));
    expect(screen.order).toMatchObject({
      id: orderId,
      payment: 'online',
      paymentStatus: 'paid',
      subtotalPaise: 499_00,
    });
    expect(screen.order.sellerOrders.find((p) => p.id === sellerOrderId)).toMatchObject({
      status: 'delivered',
      history: expect.arrayContaining([expect.objectContaining({ status: 'shipped' })]),
    });
    expect(screen.thread?.as).toBe('staff');

    // Half of ₹499 back: ₹249.50, of which ₹24.95 commission and ₹224.55 the seller's earning.
    const decided = await at(later(askedAt, 50 * HOUR), () =>
      admin.api.admin.disputes[':id'].decision.$post({
        param: { id: helpId },
        json: { outcome: 'refund', amountPaise: 249_50, reason: 'The photo shows the dent' },
      }),
    );
    ok(decided);
    await api.settle();

    // The refund, at the gateway and on the buyer's order.
    const refunds = await gateway.refundsOf(paymentId);
    expect(refunds.map((r) => [r.receipt, r.amountPaise])).toEqual([[`${helpId}-M`, 249_50]]);
    const order = ok(await buyer.api.orders[':id'].$get({ param: { id: orderId } }));
    expect(order.refunds).toEqual([
      expect.objectContaining({ refundId: `${helpId}-M`, amountPaise: 249_50, reason: 'help', status: 'processed' }),
    ]);

    // The ledger: the refund takes back sale, commission and earning; the transfer gives the earning back.
    const ledger = await ledgerOf(seller);
    expect(ledger.entries.items.find((e) => e.kind === 'refund')).toMatchObject({
      salesPaise: -249_50,
      commissionPaise: -24_95,
      amountPaise: -224_55,
    });
    expect(ledger.entries.items.find((e) => e.kind === 'reversal')).toMatchObject({
      returnId: `${helpId}-M`,
      amountPaise: 224_55,
    });
    expect(ledger.balance).toMatchObject({
      salesPaise: 249_50,
      commissionPaise: 24_95,
      earnedPaise: 224_55,
      transferredPaise: 224_55,
      balancePaise: 0,
      heldPaise: 0,
    });
    expect((await gateway.transfersOf(paymentId))[0]).toMatchObject({ amountPaise: 449_10, reversedPaise: 224_55 });

    // Both sides read the same decision and reason.
    for (const side of [buyer, seller]) {
      const view = await viewOf(side, helpId);
      expect(view).toMatchObject({ status: 'decided', refundedPaise: 249_50 });
      expect(view.steps.at(-1)).toMatchObject({
        kind: 'decided',
        by: 'mibi',
        outcome: 'refund',
        text: 'The photo shows the dent',
      });
    }

    // Each step told the other side by mail, once (the thread's copies mail nothing of their own).
    const subjects = async (client: Client) =>
      (await api.platform.mailbox!.list({ to: client.user!.email })).map((mail) => mail.subject);
    const named = `Order #${shortSellerOrderId(sellerOrderId)}`;
    expect(await subjects(seller)).toEqual(
      expect.arrayContaining([
        `Help requested: ${named}`,
        `${named}: the buyer asks MIBI to decide`,
        `MIBI decided on ${named}`,
      ]),
    );
    expect((await subjects(seller)).filter((subject) => subject.startsWith('Help requested'))).toHaveLength(1);
    expect(await subjects(buyer)).toContain(`MIBI decided on ${named}`);
    expect((await subjects(seller)).filter((subject) => subject.startsWith('New message'))).toEqual([]);

    // The hold is released: the rest of the transfer goes to the seller's bank.
    await settlementPass(workersAt(later(deliveredAt, 8 * DAY)));
    expect((await ledgerOf(seller)).entries.items.find((e) => e.kind === 'transfer')!.transferState).toBe('released');
    // Decided, the thread is the parties' again.
    expectStatus(await admin.api.threads[':id'].$get({ param: { id: sellerOrderId } }), 404);
  });

  it('holds a cash-on-delivery order’s earning from payouts until decided, then records the refund', async () => {
    const { seller, buyer, sellerOrderId } = await deliveredPurchase('cod');
    const { helpId } = ok(await ask(buyer, sellerOrderId));
    ok(
      await seller.api['help-requests'][':id'].answer.$post({
        param: { id: helpId },
        json: { text: 'Please send a photo' },
      }),
    );
    // Answered: the buyer may take it to MIBI at once.
    ok(await buyer.api['help-requests'][':id'].escalate.$post({ param: { id: helpId }, json: { text: 'Not enough' } }));
    expect((await ledgerOf(seller)).balance).toMatchObject({ balancePaise: 449_10, heldPaise: 449_10 });
    const payout = (amountPaise: number) =>
      admin.api.admin.sellers[':id'].payouts.$post({
        param: { id: seller.user!.id },
        json: { amountPaise, paidOn: new Date().toISOString().slice(0, 10), reference: `UTR ${amountPaise}` },
      });
    expectStatus(await payout(100), 422);

    ok(
      await admin.api.admin.disputes[':id'].decision.$post({
        param: { id: helpId },
        json: { outcome: 'seller', reason: 'The parcel was delivered whole' },
      }),
    );
    expect((await ledgerOf(seller)).balance).toMatchObject({ balancePaise: 449_10, heldPaise: 0 });
    ok(await payout(449_10));
    expect((await viewOf(buyer, helpId)).steps.at(-1)).toMatchObject({ outcome: 'seller', refundPaise: null });
  });
});

describe('who may do what', () => {
  it('answers 404 to another buyer or seller and 403 to the wrong side, for every route', async () => {
    const { seller, buyer, sellerOrderId } = await deliveredPurchase('cod');
    const [otherBuyer, otherSeller] = await Promise.all([signedIn(api), signedIn(api, 'seller')]);
    for (const stranger of [otherBuyer, otherSeller]) expectStatus(await ask(stranger, sellerOrderId), 404);
    expectStatus(await ask(seller, sellerOrderId), 403);
    expectStatus(await ask(admin, sellerOrderId), 403);
    const { helpId } = ok(await ask(buyer, sellerOrderId));
    const param = { param: { id: helpId } };
    const answer = (c: Client) => c.api['help-requests'][':id'].answer.$post({ ...param, json: { text: 'Sorry' } });
    const resolve = (c: Client) =>
      c.api['help-requests'][':id'].resolve.$post({ ...param, json: { resolution: 'replacement', text: 'New one' } });
    const escalate = (c: Client) => c.api['help-requests'][':id'].escalate.$post({ ...param, json: { text: 'Help' } });
    await api.settle();
    for (const stranger of [otherBuyer, otherSeller]) {
      expectStatus(await stranger.api['help-requests'][':id'].$get(param), 404);
      for (const call of [answer, resolve, escalate]) expectStatus(await call(stranger), 404);
    }
    expectStatus(await answer(buyer), 403);
    expectStatus(await resolve(buyer), 403);
    expectStatus(await escalate(seller), 403);
    // Not with MIBI: admins neither read it nor its thread.
    expectStatus(await admin.api['help-requests'][':id'].$get(param), 404);
    expectStatus(await admin.api.admin.disputes[':id'].$get(param), 404);
    // The admin console is for admins.
    for (const user of [buyer, seller]) {
      expectStatus(await user.api.admin.disputes.$get(), 403);
      expectStatus(await user.api.admin.disputes[':id'].$get(param), 403);
      expectStatus(
        await user.api.admin.disputes[':id'].decision.$post({ ...param, json: { outcome: 'seller', reason: 'x' } }),
        403,
      );
    }
    // The seller resolves; the buyer may still take it to MIBI; a second request waits for this one.
    ok(await resolve(seller));
    expectStatus(await ask(buyer, sellerOrderId), 201);
    expectStatus(await ask(buyer, sellerOrderId), 409);
  });

  it('answers 404 for unknown ids and 409 before the parcel is shipped', async () => {
    const buyer = await signedIn(api);
    for (const id of ['nope', 'nope-1-H1', `${crypto.randomUUID()}-1-H1`])
      expectStatus(await buyer.api['help-requests'][':id'].$get({ param: { id } }), 404);
    expectStatus(await ask(buyer, `${crypto.randomUUID()}-1`), 404);
    expectStatus(await ask(buyer, 'not-an-order'), 404);
    const seller = await signedIn(api, 'seller');
    const productId = await listedProduct(api, seller);
    const owner = await buyerWith(api, productId, 1);
    const placed = ok(await owner.api.orders.$post({ header: {}, json: checkoutBody() }));
    const early = await ask(owner, partOf(placed.order, seller).id);
    expectStatus(early, 409);
    expect(errorOf(early).code).toBe('not_shipped');
  });
});

describe('bad input', () => {
  it('answers 400 with the field at fault', async () => {
    const { seller, buyer, sellerOrderId } = await deliveredPurchase('cod');
    const raw = (client: Client, path: string, body: unknown) => client.raw.post(path, body);
    const cases: Array<[unknown, string]> = [
      [{ sellerOrderId, reason: 'bored', text: 'x' }, 'reason'],
      [{ sellerOrderId, reason: 'damaged', text: '  ' }, 'text'],
      [{ sellerOrderId, reason: 'damaged', text: 'x'.repeat(2001) }, 'text'],
      [{ sellerOrderId, reason: 'damaged', text: 'x', images: ['a', 'b', 'c', 'd', 'e'] }, 'images'],
      [{ sellerOrderId, reason: 'damaged', text: 'x', images: ['not-my-upload'] }, 'images'],
      [{ reason: 'damaged', text: 'x' }, 'sellerOrderId'],
    ];
    for (const [body, field] of cases) {
      const reply = await raw(buyer, '/api/help-requests', body);
      expectStatus(reply, 400);
      expect(Object.keys(errorOf(reply).fields ?? {})).toContain(field);
    }
    const { helpId } = ok(await ask(buyer, sellerOrderId));
    const path = `/api/help-requests/${helpId}`;
    expectStatus(await raw(seller, `${path}/answer`, { text: '' }), 400);
    expectStatus(await raw(seller, `${path}/resolve`, { resolution: 'hug', text: 'x' }), 400);
    const noAmount = await raw(seller, `${path}/resolve`, { resolution: 'refund', text: 'x' });
    expectStatus(noAmount, 400);
    expect(errorOf(noAmount).fields).toHaveProperty('amountPaise');
    const tooMuch = await raw(seller, `${path}/resolve`, { resolution: 'refund', amountPaise: 50_000, text: 'x' });
    expectStatus(tooMuch, 400);
    expect(errorOf(tooMuch).fields).toHaveProperty('amountPaise');
    expectStatus(await raw(seller, `${path}/resolve`, { resolution: 'refund', amountPaise: 1.5, text: 'x' }), 400);
    expectStatus(await raw(buyer, `${path}/escalate`, {}), 400);
    ok(await seller.api['help-requests'][':id'].answer.$post({ param: { id: helpId }, json: { text: 'Hm' } }));
    ok(await buyer.api['help-requests'][':id'].escalate.$post({ param: { id: helpId }, json: { text: 'Help' } }));
    const decision = `/api/admin/disputes/${helpId}/decision`;
    expectStatus(await raw(admin, decision, { outcome: 'maybe', reason: 'x' }), 400);
    expectStatus(await raw(admin, decision, { outcome: 'refund', reason: 'x' }), 400);
    expectStatus(await raw(admin, decision, { outcome: 'seller', reason: '' }), 400);
    expectStatus(await raw(admin, decision, 'not json'), 400);
  });
});
