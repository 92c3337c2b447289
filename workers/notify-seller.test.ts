import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountStream } from '../domain/account/events.ts';
import { notificationId, notificationStream } from '../domain/notification/events.ts';
import { type OrderEvent, type OrderLine, orderStream } from '../domain/order/events.ts';
import { shortSellerOrderId } from '../domain/order/status.ts';
import { type LegacyOrderEvent, sellerOrdersOf } from '../domain/order/upcast.ts';
import { notifications } from '../projections/notifications/projection.ts';
import { NOTIFY_SELLER } from './notify-seller.ts';
import { ORDER_REACTOR } from './order-reactor.ts';
import { EFFECTS, RECONCILER, type ReconciliationDoc, reconcileSellerNotifications } from './reconcile.ts';
import { workerContext } from './worker.ts';
import { LINKS, RETRY, testBedPerTest } from './workers.fixtures.ts';
import type { NotificationDoc } from '../projections/notifications/documents.ts';
import { NOTIFICATIONS } from '../projections/notifications/projection.ts';
import { PUNE_ADDRESS } from '../domain/order/addresses.fixtures.ts';
import { accountRegistered } from '../domain/account/events.fixtures.ts';

const AT = '2024-05-01T10:00:00.000Z';

const bed = testBedPerTest([notifications]);

beforeEach(async () => {
  await bed.startWorkers();
});

async function seller(fullName: string, email: string): Promise<string> {
  const userId = crypto.randomUUID();
  const registered = accountRegistered(userId, fullName, email, 'seller');
  await bed.platform.events.append(accountStream(userId), [registered], 'no_stream');
  return userId;
}

const line = (sellerId: string, name: string, pricePaise: number, quantity = 1): OrderLine => ({
  productId: crypto.randomUUID(),
  name,
  pricePaise,
  quantity,
  imageUrl: null,
  sellerId,
  sellerName: 'unused',
  categoryId: 'handicrafts',
});

/** Places a purchase of `lines`; `legacy`, as written before seller orders existed (no `sellerOrders`). */
async function placeOrder(lines: OrderLine[], { legacy = false } = {}): Promise<string> {
  const orderId = crypto.randomUUID();
  const placed: OrderEvent | LegacyOrderEvent = {
    type: 'OrderPlaced',
    data: {
      orderId,
      ...(!legacy && { sellerOrders: sellerOrdersOf(orderId, lines, AT) }),
      buyerId: 'buyer-1',
      buyerName: 'Asha Rao',
      lines,
      shippingAddress: PUNE_ADDRESS,
      delivery: 'standard',
      payment: 'cod',
      subtotalPaise: 0,
      deliveryChargePaise: 5000,
      totalPaise: 5000,
      placedAt: AT,
    },
  };
  await bed.platform.events.append(orderStream(orderId), [placed], 'no_stream');
  return orderId;
}

/** Waits until the reactor has read the whole log, the jobs are done and the notifications projected. */
async function settled(): Promise<void> {
  const last = await bed.platform.events.lastPosition();
  await vi.waitFor(async () => expect(await bed.platform.read.checkpoint(ORDER_REACTOR)).toBeGreaterThanOrEqual(last));
  await bed.platform.queue.drained(NOTIFY_SELLER);
  const recorded = await bed.platform.events.lastPosition();
  await vi.waitFor(async () =>
    expect(await bed.platform.read.checkpoint(notifications.name)).toBeGreaterThanOrEqual(recorded),
  );
}

const notificationsOf = (sellerId: string) =>
  bed.platform.read.collection<NotificationDoc>(NOTIFICATIONS).find({ where: { sellerId } });
const recordedFor = async (sellerId: string, orderId: string) =>
  (await bed.platform.events.readStream(notificationStream(notificationId(sellerId, orderId)))).map(
    (event) => event.type,
  );

describe('notify-seller', () => {
  it('tells each seller of their seller order, in the app and by e-mail, about its lines only', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    const kashmir = await seller('Kashmir Looms', 'orders@kashmirlooms.in');
    const orderId = await placeOrder([
      line(meera, 'Banarasi Silk Saree', 450_000, 2),
      line(kashmir, 'Pashmina Shawl', 1_250_000),
      line(meera, 'Brass Diya', 35_050),
    ]);
    await settled();

    const title = (n: number) => `New order #${orderId.slice(0, 8)}-${n}`;
    expect(await notificationsOf(meera)).toEqual([
      {
        id: notificationId(meera, orderId),
        sellerId: meera,
        orderId,
        sellerOrderId: `${orderId}-1`,
        title: title(1),
        body: '2 × Banarasi Silk Saree at ₹4,500.00\n1 × Brass Diya at ₹350.50\nTotal: ₹9,350.50',
        read: false,
        createdAt: expect.any(String),
      },
    ]);
    expect(await notificationsOf(kashmir)).toEqual([
      expect.objectContaining({
        sellerOrderId: `${orderId}-2`,
        title: title(2),
        body: '1 × Pashmina Shawl at ₹12,500.00\nTotal: ₹12,500.00',
      }),
    ]);

    expect(
      bed.mailer.sent.map(({ to, subject }) => ({ to, subject })).sort((a, b) => a.to.localeCompare(b.to)),
    ).toEqual([
      { to: 'meera@weaves.in', subject: title(1) },
      { to: 'orders@kashmirlooms.in', subject: title(2) },
    ]);
    const toMeera = bed.mailer.sent.find((mail) => mail.to === 'meera@weaves.in')!;
    expect(toMeera.text).toContain('Hello Meera Weaves,');
    expect(toMeera.text).toContain('2 × Banarasi Silk Saree at ₹4,500.00\n1 × Brass Diya at ₹350.50\nTotal: ₹9,350.50');
    expect(toMeera.text).not.toContain('Pashmina');
  });

  it('mails a seller who chose Hindi in Hindi, the in-app notice staying as recorded', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    await bed.platform.events.append(
      accountStream(meera),
      [{ type: 'LanguageChosen', data: { userId: meera, locale: 'hi', at: AT } }],
      'any',
    );
    const orderId = await placeOrder([line(meera, 'Banarasi Silk Saree', 450_000, 2)]);
    await settled();

    const number = shortSellerOrderId(`${orderId}-1`);
    expect((await notificationsOf(meera))[0]?.title).toBe(`New order #${number}`);
    const [mail] = bed.mailer.sent;
    expect(mail?.subject).toBe(`नया ऑर्डर #${number}`);
    expect(mail?.text).toBe(
      [
        'नमस्ते Meera Weaves,',
        '',
        `नया ऑर्डर #${number} MIBI पर आपका इंतज़ार कर रहा है:`,
        '',
        '2 × Banarasi Silk Saree, ₹4,500.00 प्रति पीस',
        'कुल: ₹9,000.00',
        '',
        'इसे भेजने के लिए तैयार करने हेतु अपना विक्रेता डैशबोर्ड खोलें।',
        '',
      ].join('\n'),
    );
  });

  it('records the cause: the OrderPlaced event and its correlation id', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    const orderId = await placeOrder([line(meera, 'Brass Diya', 35_050)]);
    await settled();
    const [placed] = await bed.platform.events.readStream(orderStream(orderId));
    const [notified] = await bed.platform.events.readStream(notificationStream(notificationId(meera, orderId)));
    expect(notified!.metadata).toMatchObject({
      actor: null,
      causationId: placed!.id,
      correlationId: placed!.metadata.correlationId,
    });
  });

  it('retries a failing mailer with backoff: one notification and one e-mail in the end', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    bed.mailer.failures = 2;
    const orderId = await placeOrder([line(meera, 'Brass Diya', 35_050)]);
    await settled();
    expect(bed.mailer.failures).toBe(0);
    expect(bed.mailer.sent.map((mail) => mail.to)).toEqual(['meera@weaves.in']);
    expect(await recordedFor(meera, orderId)).toEqual(['SellerNotified', 'NotificationMailed']);
    expect(await notificationsOf(meera)).toHaveLength(1);
    expect(await bed.platform.queue.deadLetters(NOTIFY_SELLER)).toEqual([]);
  });

  it('keeps the in-app notification when the e-mail fails every attempt, and dead-letters the job', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    bed.mailer.failures = RETRY.attempts;
    const orderId = await placeOrder([line(meera, 'Brass Diya', 35_050)]);
    await settled();
    expect(bed.mailer.sent).toEqual([]);
    expect(await notificationsOf(meera)).toHaveLength(1);
    expect(await bed.platform.queue.deadLetters(NOTIFY_SELLER)).toEqual([
      expect.objectContaining({
        id: `notify-seller:${orderId}:${meera}`,
        attempt: RETRY.attempts,
        error: 'SMTP server unavailable',
      }),
    ]);
  });

  it('adds nothing when the reactor replays the log from zero', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    const kashmir = await seller('Kashmir Looms', 'orders@kashmirlooms.in');
    const orderId = await placeOrder([line(meera, 'Brass Diya', 35_050), line(kashmir, 'Pashmina Shawl', 1_250_000)]);
    await settled();

    await bed.replayFromZero(ORDER_REACTOR);
    await settled();

    expect(bed.mailer.sent).toHaveLength(2);
    expect(await recordedFor(meera, orderId)).toEqual(['SellerNotified', 'NotificationMailed']);
    expect(await recordedFor(kashmir, orderId)).toEqual(['SellerNotified', 'NotificationMailed']);
  });

  it('notifies of an order placed while no worker ran, once they start again', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    await bed.stopWorkers();
    const orderId = await placeOrder([line(meera, 'Brass Diya', 35_050)]);
    await bed.startWorkers();
    await settled();
    expect(bed.mailer.sent.map((mail) => mail.to)).toEqual(['meera@weaves.in']);
    expect(await recordedFor(meera, orderId)).toEqual(['SellerNotified', 'NotificationMailed']);
  });
});

describe('notify-seller across the move to seller orders', () => {
  it('notifies each seller of a purchase placed before seller orders of the seller order it became', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    const kashmir = await seller('Kashmir Looms', 'orders@kashmirlooms.in');
    const orderId = await placeOrder([line(kashmir, 'Pashmina Shawl', 1_250_000), line(meera, 'Brass Diya', 35_050)], {
      legacy: true,
    });
    await settled();
    expect(await notificationsOf(kashmir)).toEqual([
      expect.objectContaining({
        sellerOrderId: `${orderId}-1`,
        title: `New order #${shortSellerOrderId(`${orderId}-1`)}`,
      }),
    ]);
    expect(await notificationsOf(meera)).toEqual([
      expect.objectContaining({ sellerOrderId: `${orderId}-2`, body: '1 × Brass Diya at ₹350.50\nTotal: ₹350.50' }),
    ]);
    expect(bed.mailer.sent).toHaveLength(2);
  });

  it('runs a job queued before seller orders (no sellerOrderId) for the seller order the purchase gives its seller', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    const kashmir = await seller('Kashmir Looms', 'orders@kashmirlooms.in');
    await bed.stopWorkers();
    const lines = [line(kashmir, 'Pashmina Shawl', 1_250_000), line(meera, 'Brass Diya', 35_050)];
    const orderId = await placeOrder(lines, { legacy: true });
    // As the old reactor queued it (and passed the order) before the upgrade.
    const old = { orderId, sellerId: meera, lines: [lines[1]!], cause: { eventId: 'e', correlationId: 'c' } };
    await bed.platform.queue.add(NOTIFY_SELLER, old, { jobId: `${NOTIFY_SELLER}:${orderId}:${meera}` });
    await bed.platform.read.commit(
      bed.platform.read.unitOfWork(),
      ORDER_REACTOR,
      await bed.platform.events.lastPosition(),
    );
    await bed.startWorkers();
    await settled();
    expect(await notificationsOf(meera)).toEqual([
      expect.objectContaining({ sellerOrderId: `${orderId}-2`, title: `New order #${orderId.slice(0, 8)}-2` }),
    ]);
    expect(bed.mailer.sent.map((mail) => mail.to)).toContain('meera@weaves.in');
    expect(await recordedFor(meera, orderId)).toEqual(['SellerNotified', 'NotificationMailed']);
    expect(await bed.platform.queue.deadLetters(NOTIFY_SELLER)).toEqual([]);
  });
});

describe('reconciliation', () => {
  const reconcile = () => reconcileSellerNotifications(workerContext(bed.platform, LINKS), RETRY);

  it('adds again the jobs a queue lost after taking them, and the seller is notified once', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    // The queue acknowledges the job, then loses it (Redis restarted without its data).
    const lost = vi.spyOn(bed.platform.queue, 'add').mockImplementationOnce(async () => {});
    const orderId = await placeOrder([line(meera, 'Brass Diya', 35_050)]);
    await settled();
    lost.mockRestore();
    expect(bed.mailer.sent).toEqual([]);

    expect(await reconcile()).toMatchObject({ checked: 1, requeued: 1, dead: 0 });
    await settled();
    expect(bed.mailer.sent.map((mail) => mail.to)).toEqual(['meera@weaves.in']);
    expect(await recordedFor(meera, orderId)).toEqual(['SellerNotified', 'NotificationMailed']);

    const last = await bed.platform.read.checkpoint(ORDER_REACTOR);
    expect(await reconcile()).toMatchObject({ requeued: 0, confirmedThrough: last });
    expect(await bed.platform.read.collection<ReconciliationDoc>(EFFECTS).get(NOTIFY_SELLER)).toMatchObject({
      requeued: 0,
      confirmedThrough: last,
    });
    expect(bed.mailer.sent).toHaveLength(1);
  });

  it('adds again the job of every seller order of a purchase', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    const kashmir = await seller('Kashmir Looms', 'orders@kashmirlooms.in');
    const lost = vi.spyOn(bed.platform.queue, 'add').mockImplementation(async () => {});
    const orderId = await placeOrder([line(meera, 'Brass Diya', 35_050), line(kashmir, 'Pashmina Shawl', 1_250_000)]);
    await settled();
    lost.mockRestore();
    expect(await reconcile()).toMatchObject({ checked: 1, requeued: 2, dead: 0 });
    await settled();
    expect((await notificationsOf(meera)).map((n) => n.sellerOrderId)).toEqual([`${orderId}-1`]);
    expect((await notificationsOf(kashmir)).map((n) => n.sellerOrderId)).toEqual([`${orderId}-2`]);
    expect(bed.mailer.sent).toHaveLength(2);
  });

  it('re-reads only what it could not confirm, and never doubles a job still in the queue', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    const first = await placeOrder([line(meera, 'Brass Diya', 35_050)]);
    await settled();
    expect(await reconcile()).toMatchObject({ checked: 1, requeued: 0 });
    const confirmed = await bed.platform.read.checkpoint(RECONCILER);

    await bed.stopWorkers(); // jobs added now wait in the queue until the workers are back
    const second = await placeOrder([line(meera, 'Pashmina Shawl', 1_250_000)]);
    await bed.startWorkers();
    await reconcile();
    await settled();
    const passes = await reconcile();
    expect(passes.checked).toBe(1); // the first order was confirmed by the earlier pass
    expect(await bed.platform.read.checkpoint(RECONCILER)).toBeGreaterThan(confirmed);
    expect(bed.mailer.sent).toHaveLength(2);
    expect(await recordedFor(meera, first)).toEqual(['SellerNotified', 'NotificationMailed']);
    expect(await recordedFor(meera, second)).toEqual(['SellerNotified', 'NotificationMailed']);
  });

  it('counts a dead-lettered notification without retrying it, and does not stop at it', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    bed.mailer.failures = RETRY.attempts;
    await placeOrder([line(meera, 'Brass Diya', 35_050)]);
    await settled();
    const found = await reconcile();
    expect(found).toMatchObject({
      checked: 1,
      requeued: 0,
      dead: 1,
      confirmedThrough: await bed.platform.read.checkpoint(ORDER_REACTOR),
    });
    await bed.platform.queue.drained(NOTIFY_SELLER);
    expect(bed.mailer.sent).toEqual([]);
  });

  it('sends no second e-mail when a job is retried after its e-mail went out', async () => {
    const meera = await seller('Meera Weaves', 'meera@weaves.in');
    const orderId = await placeOrder([line(meera, 'Brass Diya', 35_050)]);
    await settled();
    // The same job again, as after a crash before the queue marked it done.
    const job = {
      orderId,
      sellerOrderId: `${orderId}-1`,
      sellerId: meera,
      lines: [line(meera, 'Brass Diya', 35_050)],
      cause: { eventId: 'e', correlationId: 'c' },
    };
    await bed.platform.queue.add(NOTIFY_SELLER, job);
    await settled();
    expect(bed.mailer.sent).toHaveLength(1);
  });
});
