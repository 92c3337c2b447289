import { beforeEach, describe, expect, it } from 'vitest';
import { type AccountEvent, accountStream } from '../domain/account/events.ts';
import type { NoticeKind } from '../domain/notification/notices.ts';
import { notificationStream } from '../domain/notification/events.ts';
import { placed } from '../domain/order/events.fixtures.ts';
import { type OrderEvent, type OrderLine, orderStream } from '../domain/order/events.ts';
import { type ProductEvent, productStream } from '../domain/product/events.ts';
import { reviewStream } from '../domain/review/events.ts';
import type { BuyerNotificationDoc } from '../projections/buyer-notifications/documents.ts';
import { BUYER_NOTIFICATIONS, buyerNotifications } from '../projections/buyer-notifications/projection.ts';
import type { NotificationDoc } from '../projections/notifications/documents.ts';
import { NOTIFICATIONS, notifications } from '../projections/notifications/projection.ts';
import { EFFECTS, type ReconciliationDoc } from './effect.ts';
import { NOTIFY_PARTIES, noticeMail, notifyPartiesEffect } from './notify-parties.ts';
import { testBedPerTest } from './workers.fixtures.ts';
import { accountRegistered } from '../domain/account/events.fixtures.ts';

const AT = '2024-05-01T10:00:00.000Z';
const BUYER = 'buyer-1';
const SELLER = 'seller-1';
const ORDER = '8d3f1c2a-5b6e-4f70-9a81-0c2d3e4f5a6b';
const PART = `${ORDER}-1`;
const stamp = { orderId: ORDER, sellerOrderId: PART, sellerId: SELLER, at: AT };
const diya: OrderLine = {
  productId: 'diya',
  name: 'Brass Diya',
  pricePaise: 35_050,
  quantity: 2,
  imageUrl: null,
  sellerId: SELLER,
  sellerName: 'Meera Weaves',
  categoryId: 'handicrafts',
};

const bed = testBedPerTest([notifications, buyerNotifications]);

beforeEach(async () => {
  await account(BUYER, 'Asha Rao', 'asha@mibi.test');
  await account(SELLER, 'Meera Weaves', 'meera@mibi.test');
});

const start = () => bed.startWorkers();

async function account(userId: string, fullName: string, email: string, ...more: AccountEvent[]): Promise<void> {
  const registered = accountRegistered(userId, fullName, email, 'buyer');
  await bed.platform.events.append(accountStream(userId), [registered, ...more], 'any');
}

const mute = (userId: string, ...muted: NoticeKind[]) =>
  bed.platform.events.append(
    accountStream(userId),
    [{ type: 'MailChoicesChanged', data: { userId, muted, at: AT } }],
    'any',
  );

const onOrder = (...events: OrderEvent[]) => bed.platform.events.append(orderStream(ORDER), events, 'any');
const placeOrder = () => onOrder(placed(ORDER, [diya], AT));

const settled = () => bed.settled();

const buyerNotices = async () =>
  (
    await bed.platform.read
      .collection<BuyerNotificationDoc>(BUYER_NOTIFICATIONS)
      .find({ where: { buyerId: BUYER }, sort: [['position', 'asc']] })
  ).map(({ title, body }) => [title, body]);
const sellerNotices = async () =>
  (
    await bed.platform.read
      .collection<NotificationDoc>(NOTIFICATIONS)
      .find({ where: { sellerId: SELLER }, sort: [['createdAt', 'asc']] })
  )
    .filter((doc) => !doc.title.startsWith('New order'))
    .map(({ title, body }) => [title, body])
    // Told at the same moment: by title.
    .sort(([a], [b]) => a!.localeCompare(b!));
/** The subjects of the notice mails to `to` (not the order's confirmation nor the seller's new order). */
const subjectsTo = (to: string) =>
  bed.mailer.sent
    .filter((mail) => mail.to === to && mail.key?.startsWith('notification:notice-'))
    .map((m) => m.subject);

describe('notify-parties', () => {
  it("tells the buyer of each seller's move and the seller of each buyer's, in the app and by mail", async () => {
    await start();
    await placeOrder();
    await onOrder(
      { type: 'SellerOrderProcessing', data: { ...stamp, by: SELLER } },
      { type: 'SellerOrderShipped', data: { ...stamp, by: SELLER } },
      { type: 'SellerOrderDelivered', data: { ...stamp, by: SELLER, settlement: [] } },
      {
        type: 'ReturnRequested',
        data: {
          ...stamp,
          returnId: `${PART}-R1`,
          by: BUYER,
          lines: [{ productId: 'diya', quantity: 1 }],
          reason: 'Chipped',
        },
      },
      {
        type: 'ReturnAccepted',
        data: {
          ...stamp,
          returnId: `${PART}-R1`,
          by: SELLER,
          reason: 'Sorry about that',
          settlement: [
            {
              productId: 'diya',
              quantity: 1,
              amountPaise: 35_050,
              commissionBps: 1000,
              commissionPaise: 3505,
              earningPaise: 31_545,
            },
          ],
        },
      },
    );
    const listed: ProductEvent = {
      type: 'ProductListed',
      data: {
        productId: 'diya',
        sellerId: SELLER,
        name: 'Brass Diya',
        description: 'Hand-cast',
        pricePaise: 35_050,
        originalPricePaise: null,
        categoryId: 'handicrafts',
        imageUrl: null,
        tags: [],
        stockQuantity: 3,
        listedAt: AT,
      },
    };
    await bed.platform.events.append(productStream('diya'), [listed], 'any');
    await bed.platform.events.append(
      reviewStream('diya', BUYER),
      [
        {
          type: 'ReviewSubmitted',
          data: { productId: 'diya', buyerId: BUYER, authorName: 'Asha Rao', rating: 4, comment: 'Lovely', at: AT },
        },
      ],
      'any',
    );
    await settled();

    expect(await buyerNotices()).toEqual([
      ['Order #8d3f1c2a-1 is being prepared', 'Meera Weaves is preparing 2 × Brass Diya.'],
      ['Order #8d3f1c2a-1 is shipped', 'Meera Weaves has shipped 2 × Brass Diya.'],
      ['Order #8d3f1c2a-1 is delivered', '2 × Brass Diya from Meera Weaves delivered.'],
      [
        'Return accepted: #8d3f1c2a-1-R1',
        'Meera Weaves accepted your return. ₹350.50 is refunded to you.\nNote: Sorry about that',
      ],
    ]);
    expect(await sellerNotices()).toEqual([
      ['New review: Brass Diya', 'Asha Rao gave 4 of 5 stars.\n“Lovely”'],
      [
        'Return requested: #8d3f1c2a-1-R1',
        'Asha Rao asks to return 1 × Brass Diya.\nReason: Chipped\nAccept or reject it under Incoming Orders.',
      ],
    ]);
    expect(subjectsTo('asha@mibi.test')).toEqual([
      'Order #8d3f1c2a-1 is being prepared',
      'Order #8d3f1c2a-1 is shipped',
      'Order #8d3f1c2a-1 is delivered',
      'Return accepted: #8d3f1c2a-1-R1',
    ]);
    expect(subjectsTo('meera@mibi.test')).toEqual(['Return requested: #8d3f1c2a-1-R1', 'New review: Brass Diya']);
    const shipped = bed.mailer.sent.find((mail) => mail.subject === 'Order #8d3f1c2a-1 is shipped')!;
    expect(shipped.text).toBe(
      'Hello Asha Rao,\n\nOrder #8d3f1c2a-1 is shipped\n\nMeera Weaves has shipped 2 × Brass Diya.\n\n' +
        'Follow your orders under My Account on MIBI.\nChoose which of these mails you get on your account page.\n',
    );
  });

  it('mails each side in the language it chose, English for one who chose none', async () => {
    await bed.platform.events.append(
      accountStream(BUYER),
      [{ type: 'LanguageChosen', data: { userId: BUYER, locale: 'hi', at: AT } }],
      'any',
    );
    await start();
    await placeOrder();
    await onOrder(
      { type: 'SellerOrderShipped', data: { ...stamp, by: SELLER } },
      { type: 'SellerOrderCancelled', data: { ...stamp, by: BUYER, reason: 'Ordered twice' } },
    );
    await settled();

    // The log keeps the domain's English; the buyer's mail reads it in Hindi, the seller's stays English.
    expect(await buyerNotices()).toEqual([
      ['Order #8d3f1c2a-1 is shipped', 'Meera Weaves has shipped 2 × Brass Diya.'],
    ]);
    const [shipped] = bed.mailer.sent.filter((mail) => mail.to === 'asha@mibi.test' && mail.key?.includes('notice-'));
    expect(shipped?.subject).toBe('ऑर्डर #8d3f1c2a-1 भेज दिया गया');
    expect(shipped?.text).toBe(
      [
        'नमस्ते Asha Rao,',
        '',
        'ऑर्डर #8d3f1c2a-1 भेज दिया गया',
        '',
        'Meera Weaves ने 2 × Brass Diya भेज दिया है।',
        '',
        'MIBI पर "मेरा खाता" में अपने ऑर्डर देखते रहें।',
        'इनमें से कौन-से ईमेल आपको मिलें, यह अपने खाते के पेज पर चुनें।',
        '',
      ].join('\n'),
    );
    expect(subjectsTo('meera@mibi.test')).toEqual(['Order #8d3f1c2a-1 cancelled by the buyer']);
    const cancelled = bed.mailer.sent.find((mail) => mail.subject === 'Order #8d3f1c2a-1 cancelled by the buyer');
    expect(cancelled?.text).toContain('Asha Rao cancelled 2 × Brass Diya.\nReason: Ordered twice\n');
  });

  it('tells the other side of a cancel: the seller of the buyer’s, the buyer of the seller’s', async () => {
    await start();
    await placeOrder();
    await onOrder({ type: 'SellerOrderCancelled', data: { ...stamp, by: BUYER, reason: 'Ordered twice' } });
    await settled();
    expect(await sellerNotices()).toEqual([
      ['Order #8d3f1c2a-1 cancelled by the buyer', 'Asha Rao cancelled 2 × Brass Diya.\nReason: Ordered twice'],
    ]);
    expect(await buyerNotices()).toEqual([]);

    await bed.platform.events.append(orderStream('o-2'), [placed('o-2', [diya], AT)], 'no_stream');
    const other = { ...stamp, orderId: 'o-2', sellerOrderId: 'o-2-1' };
    await bed.platform.events.append(
      orderStream('o-2'),
      [{ type: 'SellerOrderCancelled', data: { ...other, by: SELLER, reason: 'Out of brass' } }],
      'any',
    );
    await settled();
    expect(await buyerNotices()).toEqual([
      ['Order #o-2-1 cancelled by the seller', '2 × Brass Diya.\nReason: Out of brass'],
    ]);
    expect(subjectsTo('meera@mibi.test')).toEqual(['Order #8d3f1c2a-1 cancelled by the buyer']);
    expect(subjectsTo('asha@mibi.test')).toEqual(['Order #o-2-1 cancelled by the seller']);
  });

  it('tells both of a cancel by an admin: the buyer that MIBI cancelled it, the seller too, each mailed as they chose', async () => {
    await mute(SELLER, 'buyer_cancelled');
    await start();
    await placeOrder();
    await onOrder({ type: 'SellerOrderCancelled', data: { ...stamp, by: 'admin-1', reason: 'Fraud suspected' } });
    await settled();

    expect(await buyerNotices()).toEqual([
      [
        'Order #8d3f1c2a-1 cancelled by MIBI',
        'MIBI staff cancelled 2 × Brass Diya from Meera Weaves.\nReason: Fraud suspected',
      ],
    ]);
    expect(await sellerNotices()).toEqual([
      [
        'Order #8d3f1c2a-1 cancelled by MIBI',
        "MIBI staff cancelled your part of Asha Rao's order: 2 × Brass Diya.\nReason: Fraud suspected",
      ],
    ]);
    expect(subjectsTo('asha@mibi.test')).toEqual(['Order #8d3f1c2a-1 cancelled by MIBI']);
    expect(subjectsTo('meera@mibi.test')).toEqual(['Order #8d3f1c2a-1 cancelled by MIBI']);
    expect(
      bed.mailer.sent.find((mail) => mail.to === 'meera@mibi.test' && mail.key?.startsWith('notification:notice-'))
        ?.text,
    ).toBe(
      "Hello Meera Weaves,\n\nOrder #8d3f1c2a-1 cancelled by MIBI\n\nMIBI staff cancelled your part of Asha Rao's order: 2 × Brass Diya.\nReason: Fraud suspected\n\n" +
        'Your seller dashboard on MIBI has the details.\nChoose which of these mails you get on your account page.\n',
    );
    // Both told counts as done; a seller who turned these mails off gets the notice in the app only.
    expect(await bed.reconcile(notifyPartiesEffect)).toMatchObject({
      requeued: 0,
    });

    await mute(SELLER, 'staff_cancelled');
    await bed.platform.events.append(orderStream('o-2'), [placed('o-2', [diya], AT)], 'no_stream');
    await bed.platform.events.append(
      orderStream('o-2'),
      [
        {
          type: 'SellerOrderCancelled',
          data: { ...stamp, orderId: 'o-2', sellerOrderId: 'o-2-1', by: 'admin-1', reason: 'Fraud suspected' },
        },
      ],
      'any',
    );
    await settled();
    expect((await sellerNotices()).map(([title]) => title)).toEqual([
      'Order #8d3f1c2a-1 cancelled by MIBI',
      'Order #o-2-1 cancelled by MIBI',
    ]);
    expect(subjectsTo('meera@mibi.test')).toEqual(['Order #8d3f1c2a-1 cancelled by MIBI']);
    expect(subjectsTo('asha@mibi.test')).toHaveLength(2);
  });

  it('tells the buyer when the seller undoes a move', async () => {
    await start();
    await placeOrder();
    await onOrder(
      { type: 'SellerOrderShipped', data: { ...stamp, by: SELLER } },
      { type: 'SellerOrderStatusReverted', data: { ...stamp, by: SELLER, from: 'shipped', to: 'processing' } },
    );
    await settled();
    expect((await buyerNotices()).at(-1)).toEqual([
      'Order #8d3f1c2a-1 is processing again',
      'Meera Weaves undid marking it shipped: it is processing again.',
    ]);
    expect(subjectsTo('asha@mibi.test')).toEqual([
      'Order #8d3f1c2a-1 is shipped',
      'Order #8d3f1c2a-1 is processing again',
    ]);
  });

  it("names an undone move's statuses in the reader's language", () => {
    const mail = noticeMail(
      'Asha Rao',
      {
        role: 'buyer',
        title: 'Order #8d3f1c2a-1 is processing again',
        body: 'Meera Weaves undid marking it shipped: it is processing again.',
      },
      'hi',
    );
    expect(mail.subject).toBe('ऑर्डर #8d3f1c2a-1 फिर से प्रोसेसिंग में है');
    expect(mail.text).toContain('Meera Weaves ने इसे भेजा गया बताना वापस लिया: यह फिर से प्रोसेसिंग में है।');
  });

  it('mails only the kinds the recipient chose, as chosen when the mail is due; the notice comes in the app all the same', async () => {
    await mute(BUYER, 'order_processing');
    await start();
    await placeOrder();
    await onOrder({ type: 'SellerOrderProcessing', data: { ...stamp, by: SELLER } });
    await settled();
    await mute(BUYER);
    await onOrder({ type: 'SellerOrderShipped', data: { ...stamp, by: SELLER } });
    await settled();

    expect((await buyerNotices()).map(([title]) => title)).toEqual([
      'Order #8d3f1c2a-1 is being prepared',
      'Order #8d3f1c2a-1 is shipped',
    ]);
    expect(subjectsTo('asha@mibi.test')).toEqual(['Order #8d3f1c2a-1 is shipped']);
    const [processing] = await bed.platform.read
      .collection<BuyerNotificationDoc>(BUYER_NOTIFICATIONS)
      .find({ where: { kind: 'order_processing' } });
    expect((await bed.platform.events.readStream(notificationStream(processing!.id))).map((e) => e.type)).toEqual([
      'NoticeRecorded',
      'NotificationMailDeclined',
    ]);
    // Declined counts as done: the reconciliation adds nothing back, and the past is not mailed after a change of mind.
    expect(await bed.reconcile(notifyPartiesEffect)).toMatchObject({
      requeued: 0,
    });
    await settled();
    expect(subjectsTo('asha@mibi.test')).toHaveLength(1);
  });

  it('tells once across a failing mailer, a restart of the workers replaying the log, and a lost queue', async () => {
    await start();
    await placeOrder();
    bed.mailer.failures = 2;
    await onOrder({ type: 'SellerOrderProcessing', data: { ...stamp, by: SELLER } });
    await settled();
    expect(subjectsTo('asha@mibi.test')).toHaveLength(1);

    await bed.replayFromZero(notifyPartiesEffect.reactor);
    await settled();
    expect(subjectsTo('asha@mibi.test')).toHaveLength(1);

    await bed.losingJobs(NOTIFY_PARTIES, async () => {
      await onOrder({ type: 'SellerOrderShipped', data: { ...stamp, by: SELLER } });
      await settled();
    });
    expect(subjectsTo('asha@mibi.test')).toHaveLength(1);
    expect(await bed.reconcile(notifyPartiesEffect)).toMatchObject({ requeued: 1 });
    await settled();

    expect(subjectsTo('asha@mibi.test')).toEqual([
      'Order #8d3f1c2a-1 is being prepared',
      'Order #8d3f1c2a-1 is shipped',
    ]);
    expect((await buyerNotices()).length).toBe(2);
  });

  it('on an old log, tells nobody of its past: only of what happens after its first start', async () => {
    await placeOrder();
    await onOrder(
      { type: 'SellerOrderProcessing', data: { ...stamp, by: SELLER } },
      { type: 'SellerOrderShipped', data: { ...stamp, by: SELLER } },
    );
    await start();
    await onOrder({ type: 'SellerOrderDelivered', data: { ...stamp, by: SELLER, settlement: [] } });
    await settled();
    expect(subjectsTo('asha@mibi.test')).toEqual(['Order #8d3f1c2a-1 is delivered']);
    expect((await buyerNotices()).map(([title]) => title)).toEqual(['Order #8d3f1c2a-1 is delivered']);
    expect(await bed.platform.read.collection<ReconciliationDoc>(EFFECTS).get(NOTIFY_PARTIES)).toMatchObject({
      requeued: 0,
      dead: 0,
    });
  });
});
