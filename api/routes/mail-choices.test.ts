import { describe, expect, it } from 'vitest';
import { MAIL_CHOICE_MESSAGE } from '../../domain/notification/mail-choices.ts';
import { type Client, expectStatus, ok } from '../testing/harness.ts';
import { fileApi } from './catalog.fixtures.ts';
import { listedProduct, signedIn } from './orders.fixtures.ts';
import { movedOrder, placedOrder } from './purchases.fixtures.ts';

const api = await fileApi();
const buyer = await signedIn(api, 'buyer', 'Asha Rao');

/** Garbage the typed client would not send. */
const choose = (client: Client, muted: unknown) => client.raw.put('/api/auth/mail-choices', { muted });

describe('/api/auth/mail-choices', () => {
  it('mails every kind until the user mutes some; the choice is kept once each, in the listed order', async () => {
    const user = await signedIn(api, 'buyer');
    expect(ok(await user.api.auth['mail-choices'].$get())).toEqual({ muted: [] });
    const chosen = ok(
      await user.api.auth['mail-choices'].$put({ json: { muted: ['return_rejected', 'order_processing'] } }),
    );
    expect(chosen).toEqual({ muted: ['order_processing', 'return_rejected'], position: expect.any(Number) });
    expect(ok(await user.api.auth['mail-choices'].$get())).toEqual({ muted: ['order_processing', 'return_rejected'] });
    ok(await user.api.auth['mail-choices'].$put({ json: { muted: [] } }));
    expect(ok(await user.api.auth['mail-choices'].$get())).toEqual({ muted: [] });
  });

  it.each([
    ['an unknown kind', ['order_lost']],
    ['not a list', 'order_shipped'],
    ['a list of numbers', [1]],
    ['too long a list', Array.from({ length: 20 }, () => 'order_shipped')],
  ])('answers 400 to %s', async (_, muted) => {
    const reply = await choose(buyer, muted);
    expectStatus(reply, 400);
    expect(reply.body).toMatchObject({ error: { code: 'validation_failed' } });
    expect(JSON.stringify(reply.body)).toContain(MAIL_CHOICE_MESSAGE);
  });

  it('answers 400 to a body without the list and 401 to a visitor', async () => {
    expectStatus(await buyer.raw.put('/api/auth/mail-choices', {}), 400);
    expectStatus(await buyer.raw.put('/api/auth/mail-choices', '{muted'), 400);
    expectStatus(await api.anonymous().api.auth['mail-choices'].$get(), 401);
    expectStatus(await choose(api.anonymous(), []), 401);
  });
});

describe('the buyer’s notices of orders', () => {
  it('lists each move on the buyer’s orders, and mails only the kinds they did not mute', async () => {
    const shopper = await signedIn(api, 'buyer', 'Kavya Menon');
    const seller = await signedIn(api, 'seller', 'Meera Weaves');
    ok(await shopper.api.auth['mail-choices'].$put({ json: { muted: ['order_processing'] } }));
    const productId = await listedProduct(api, seller, { name: 'Brass Diya', pricePaise: 49_900 });
    const { orderId } = await placedOrder(api, shopper, [{ productId }]);
    await movedOrder(api, orderId, 'shipped');
    await api.settle();

    const notices = ok(await shopper.api.orders.notifications.$get({ query: {} }));
    const short = `${orderId.slice(0, 8)}-1`;
    expect(notices.items.map(({ topic, kind, title, read }) => [topic, kind, title, read])).toEqual([
      ['orders', 'order_shipped', `Order #${short} is shipped`, false],
      ['orders', 'order_processing', `Order #${short} is being prepared`, false],
    ]);
    expect(notices.unread).toBe(2);
    const mails = await api.platform.mailbox!.list({ to: shopper.user!.email });
    expect(mails.map((mail) => mail.subject)).not.toContain(`Order #${short} is being prepared`);
    expect(mails.map((mail) => mail.subject)).toContain(`Order #${short} is shipped`);
    // The wishlist's list holds only the notices of saved products.
    expect(ok(await shopper.api.wishlist.notifications.$get({ query: {} })).items).toEqual([]);

    const [newest] = notices.items;
    ok(await shopper.api.orders.notifications[':id'].read.$post({ param: { id: newest!.id } }));
    await api.settle();
    expect(ok(await shopper.api.orders.notifications.$get({ query: { limit: '1' } }))).toMatchObject({
      items: [{ id: newest!.id, read: true }],
      unread: 1,
    });
    const other = await shopper.api.orders.notifications[':id'].read.$post({ param: { id: newest!.id } });
    expectStatus(other, 200);
    expectStatus(await buyer.api.orders.notifications[':id'].read.$post({ param: { id: newest!.id } }), 404);
    expectStatus(await seller.api.orders.notifications.$get({ query: {} }), 403);
  });
});
