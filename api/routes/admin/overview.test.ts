import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectStatus } from '../../testing/harness.ts';
import { listedProduct, signedIn } from '../orders.fixtures.ts';
import { movedOrder, placedOrder } from '../purchases.fixtures.ts';
import { type AdminTestApi, startAdminApi } from './admin.fixtures.ts';

let harness: AdminTestApi;

beforeAll(async () => {
  harness = await startAdminApi();
});

afterAll(() => harness.close());

const overview = async () => {
  await harness.settle();
  const reply = await harness.console(harness.admin).api.admin.overview.$get();
  expectStatus(reply, 200);
  return reply.body;
};

const none = { revenuePaise: 0, units: 0, orders: 0 };
/** The overview of a marketplace with only its admin. */
const EMPTY = {
  users: 1,
  sellersAwaitingVerification: 0,
  productsAwaitingReview: 0,
  changesAwaitingReview: 0,
  ordersByStatus: { pending: 0, processing: 0, shipped: 0, delivered: 0, cancelled: 0 },
  sales: { today: none, last30Days: none },
};

it('starts from an empty marketplace', async () => {
  expect(await overview()).toEqual(EMPTY);
});

it('counts what awaits the admins, the orders by status and the sales', async () => {
  const { api } = harness;
  const { api: admin } = harness.console(harness.admin);
  const [verified, waiting, suspended] = [
    await signedIn(api, 'seller'),
    await signedIn(api, 'seller'),
    await signedIn(api, 'seller'),
  ];
  const buyer = await signedIn(api, 'buyer');
  await admin.admin.sellers[':id'].verify.$post({ param: { id: verified.user!.id }, json: {} });
  await admin.admin.sellers[':id'].suspend.$post({
    param: { id: suspended.user!.id },
    json: { reason: 'Counterfeit goods' },
  });
  const diya = await listedProduct(api, verified, { pricePaise: 499_00 });
  const comb = await listedProduct(api, waiting, { pricePaise: 150_00 });
  await listedProduct(api, waiting, {}, { verified: false });
  await listedProduct(api, verified, {}, { verified: false });

  await placedOrder(api, buyer, [{ productId: diya, quantity: 2 }]);
  const processing = await placedOrder(api, buyer, [{ productId: comb }]);
  await movedOrder(api, processing.orderId, 'processing');
  const cancelled = await placedOrder(api, buyer, [{ productId: diya }]);
  const cancelling = await admin['seller-orders'][':id'].status.$post({
    param: { id: `${cancelled.orderId}-1` },
    json: { status: 'cancelled', reason: 'Duplicate order' },
  });
  expectStatus(cancelling, 200);

  // Price x quantity of the orders not cancelled; delivery charges are not sales.
  const sales = { revenuePaise: 2 * 499_00 + 150_00, units: 3, orders: 2 };
  expect(await overview()).toEqual({
    ...EMPTY,
    users: 5,
    sellersAwaitingVerification: 1,
    productsAwaitingReview: 2,
    ordersByStatus: { ...EMPTY.ordersByStatus, pending: 1, processing: 1, cancelled: 1 },
    sales: { today: sales, last30Days: sales },
  });
});
