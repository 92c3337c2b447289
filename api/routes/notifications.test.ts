import { describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../domain/actor.ts';
import { notificationId, notificationStream } from '../../domain/notification/events.ts';
import { NOTIFY_SELLER } from '../../workers/notify-seller.ts';
import { ORDER_REACTOR } from '../../workers/order-reactor.ts';
import { type Client, expectStatus } from '../testing/harness.ts';
import { fileApi } from './catalog.fixtures.ts';
import { listedProduct, onProduct, signedIn } from './orders.fixtures.ts';
import { placedOrder } from './purchases.fixtures.ts';

const api = await fileApi();
const buyer = await signedIn(api, 'buyer', 'Asha Rao');

/** Waits until the reactor has enqueued the jobs of everything up to `position`, the jobs ran and the projections caught up. */
async function notified(position: number): Promise<void> {
  await vi.waitFor(async () =>
    expect(await api.platform.read.checkpoint(ORDER_REACTOR)).toBeGreaterThanOrEqual(position),
  );
  await api.platform.queue.drained(NOTIFY_SELLER);
  await api.settle();
}

/** Verified by the server itself (AUTO_VERIFY), not by an admin, whose decisions sellers are told of too (notify-decision). */
const SYSTEM: Actor = { userId: 'system', roles: ['admin'] };

/** A product of `seller` on sale, of which they are not notified. */
async function onSale(seller: Client): Promise<string> {
  const productId = await listedProduct(
    api,
    seller,
    { name: `Diya of ${seller.user!.fullName}`, pricePaise: 49_900 },
    { verified: false },
  );
  await onProduct(
    api,
    productId,
    { type: 'VerifyProduct', actor: SYSTEM, at: new Date().toISOString() },
    SYSTEM.userId,
  );
  return productId;
}

/** An order of one product of each seller, with every notification sent. */
async function orderFrom(...sellers: Client[]): Promise<string> {
  const items = [];
  for (const seller of sellers) items.push({ productId: await onSale(seller) });
  const { orderId, position } = await placedOrder(api, buyer, items);
  await notified(position);
  return orderId;
}

const eventsOf = async (id: string) =>
  (await api.platform.events.readStream(notificationStream(id))).map(({ type }) => type);

describe('GET /api/notifications', () => {
  it('gives each seller of an order one notification and one e-mail about their lines', async () => {
    const meera = await signedIn(api, 'seller', 'Meera Weaves');
    const kashmir = await signedIn(api, 'seller', 'Kashmir Looms');
    const orderId = await orderFrom(meera, kashmir);

    for (const seller of [meera, kashmir]) {
      const reply = await seller.api.notifications.$get({ query: {} });
      expectStatus(reply, 200);
      expect(reply.body).toEqual({
        items: [
          {
            id: notificationId(seller.user!.id, orderId),
            sellerId: seller.user!.id,
            orderId,
            sellerOrderId: expect.stringMatching(new RegExp(`^${orderId}-[12]$`)),
            title: expect.stringMatching(new RegExp(`^New order #${orderId.slice(0, 8)}-[12]$`)),
            body: `1 × Diya of ${seller.user!.fullName} at ₹499.00\nTotal: ₹499.00`,
            read: false,
            createdAt: expect.any(String),
          },
        ],
        unread: 1,
      });
      const mails = await api.platform.mailbox!.list({ to: seller.user!.email });
      const notification = reply.body.items[0]!;
      expect(notification.title).toBe(`New order #${orderId.slice(0, 8)}-${notification.sellerOrderId!.slice(-1)}`);
      expect(mails.map((mail) => mail.subject)).toEqual([notification.title]);
    }
  });

  it('lists the newest first, `limit` at a time, with the unread count of all', async () => {
    const seller = await signedIn(api, 'seller');
    const first = await orderFrom(seller);
    const second = await orderFrom(seller);
    const all = await seller.api.notifications.$get({ query: {} });
    expectStatus(all, 200);
    expect(all.body.items.map((n) => n.orderId)).toEqual([second, first]);
    const page = await seller.api.notifications.$get({ query: { limit: '1' } });
    expect(page.body).toEqual({ items: [all.body.items[0]], unread: 2 });
  });

  it.each(['0', '101', '2.5', 'ten'])('rejects limit=%s', async (limit) => {
    const seller = await signedIn(api, 'seller');
    const reply = await seller.api.notifications.$get({ query: { limit } });
    expectStatus(reply, 400);
    expect(reply.body.error).toEqual({
      code: 'validation_failed',
      message: 'Limit must be a whole number from 1 to 100',
      fields: { limit: 'Limit must be a whole number from 1 to 100' },
    });
  });

  it('is for sellers only', async () => {
    expect((await api.anonymous().api.notifications.$get({ query: {} })).status).toBe(401);
    const reply = await buyer.api.notifications.$get({ query: {} });
    expectStatus(reply, 403);
    expect(reply.body.error.code).toBe('forbidden');
  });
});

describe('POST /api/notifications/{id}/read', () => {
  it('marks the seller’s notification read, once', async () => {
    const seller = await signedIn(api, 'seller');
    const orderId = await orderFrom(seller);
    const id = notificationId(seller.user!.id, orderId);

    const reply = await seller.api.notifications[':id'].read.$post({ param: { id } });
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ id, read: true, position: expect.any(Number) });
    const listed = await seller.after(reply.body.position).notifications.$get({ query: {} });
    expect(listed.body).toEqual({ items: [expect.objectContaining({ id, read: true })], unread: 0 });

    expect((await seller.api.notifications[':id'].read.$post({ param: { id } })).status).toBe(200);
    expect(await eventsOf(id)).toEqual(['SellerNotified', 'NotificationMailed', 'NotificationRead']);
  });

  it("answers 404 for another seller's notification and for an unknown one, storing nothing", async () => {
    const owner = await signedIn(api, 'seller');
    const other = await signedIn(api, 'seller');
    const id = notificationId(owner.user!.id, await orderFrom(owner));
    for (const notification of [id, 'no-such-notification']) {
      const reply = await other.api.notifications[':id'].read.$post({ param: { id: notification } });
      expectStatus(reply, 404);
      expect(reply.body).toEqual({ error: { code: 'not_found', message: 'Notification not found' } });
    }
    expect(await eventsOf(id)).toEqual(['SellerNotified', 'NotificationMailed']);
    expect(await eventsOf('no-such-notification')).toEqual([]);
  });

  it('is for sellers only', async () => {
    const seller = await signedIn(api, 'seller');
    const id = notificationId(seller.user!.id, await orderFrom(seller));
    expect((await api.anonymous().api.notifications[':id'].read.$post({ param: { id } })).status).toBe(401);
    expect((await buyer.api.notifications[':id'].read.$post({ param: { id } })).status).toBe(403);
    expect(await eventsOf(id)).toEqual(['SellerNotified', 'NotificationMailed']);
  });
});
