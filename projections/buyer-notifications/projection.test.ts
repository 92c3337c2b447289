import { describe, expect, it } from 'vitest';
import { type NotificationEvent, notificationStream } from '../../domain/notification/events.ts';
import { BUYER_NOTIFICATIONS, buyerNotifications } from './projection.ts';
import { noticeRecorded } from '../notices.fixtures.ts';
import { projectionStores } from '../projection.fixtures.ts';
import type { BuyerNotificationDoc } from './documents.ts';
import { priceDropNotice } from './documents.fixtures.ts';

const stores = projectionStores(buyerNotifications);

const AT = '2024-05-01T10:00:00.000Z';
const notified = (notificationId: string, buyerId: string): NotificationEvent => ({
  type: 'BuyerNotified',
  data: {
    notificationId,
    buyerId,
    productId: 'diya',
    kind: 'price_drop',
    title: 'Price drop: Brass Diya',
    body: 'Now ₹399.00, was ₹499.00.',
    at: AT,
  },
});
const read = (notificationId: string, by: string): NotificationEvent => ({
  type: 'NotificationRead',
  data: { notificationId, by, at: AT },
});
const record = (event: NotificationEvent) =>
  stores.events.append(notificationStream(event.data.notificationId), [event], 'any');
const all = () => stores.read.collection<BuyerNotificationDoc>(BUYER_NOTIFICATIONS).find({ sort: [['id', 'asc']] });

describe('buyer notifications projection', () => {
  it('keeps each buyer notification, unread until its buyer reads it', async () => {
    await record(notified('n-1', 'asha'));
    await record(notified('n-2', 'asha'));
    await record(read('n-1', 'asha'));
    await stores.runner().catchUp(buyerNotifications.name);
    expect(await all()).toEqual([
      priceDropNotice('n-1', { read: true, createdAt: AT }),
      expect.objectContaining({ id: 'n-2', read: false, position: 2 }),
    ]);
  });

  it("keeps a buyer's notice of an order under its own topic, and leaves a seller's to the seller notifications", async () => {
    await record(noticeRecorded('notice-e-1', 'buyer', AT));
    await record(noticeRecorded('notice-e-2', 'seller', AT));
    await stores.runner().catchUp(buyerNotifications.name);
    expect(await all()).toEqual([
      {
        id: 'notice-e-1',
        buyerId: 'asha',
        topic: 'orders',
        kind: 'order_shipped',
        productId: null,
        orderId: 'o-1',
        sellerOrderId: 'o-1-1',
        title: 'Order #o-1-1 is shipped',
        body: 'Meera Weaves has shipped 1 × Brass Diya.',
        read: false,
        createdAt: AT,
        position: 1,
      },
    ]);
  });

  it("writes nothing for a seller's notification read", async () => {
    await record(read('meera-o-1', 'meera'));
    await stores.runner().catchUp(buyerNotifications.name);
    expect(await all()).toEqual([]);
  });
});
