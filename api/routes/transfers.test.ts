/**
 * Settlement of orders paid online, through the test gateway: a delivered seller order's
 * earning is transferred to its seller's linked account on hold, released once its return
 * window closes (the settlement pass run with the clock moved), reversed by a return accepted
 * after it; a seller without a payout account gets it once they set one up; and however often
 * the work runs, one transfer is made.
 */
import { describe, expect, it } from 'vitest';
import { orderDecider } from '../../domain/order/decider.ts';
import { orderStream } from '../../domain/order/events.ts';
import { later } from '../../domain/time.ts';
import type { OrderDoc } from '../../projections/orders/documents.ts';
import { settleSellerOrder } from '../../workers/settle-seller-order.ts';
import { settlementPass } from '../../workers/settlement.ts';
import { workerContext } from '../../workers/worker.ts';
import { type Client, ok } from '../testing/harness.ts';
import { fileApi, signInAdmin } from './catalog.fixtures.ts';
import { buyerWith, checkoutBody, listedProduct, partOf, signedIn } from './orders.fixtures.ts';
import { movedOrder } from './purchases.fixtures.ts';

const api = await fileApi();
const admin = await signInAdmin(api);
const gateway = api.platform.payments;
const DAY = 86_400_000;
const ACCOUNT = { beneficiaryName: 'Meera Crafts', accountNumber: '000123456789', ifsc: 'SBIN0001234' };

/** A seller with a product of ₹499 at the default 10% commission (earning ₹449.10 a unit); with a payout account unless told. */
async function sellerWithProduct({ payouts = true } = {}) {
  const seller = await signedIn(api, 'seller');
  if (payouts) ok(await seller.api.seller['payout-account'].$put({ json: ACCOUNT }));
  return { seller, productId: await listedProduct(api, seller) };
}

/** A buyer checks `quantity` of the product out, paying online, and pays on the gateway's page (its return comes back to MIBI). */
async function paidOnline(
  productId: string,
  quantity = 1,
): Promise<{ buyer: Client; order: OrderDoc; paymentId: string }> {
  const buyer = await buyerWith(api, productId, quantity);
  const placed = ok(await buyer.api.orders.$post({ header: {}, json: checkoutBody({ payment: 'online' }) }));
  const { order, payment } = placed;
  if (!payment) throw new Error('no payment to make');
  const paid = await api.gateway.control.pay(payment.gatewayOrderId);
  const back = await api.anonymous().api.payments.return[':id'].$post({ param: { id: order.id }, form: paid });
  expect(back.status).toBe(303);
  await api.settle();
  return { buyer, order, paymentId: paid.razorpay_payment_id };
}

/** The seller's ledger lines of `kind`. */
async function ledgerLines(seller: Client, kind: string) {
  await api.settle();
  const { entries } = ok(await seller.api.seller.ledger.$get({ query: {} }));
  return entries.items.filter((entry) => entry.kind === kind);
}

/** Settlement's work as the workers run it, at the time given. */
const workersAt = (now: string) => workerContext(api.platform, api.ctx.config, { now: () => now });

const transferEvents = async (orderId: string) =>
  (await api.ctx.streams.read(orderStream(orderId))).filter((event) => event.type.startsWith('Transfer'));

describe('a delivered seller order paid online', () => {
  it('is transferred on hold, then released once its return window closes', async () => {
    const { seller, productId } = await sellerWithProduct();
    const { order, paymentId } = await paidOnline(productId, 2);
    const sellerOrderId = partOf(order, seller).id;
    await movedOrder(api, order.id, 'delivered');

    const [transfer] = await ledgerLines(seller, 'transfer');
    expect(transfer).toMatchObject({ sellerOrderId, amountPaise: -898_20, transferState: 'on_hold' });
    const [atGateway] = await gateway.transfersOf(paymentId);
    expect(atGateway).toMatchObject({ id: transfer!.reference, amountPaise: 898_20, onHold: true });
    const { balance } = ok(await seller.api.seller.ledger.$get({ query: {} }));
    expect(balance).toMatchObject({
      earnedPaise: 898_20,
      paidPaise: 898_20,
      transferredPaise: 898_20,
      balancePaise: 0,
    });

    // A day before the window closes nothing moves; a minute after, the pass releases it.
    const deliveredAt = (await api.ctx.streams.load(orderStream(order.id), orderDecider)).state!.sellerOrders[0]!
      .deliveredAt!;
    await settlementPass(workersAt(later(deliveredAt, 6 * DAY)));
    expect((await ledgerLines(seller, 'transfer'))[0]!.transferState).toBe('on_hold');
    await settlementPass(workersAt(later(deliveredAt, 7 * DAY + 60_000)));
    expect((await ledgerLines(seller, 'transfer'))[0]!.transferState).toBe('released');
    expect((await gateway.transfersOf(paymentId))[0]!.onHold).toBe(false);
    // The transfer is caused by the delivery (the stream browser follows it); the pass's release by no event.
    const delivered = (await api.ctx.streams.read(orderStream(order.id))).find(
      (e) => e.type === 'SellerOrderDelivered',
    );
    expect((await transferEvents(order.id)).map(({ type, metadata }) => ({ type, ...metadata }))).toEqual([
      expect.objectContaining({ type: 'TransferCreated', correlationId: order.id, causationId: delivered!.id }),
      expect.objectContaining({ type: 'TransferReleased', correlationId: order.id, causationId: null }),
    ]);
    // The admins' payments list shows it with its state.
    const listed = ok(await admin.api.admin.payments.$get({ query: {} })).items.find((doc) => doc.id === order.id);
    expect(listed?.transfers).toEqual([
      expect.objectContaining({
        sellerOrderId,
        transferId: transfer!.reference,
        amountPaise: 898_20,
        state: 'released',
      }),
    ]);
  });

  it('has a return accepted after its transfer reversed: the returned units’ earning comes back out of it', async () => {
    const { seller, productId } = await sellerWithProduct();
    const { buyer, order, paymentId } = await paidOnline(productId, 2);
    const sellerOrderId = partOf(order, seller).id;
    await movedOrder(api, order.id, 'delivered');
    expect(await ledgerLines(seller, 'transfer')).toHaveLength(1);

    const asked = await buyer.api['seller-orders'][':id'].returns.$post({
      param: { id: sellerOrderId },
      json: { lines: [{ productId, quantity: 1 }], reason: 'The lamp arrived dented' },
    });
    const returnId = ok(asked).sellerOrder.returns[0]!.returnId;
    // While the return is open the transfer stays held, window or not.
    const deliveredAt = ok(asked).sellerOrder.deliveredAt!;
    await settlementPass(workersAt(later(deliveredAt, 8 * DAY)));
    expect((await ledgerLines(seller, 'transfer'))[0]!.transferState).toBe('on_hold');

    ok(
      await seller.api['seller-orders'][':id'].returns[':returnId'].decision.$post({
        param: { id: sellerOrderId, returnId },
        json: { accept: true, reason: 'Sorry about that' },
      }),
    );
    const [reversal] = await ledgerLines(seller, 'reversal');
    expect(reversal).toMatchObject({ returnId, amountPaise: 449_10 });
    expect((await gateway.transfersOf(paymentId))[0]).toMatchObject({ amountPaise: 898_20, reversedPaise: 449_10 });
    const { balance } = ok(await seller.api.seller.ledger.$get({ query: {} }));
    expect(balance).toMatchObject({ earnedPaise: 449_10, transferredPaise: 449_10, balancePaise: 0 });
    const listed = ok(await admin.api.admin.payments.$get({ query: {} })).items.find((doc) => doc.id === order.id);
    expect(listed?.transfers[0]).toMatchObject({ reversedPaise: 449_10, state: 'on_hold' });

    // What is left is released once the window has closed and no return is open.
    await settlementPass(workersAt(later(deliveredAt, 8 * DAY)));
    expect((await ledgerLines(seller, 'transfer'))[0]!.transferState).toBe('released');
  });
});

describe('a seller without a payout account at delivery', () => {
  it('gets the transfer once they set one up, and only one however often the work runs', async () => {
    const { seller, productId } = await sellerWithProduct({ payouts: false });
    const { order, paymentId } = await paidOnline(productId);
    const sellerOrderId = partOf(order, seller).id;
    await movedOrder(api, order.id, 'delivered');
    await api.settle();
    expect(await ledgerLines(seller, 'transfer')).toEqual([]);
    expect(await gateway.transfersOf(paymentId)).toEqual([]);

    // A job that made the gateway's transfer and died before recording it, as the next attempt finds it.
    const linked = await gateway.createLinkedAccount({
      reference: seller.user!.id,
      email: seller.user!.email,
      businessName: seller.user!.fullName,
      contactName: ACCOUNT.beneficiaryName,
      bank: ACCOUNT,
    });
    const crashed = await gateway.transfer(paymentId, {
      account: linked.id,
      amountPaise: 449_10,
      receipt: sellerOrderId,
      onHoldUntil: null,
    });

    ok(await seller.api.seller['payout-account'].$put({ json: ACCOUNT }));
    const [transfer] = await ledgerLines(seller, 'transfer');
    expect(transfer).toMatchObject({
      sellerOrderId,
      reference: crashed.id,
      amountPaise: -449_10,
      transferState: 'on_hold',
    });

    // The job again, at once, several times over: still one transfer at the gateway and in the log.
    const job = { orderId: order.id, sellerOrderId };
    const cx = workersAt(api.ctx.now());
    await Promise.all([settleSellerOrder(cx, job), settleSellerOrder(cx, job), settlementPass(cx)]);
    await settleSellerOrder(cx, job);
    expect(await gateway.transfersOf(paymentId)).toHaveLength(1);
    expect((await transferEvents(order.id)).map((event) => event.type)).toEqual(['TransferCreated']);
    expect(await ledgerLines(seller, 'transfer')).toHaveLength(1);
  });
});

describe('cash on delivery', () => {
  it('is never transferred: admins record its payouts by hand', async () => {
    const { seller, productId } = await sellerWithProduct();
    const buyer = await buyerWith(api, productId);
    const placed = ok(await buyer.api.orders.$post({ header: {}, json: checkoutBody() }));
    await movedOrder(api, placed.order.id, 'delivered');
    expect(await ledgerLines(seller, 'transfer')).toEqual([]);
    expect(await transferEvents(placed.order.id)).toEqual([]);
  });
});
