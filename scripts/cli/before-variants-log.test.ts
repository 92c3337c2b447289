/**
 * A log written before variants (projections/fixtures/before-variants.md, by commit 855a3fe)
 * imports into this version: every product reads as one default variant holding its stock,
 * lines keep their product ids as keys, new commands work on it, and its read models equal a
 * clean rebuild.
 */
import { expect, it } from 'vitest';
import { expectStatus, ok } from '../../api/testing/harness.ts';
import type { ProductDoc } from '../../projections/catalog/documents.ts';
import { PRODUCTS } from '../../projections/catalog/projection.ts';
import type { OrderDoc } from '../../projections/orders/documents.ts';
import { ORDERS } from '../../projections/orders/projection.ts';
import { oldLog } from './old-log.fixtures.ts';

const PASSWORD = 'before-variants-1';
const CHAPPAL = '5fcfd6c6-5510-479d-af53-47732c525c56';
const DIYA = '226c5966-ba45-4ce2-a6bc-711114f60a36';
const DELIVERED = 'd6c85b7d-0d75-49bd-99bd-2a0bb77614cc';

const log = oldLog('before-variants', 72, 36);
const api = () => log.api();

const product = async (id: string) => (await api().platform.read.collection<ProductDoc>(PRODUCTS).get(id))!;
const DEFAULT_LINE = { variantId: 'default', variantLabel: '', sku: '', personalisation: [] };

it('reads each old product as its one default variant, at its price, holding its stock', async () => {
  expect(await product(CHAPPAL)).toMatchObject({
    pricePaise: 139_900,
    maxPricePaise: 139_900,
    stockQuantity: 5,
    options: [],
    variants: [
      {
        id: 'default',
        sku: '',
        optionValues: [],
        label: '',
        pricePaise: 139_900,
        originalPricePaise: null,
        stockQuantity: 5,
      },
    ],
  });
  expect((await product(DIYA)).variants).toEqual([
    expect.objectContaining({ id: 'default', pricePaise: 49_900, originalPricePaise: 59_900, stockQuantity: 3 }),
  ]);
  const order = (await api().platform.read.collection<OrderDoc>(ORDERS).get(DELIVERED))!;
  expect(order.lines.map((line) => ({ ...line }))).toEqual([
    expect.objectContaining({ productId: expect.any(String), ...DEFAULT_LINE }),
    expect.objectContaining({ productId: expect.any(String), ...DEFAULT_LINE }),
  ]);
  expect(order.sellerOrders[0]!.returns[0]!.lines).toEqual([
    expect.objectContaining({ lineKey: CHAPPAL, productId: CHAPPAL, variantId: 'default', quantity: 1 }),
  ]);
});

it('takes new commands on the old cart and products: the line keyed by its product id is ordered', async () => {
  const ravi = await api().signIn('ravi@mibi.test', PASSWORD);
  const cart = ok(await ravi.api.cart.$get());
  expect(cart.lines).toEqual([
    expect.objectContaining({ lineKey: CHAPPAL, productId: CHAPPAL, ...DEFAULT_LINE, quantity: 1 }),
  ]);
  const raised = await ravi.api.cart.items[':lineKey'].$put({ param: { lineKey: CHAPPAL }, json: { quantity: 2 } });
  expectStatus(raised, 200);
  const placed = await ravi.api.orders.$post({
    header: {},
    json: {
      shippingAddress: {
        firstName: 'Ravi',
        lastName: 'Buyer',
        phone: '9876543210',
        address: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      },
    },
  });
  expectStatus(placed, 201);
  await api().settle();
  expect((await product(CHAPPAL)).variants[0]!.stockQuantity).toBe(3);
  const seller = await api().signIn('kolhapur.leather@mibi.test', PASSWORD);
  // The seller gives the old product sizes: its default variant gives way to them.
  const sized = await seller.raw.patch(`/api/seller/products/${CHAPPAL}`, {
    options: [{ name: 'Size', values: ['7', '8'] }],
    variants: [
      { sku: 'KC-7', optionValues: ['7'], pricePaise: 139_900, stockQuantity: 2 },
      { sku: 'KC-8', optionValues: ['8'], pricePaise: 144_900, stockQuantity: 1 },
    ],
  });
  expectStatus(sized, 200);
  await api().settle();
  expect(await product(CHAPPAL)).toMatchObject({ stockQuantity: 3, maxPricePaise: 144_900 });
});

log.itEqualsACleanRebuild();
