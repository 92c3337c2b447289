/**
 * A log written before purchases were split into seller orders (projections/fixtures, by
 * commit e191971) imports into this version, replays into seller orders, takes new commands,
 * and its read models equal a clean rebuild.
 */
import { expect, it } from 'vitest';
import { expectStatus } from '../../api/testing/harness.ts';
import type { ProductDoc } from '../../projections/catalog/documents.ts';
import type { OrderDoc, SellerOrderDoc } from '../../projections/orders/documents.ts';
import { ORDERS, SELLER_ORDERS } from '../../projections/orders/projection.ts';
import { PRODUCTS } from '../../projections/catalog/projection.ts';
import { oldLog } from './old-log.fixtures.ts';

const PASSWORD = 'legacy-pass-1';
const ORDER = {
  deliveredTwoSellers: '9e480658-6e50-8800-ab28-e8da9939edbe',
  cancelledTwoSellers: 'a845a619-71d5-8af5-9a24-f9737c86d036',
  shipped: '6c54b023-02c5-863c-940c-23914e11988e',
  pending: '9db113c4-8e58-834b-b72a-43fd72341a40',
};
const NECKLACE = '67a580cb-19ce-4d42-a7ac-3c2067d67fe1';
const SAFFRON = '374982e0-01c2-4697-9649-686909b45374';
const SELLER_A = '68d9bb09-ff63-4c5c-a733-06e5d49f9cef';

const log = oldLog('legacy-multi-seller', 63, 32);
const api = () => log.api();

const read = <T extends { id: string }>(collection: string, id: string) =>
  api().platform.read.collection<T>(collection).get(id);

it('replays each old purchase as one seller order per seller, each moved as the whole purchase was', async () => {
  const parts = async (orderId: string) =>
    ((await read<OrderDoc>(ORDERS, orderId))?.sellerOrders ?? []).map((p) => [p.shortId, p.sellerName, p.status]);
  expect(await parts(ORDER.deliveredTwoSellers)).toEqual([
    ['9e480658-1', 'Kerala Spice Gardens', 'delivered'],
    ['9e480658-2', 'Rajasthan Crafts Collective', 'delivered'],
  ]);
  expect(await parts(ORDER.cancelledTwoSellers)).toEqual([
    ['a845a619-1', 'Kerala Spice Gardens', 'cancelled'],
    ['a845a619-2', 'Rajasthan Crafts Collective', 'cancelled'],
  ]);
  expect(await parts(ORDER.shipped)).toEqual([['6c54b023-1', 'Kerala Spice Gardens', 'shipped']]);
  expect(await parts(ORDER.pending)).toEqual([['9db113c4-1', 'Rajasthan Crafts Collective', 'pending']]);
  expect((await read<SellerOrderDoc>(SELLER_ORDERS, `${ORDER.cancelledTwoSellers}-2`))?.cancelReason).toBe(
    'Out of season',
  );
  expect((await read<ProductDoc>(PRODUCTS, NECKLACE))?.stockQuantity).toBe(2);
  expect((await read<ProductDoc>(PRODUCTS, SAFFRON))?.stockQuantity).toBe(15);
});

it('takes new commands on old purchases: a seller moves its part, a buyer returns a delivered item', async () => {
  const sellerA = await api().signIn('rajasthan.crafts@mibi.test', PASSWORD);
  const moved = await sellerA.api['seller-orders'][':id'].status.$post({
    param: { id: `${ORDER.pending}-1` },
    json: { status: 'processing' },
  });
  expectStatus(moved, 200);
  expect(moved.body.sellerOrder).toMatchObject({ sellerId: SELLER_A, status: 'processing' });

  // Within the return window of the old delivery, whenever this test runs.
  const delivered = (await read<SellerOrderDoc>(SELLER_ORDERS, `${ORDER.deliveredTwoSellers}-2`))!.deliveredAt!;
  api().ctx.now = () => new Date(Date.parse(delivered) + 86_400_000).toISOString();
  const asha = await api().signIn('asha.buyer@mibi.test', PASSWORD);
  const asked = await asha.api['seller-orders'][':id'].returns.$post({
    param: { id: `${ORDER.deliveredTwoSellers}-2` },
    json: { lines: [{ productId: NECKLACE, quantity: 1 }], reason: 'Clasp broken' },
  });
  expectStatus(asked, 201);
  const returnId = asked.body.sellerOrder.returns[0]!.returnId;
  const accepted = await sellerA.api['seller-orders'][':id'].returns[':returnId'].decision.$post({
    param: { id: `${ORDER.deliveredTwoSellers}-2`, returnId },
    json: { accept: true, reason: 'Sorry' },
  });
  expectStatus(accepted, 200);
  await api().settle();
  expect((await read<ProductDoc>(PRODUCTS, NECKLACE))?.stockQuantity).toBe(3);
  // Saffron is a spice: spices take no returns.
  const spice = await asha.api['seller-orders'][':id'].returns.$post({
    param: { id: `${ORDER.deliveredTwoSellers}-1` },
    json: { lines: [{ productId: SAFFRON, quantity: 1 }], reason: 'Too strong' },
  });
  expect(spice).toMatchObject({ status: 422, body: { error: { code: 'not_returnable' } } });
});

log.itEqualsACleanRebuild();
