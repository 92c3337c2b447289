/**
 * A marketplace holding personal data of every kind the privacy rules cover (names, e-mails,
 * phones, address lines, message and help texts, free-text reasons), and the strings an analyst
 * must never see.
 */
import { afterAll, beforeAll } from 'vitest';
import { ok, startTestApi, type TestApi } from '../api/testing/harness.ts';
import { KOCHI_ADDRESS, PUNE_ADDRESS } from '../domain/order/addresses.fixtures.ts';
import { marketplace } from '../scripts/cli/marketplace.fixtures.ts';

const MESSAGE = 'Please call me at 9811122233 before delivery';
const HELP_TEXT = 'The elephant trunk broke off in transit';

export async function personalMarketplace(api: TestApi) {
  const people = await marketplace(api);
  const { buyer, products } = people;
  ok(await buyer.api.addresses.$post({ json: { ...KOCHI_ADDRESS, makeDefault: true } }));
  ok(await buyer.api.wishlist.items.$post({ json: { productId: products.saree } }));
  await api.settle();
  const delivered = (await api.platform.events.readAll()).find((event) => event.type === 'SellerOrderDelivered');
  if (!delivered) throw new Error('the marketplace has no delivered order');
  const { sellerOrderId } = delivered.data as { sellerOrderId: string };
  ok(await buyer.api.threads[':id'].messages.$post({ param: { id: sellerOrderId }, json: { text: MESSAGE } }));
  ok(
    await buyer.api['help-requests'].$post({ json: { sellerOrderId, reason: 'damaged', text: HELP_TEXT, images: [] } }),
  );
  await api.settle();
  const users = [people.seller, people.buyer, people.other].map((client) => client.user!);
  return {
    ...people,
    sellerOrderId,
    /** Every personal string the log and the read models hold. */
    personal: [
      // The seller's name is its shop's, public on every product page: analysts see it.
      ...users.map((user) => user.email),
      people.buyer.user!.fullName,
      people.other.user!.fullName,
      ...[PUNE_ADDRESS, KOCHI_ADDRESS].flatMap((a) => [a.firstName, a.lastName, a.phone, a.address]),
      MESSAGE,
      HELP_TEXT,
      'One arrived chipped',
      'Changed my mind',
      'Beautiful work.',
    ],
    /** The buyers' and the seller's user ids, which appear only as pseudonyms. */
    userIds: users.map((user) => user.id),
  };
}

/** The suite's API with the marketplace above, started before its tests and closed after them. */
export function personalMarketplaceSuite() {
  const suite = {} as { api: TestApi; seeded: Awaited<ReturnType<typeof personalMarketplace>> };
  beforeAll(async () => {
    suite.api = await startTestApi();
    suite.seeded = await personalMarketplace(suite.api);
  });
  afterAll(() => suite.api?.close());
  return suite;
}
