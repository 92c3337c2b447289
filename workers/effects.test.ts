import { describe, expect, it } from 'vitest';
import { type AccountEvent, accountStream } from '../domain/account/events.ts';
import { notificationStream } from '../domain/notification/events.ts';
import { confirmationStream } from '../domain/order/confirmation.ts';
import { type OrderEvent, type OrderLine, orderStream } from '../domain/order/events.ts';
import { sellerOrdersOf } from '../domain/order/upcast.ts';
import { type ProductEvent, productStream } from '../domain/product/events.ts';
import { type SellerEvent, sellerStream } from '../domain/seller/events.ts';
import { notifications } from '../projections/notifications/projection.ts';
import { CONFIRM_ORDER, confirmOrderEffect } from './confirm-order.ts';
import { EFFECTS, type ReconciliationDoc } from './effect.ts';
import { EFFECTS_OF_LOG } from './index.ts';
import { NOTIFY_DECISION } from './notify-decision.ts';
import { TELL_CODE_FAILURES, tellCodeFailuresEffect } from './tell-code-failures.ts';
import { LINKS, testBedPerTest } from './workers.fixtures.ts';
import type { NotificationDoc } from '../projections/notifications/documents.ts';
import { NOTIFICATIONS } from '../projections/notifications/projection.ts';
import { KOCHI_ADDRESS } from '../domain/order/addresses.fixtures.ts';
import { accountRegistered } from '../domain/account/events.fixtures.ts';

const AT = '2024-05-01T10:00:00.000Z';

const bed = testBedPerTest([notifications]);

const start = () => bed.startWorkers();

async function account(fullName: string, email: string, role: 'buyer' | 'seller'): Promise<string> {
  const userId = crypto.randomUUID();
  await bed.platform.events.append(
    accountStream(userId),
    [accountRegistered(userId, fullName, email, role)],
    'no_stream',
  );
  return userId;
}

const line = (sellerId: string, sellerName: string, name: string, pricePaise: number): OrderLine => ({
  productId: crypto.randomUUID(),
  name,
  pricePaise,
  quantity: 1,
  imageUrl: null,
  sellerId,
  sellerName,
  categoryId: 'handicrafts',
});

async function placeOrder(buyerId: string, lines: OrderLine[]): Promise<string> {
  const orderId = crypto.randomUUID();
  const placed: OrderEvent = {
    type: 'OrderPlaced',
    data: {
      orderId,
      sellerOrders: sellerOrdersOf(orderId, lines, AT),
      buyerId,
      buyerName: 'Kavya Menon',
      lines,
      shippingAddress: KOCHI_ADDRESS,
      delivery: 'standard',
      payment: 'cod',
      subtotalPaise: lines.reduce((total, l) => total + l.pricePaise, 0),
      deliveryChargePaise: 5000,
      totalPaise: lines.reduce((total, l) => total + l.pricePaise, 5000),
      placedAt: AT,
    },
  };
  await bed.platform.events.append(orderStream(orderId), [placed], 'no_stream');
  return orderId;
}

const settled = () => bed.settled();

const mailsTo = (email: string) => bed.mailer.sent.filter((mail) => mail.to === email);

describe('confirm-order', () => {
  it('mails the buyer one confirmation listing each seller order, and records it', async () => {
    await start();
    const buyer = await account('Kavya Menon', 'kavya@mibi.test', 'buyer');
    const orderId = await placeOrder(buyer, [
      line('s-1', 'Meera Weaves', 'Brass Diya', 35_050),
      line('s-2', 'Kashmir Looms', 'Pashmina Shawl', 1_250_000),
    ]);
    await settled();

    const [mail] = mailsTo('kavya@mibi.test');
    expect(mailsTo('kavya@mibi.test')).toHaveLength(1);
    expect(mail).toMatchObject({
      subject: `Your MIBI order #${orderId.slice(0, 8)} is confirmed`,
      key: `order-confirmation:${orderId}`,
    });
    expect(mail!.text).toContain(`Order #${orderId.slice(0, 8)}-1, sold by Meera Weaves\n  1 × Brass Diya at ₹350.50`);
    expect(mail!.text).toContain(
      `Order #${orderId.slice(0, 8)}-2, sold by Kashmir Looms\n  1 × Pashmina Shawl at ₹12,500.00`,
    );
    expect(mail!.text).toContain('Total: ₹12,900.50');
    const [recorded] = await bed.platform.events.readStream(confirmationStream(orderId));
    const [placed] = await bed.platform.events.readStream(orderStream(orderId));
    expect(recorded).toMatchObject({
      type: 'OrderConfirmationMailed',
      data: { orderId, buyerId: buyer, to: 'kavya@mibi.test' },
    });
    expect(recorded!.metadata).toMatchObject({
      causationId: placed!.id,
      correlationId: placed!.metadata.correlationId,
    });
  });

  it('retries a failing mailer and ends with one mail; a replay of the log from zero sends none', async () => {
    await start();
    const buyer = await account('Kavya Menon', 'kavya@mibi.test', 'buyer');
    bed.mailer.failures = 2;
    const orderId = await placeOrder(buyer, [line('s-1', 'Meera Weaves', 'Brass Diya', 35_050)]);
    await settled();
    expect(mailsTo('kavya@mibi.test')).toHaveLength(1);

    await bed.replayFromZero(confirmOrderEffect.reactor);
    await settled();
    expect(mailsTo('kavya@mibi.test')).toHaveLength(1);
    expect(await bed.platform.events.readStream(confirmationStream(orderId))).toHaveLength(1);
  });

  it('re-adds a confirmation a lost queue dropped, once', async () => {
    await start();
    const buyer = await account('Kavya Menon', 'kavya@mibi.test', 'buyer');
    await bed.losingJobs(CONFIRM_ORDER, async () => {
      await placeOrder(buyer, [line('s-1', 'Meera Weaves', 'Brass Diya', 35_050)]);
      await settled();
    });
    expect(mailsTo('kavya@mibi.test')).toEqual([]);

    expect(await bed.reconcile(confirmOrderEffect)).toMatchObject({
      checked: 1,
      requeued: 1,
      dead: 0,
    });
    await settled();
    expect(mailsTo('kavya@mibi.test')).toHaveLength(1);
    const last = await bed.platform.read.checkpoint(confirmOrderEffect.reactor);
    expect(await bed.reconcile(confirmOrderEffect)).toMatchObject({
      requeued: 0,
      confirmedThrough: last,
    });
    expect(mailsTo('kavya@mibi.test')).toHaveLength(1);
  });

  it('added to a marketplace in use, starts at the end of its log: earlier buyers get no mail, later ones do', async () => {
    const buyer = await account('Kavya Menon', 'kavya@mibi.test', 'buyer');
    await placeOrder(buyer, [line('s-1', 'Meera Weaves', 'Brass Diya', 35_050)]);
    // `mibi reconcile` run before the upgraded workers first start changes nothing of that.
    await bed.reconcile(confirmOrderEffect);
    await start();
    const later = await placeOrder(buyer, [line('s-1', 'Meera Weaves', 'Brass Diya', 35_050)]);
    await settled();
    expect(mailsTo('kavya@mibi.test').map((mail) => mail.key)).toEqual([`order-confirmation:${later}`]);
    expect(await bed.platform.read.collection<ReconciliationDoc>(EFFECTS).get(CONFIRM_ORDER)).toMatchObject({
      requeued: 0,
      dead: 0,
    });
  });
});

describe('notify-decision', () => {
  async function listProduct(sellerId: string, name: string): Promise<string> {
    const productId = crypto.randomUUID();
    const details = {
      name,
      description: 'Cast by hand in Bastar.',
      pricePaise: 250_000,
      originalPricePaise: null,
      categoryId: 'handicrafts',
      imageUrl: null,
      tags: [],
    };
    const listed: ProductEvent = {
      type: 'ProductListed',
      data: { productId, sellerId, ...details, stockQuantity: 3, listedAt: AT },
    };
    await bed.platform.events.append(productStream(productId), [listed], 'no_stream');
    return productId;
  }
  const decide = async (productId: string, event: ProductEvent) =>
    (await bed.platform.events.append(productStream(productId), [event], 'any')).position;
  const notificationsOf = (sellerId: string) =>
    bed.platform.read
      .collection<NotificationDoc>(NOTIFICATIONS)
      .find({ where: { sellerId }, sort: [['createdAt', 'asc']] });

  it('tells the seller of a rejection with the reason, in the app and by e-mail, naming the product as it was then', async () => {
    await start();
    const seller = await account('Meera Weaves', 'meera@mibi.test', 'seller');
    const productId = await listProduct(seller, 'Dhokra Elephant');
    await decide(productId, {
      type: 'ProductRejected',
      data: { productId, by: 'admin-1', at: AT, reason: 'Please add a photo of the maker' },
    });
    const renamed = { name: 'Dhokra Elephant, lost-wax' };
    await decide(productId, {
      type: 'ProductUpdated',
      data: { productId, by: seller, at: AT, before: { name: 'Dhokra Elephant' }, after: renamed },
    });
    await settled();

    expect(await notificationsOf(seller)).toEqual([
      expect.objectContaining({
        sellerId: seller,
        orderId: null,
        sellerOrderId: null,
        title: 'Product rejected: Dhokra Elephant',
        body: 'Reason: Please add a photo of the maker\nEdit the product to send it for review again.',
        read: false,
        createdAt: AT,
      }),
    ]);
    expect(mailsTo('meera@mibi.test').map(({ subject }) => subject)).toEqual(['Product rejected: Dhokra Elephant']);
    expect(mailsTo('meera@mibi.test')[0]!.text).toContain(
      'Hello Meera Weaves,\n\nProduct rejected: Dhokra Elephant\n\nReason: Please add a photo of the maker',
    );
  });

  it("tells of the seller's standing, and nothing of the server's own verification (AUTO_VERIFY)", async () => {
    await start();
    const seller = await account('Meera Weaves', 'meera@mibi.test', 'seller');
    const productId = await listProduct(seller, 'Dhokra Elephant');
    await decide(productId, { type: 'ProductVerified', data: { productId, by: 'system', at: AT } });
    const suspended: SellerEvent = {
      type: 'SellerSuspended',
      data: { sellerId: seller, by: 'admin-1', at: AT, reason: 'Counterfeit silk reported' },
    };
    await bed.platform.events.append(sellerStream(seller), [suspended], 'any');
    await settled();
    expect((await notificationsOf(seller)).map((n) => n.title)).toEqual(['Your seller account is suspended']);
    expect(mailsTo('meera@mibi.test')).toHaveLength(1);
  });

  it('on a log it has followed since it was empty, keeps every event that came while the workers were stopped', async () => {
    await start();
    await bed.stopWorkers();
    const seller = await account('Meera Weaves', 'meera@mibi.test', 'seller');
    const productId = await listProduct(seller, 'Dhokra Elephant');
    await decide(productId, { type: 'ProductFeatured', data: { productId, by: 'admin-1', at: AT } });
    await start();
    await settled();
    expect((await notificationsOf(seller)).map((n) => n.title)).toEqual(['Product featured: Dhokra Elephant']);
  });

  it('tells each decision once across retries, a replay from zero and a lost queue', async () => {
    await start();
    const seller = await account('Meera Weaves', 'meera@mibi.test', 'seller');
    const productId = await listProduct(seller, 'Dhokra Elephant');
    bed.mailer.failures = 2;
    await decide(productId, { type: 'ProductFeatured', data: { productId, by: 'admin-1', at: AT } });
    await settled();
    expect(mailsTo('meera@mibi.test')).toHaveLength(1);

    await bed.replayFromZero('reactor:notify-decision');
    await settled();

    await bed.losingJobs(NOTIFY_DECISION, async () => {
      await decide(productId, {
        type: 'ProductUnfeatured',
        data: { productId, by: 'admin-1', at: '2024-05-02T10:00:00.000Z' },
      });
      await settled();
    });
    await bed.reconcile(EFFECTS_OF_LOG.find((effect) => effect.job === NOTIFY_DECISION)!);
    await settled();

    expect((await notificationsOf(seller)).map((n) => n.title)).toEqual([
      'Product featured: Dhokra Elephant',
      'No longer featured: Dhokra Elephant',
    ]);
    expect(mailsTo('meera@mibi.test')).toHaveLength(2);
    const [first] = await notificationsOf(seller);
    expect((await bed.platform.events.readStream(notificationStream(first!.id))).map((e) => e.type)).toEqual([
      'SellerDecisionNotified',
      'NotificationMailed',
    ]);
  });
});

describe('tell-code-failures', () => {
  /** What the sign-in's second step appends after a burst of wrong codes (api/routes/account-security.ts). */
  async function codesLocked(userId: string, burst: number): Promise<void> {
    const locked: AccountEvent = {
      type: 'SecondFactorCodesLocked',
      data: { userId, burst, failures: 10, waitMs: 15 * 60_000 * burst, at: AT },
    };
    await bed.platform.events.append(accountStream(userId), [locked], 'any');
  }

  it('mails a burst recorded while the workers were down once they are back (a crash between the answer and the mail), once', async () => {
    const owner = await account('Asha Rao', 'asha@mibi.test', 'seller');
    await start();
    await bed.stopWorkers(); // the process dies: the burst is in the log, nothing mailed yet
    await codesLocked(owner, 1);
    expect(mailsTo('asha@mibi.test')).toEqual([]);

    await start();
    await settled();
    const [mail] = mailsTo('asha@mibi.test');
    expect(mail).toMatchObject({ subject: 'Wrong sign-in codes for your MIBI account' });
    expect(mail!.text).toContain('gave 10 wrong codes');
    expect(mail!.text).toContain('Codes are refused for the next 15 minutes');
    expect(mail!.text).toContain(`change it now at ${LINKS.PUBLIC_URL}/forgot-password`);

    // Restarted again, replayed from zero, reconciled: still the one mail.
    await bed.replayFromZero(tellCodeFailuresEffect.reactor);
    await bed.reconcile(tellCodeFailuresEffect);
    await settled();
    expect(mailsTo('asha@mibi.test')).toHaveLength(1);
  });

  it('retries a failing mailer and re-adds what a lost queue dropped: one mail per burst', async () => {
    const owner = await account('Asha Rao', 'asha@mibi.test', 'seller');
    await start();
    bed.mailer.failures = 2;
    await codesLocked(owner, 1);
    await settled();
    expect(mailsTo('asha@mibi.test')).toHaveLength(1);

    await bed.losingJobs(TELL_CODE_FAILURES, async () => {
      await codesLocked(owner, 2);
      await settled();
    });
    expect(mailsTo('asha@mibi.test')).toHaveLength(1);
    expect(await bed.reconcile(tellCodeFailuresEffect)).toMatchObject({ requeued: 1 });
    await settled();
    expect(mailsTo('asha@mibi.test').map((mail) => mail.text.includes('next 30 minutes'))).toEqual([false, true]);
  });
});
