import { describe, expect, it } from 'vitest';
import { type NotificationEvent, notificationId, notificationStream } from '../../domain/notification/events.ts';
import { notifications } from './projection.ts';
import { noticeRecorded } from '../notices.fixtures.ts';
import { projectionStores } from '../projection.fixtures.ts';
import type { NotificationDoc } from './documents.ts';
import { NOTIFICATIONS } from './projection.ts';

const stores = projectionStores(notifications);
const { runner } = stores;

const catchUp = () => runner().catchUp(notifications.name);
const all = () => stores.read.collection<NotificationDoc>(NOTIFICATIONS).find({ sort: [['id', 'asc']] });

const AT = '2024-05-01T10:00:00.000Z';
const notified = (sellerId: string, orderId: string, sellerOrderId?: string): NotificationEvent => ({
  type: 'SellerNotified',
  data: {
    notificationId: notificationId(sellerId, orderId),
    sellerId,
    orderId,
    ...(sellerOrderId && { sellerOrderId }),
    title: 'New order',
    body: 'Total: ₹1.00',
    at: AT,
  },
});
const record = (event: NotificationEvent) =>
  stores.events.append(notificationStream(event.data.notificationId), [event], 'any');

describe('notifications projection', () => {
  it('names the seller order the notification tells of, and marks it read', async () => {
    await record(notified('meera', 'o-1', 'o-1-2'));
    await record({
      type: 'NotificationRead',
      data: { notificationId: notificationId('meera', 'o-1'), by: 'meera', at: AT },
    });
    await catchUp();
    expect(await all()).toEqual([
      {
        id: 'meera-o-1',
        sellerId: 'meera',
        orderId: 'o-1',
        sellerOrderId: 'o-1-2',
        title: 'New order',
        body: 'Total: ₹1.00',
        read: true,
        createdAt: AT,
      },
    ]);
  });

  it('gives a notification recorded before seller orders the seller order its purchase became', async () => {
    await stores.importLegacyLog();
    await catchUp();
    const [crafts, spices] = ['68d9bb09-ff63-4c5c-a733-06e5d49f9cef', '1e360922-1b3c-4cc8-a9ed-75a47dbf9146'];
    // Orders 1 and 2 list the saffron (spices) first: its seller order is -1, the necklace's -2.
    const expected = [
      [spices, '9e480658-6e50-8800-ab28-e8da9939edbe', 1],
      [crafts, '9e480658-6e50-8800-ab28-e8da9939edbe', 2],
      [spices, 'a845a619-71d5-8af5-9a24-f9737c86d036', 1],
      [crafts, 'a845a619-71d5-8af5-9a24-f9737c86d036', 2],
      [spices, '6c54b023-02c5-863c-940c-23914e11988e', 1],
      [crafts, '9db113c4-8e58-834b-b72a-43fd72341a40', 1],
    ] as const;
    const docs = await all();
    expect(docs.map(({ sellerId, orderId, sellerOrderId }) => [sellerId, orderId, sellerOrderId]).sort()).toEqual(
      expected.map(([sellerId, orderId, n]) => [sellerId, orderId, `${orderId}-${n}`]).sort(),
    );
    // Their titles stay as recorded; what was kept to name their seller orders is gone.
    expect(docs.every((doc) => /^New order #[0-9a-f]{8}$/.test(doc.title))).toBe(true);
    expect(await stores.read.collection('notifications_legacy_seller_orders').find()).toEqual([]);
  });

  it("keeps a seller's notice of a buyer's move, and leaves a buyer's to the buyers' notifications", async () => {
    await record(noticeRecorded('notice-e-1', 'seller', AT));
    await record(noticeRecorded('notice-e-2', 'buyer', AT));
    await catchUp();
    expect(await all()).toEqual([
      {
        id: 'notice-e-1',
        sellerId: 'meera',
        orderId: 'o-1',
        sellerOrderId: 'o-1-1',
        title: 'Order #o-1-1 cancelled by the buyer',
        body: 'Asha Rao cancelled 1 × Brass Diya.\nReason: Ordered twice',
        read: false,
        createdAt: AT,
      },
    ]);
  });

  it('names no seller order when the log holds no OrderPlaced of the purchase', async () => {
    await record(notified('meera', 'o-9'));
    await catchUp();
    expect(await all()).toEqual([expect.objectContaining({ id: 'meera-o-9', sellerOrderId: null })]);
  });
});
