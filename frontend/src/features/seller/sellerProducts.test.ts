import { expect, it } from 'vitest';
import { withProduct } from './sellerProducts.ts';
import type { SellerProduct, SellerProducts } from './types.ts';

const product = (id: string, fields: Partial<SellerProduct> = {}) =>
  ({
    id,
    pricePaise: 10_000,
    stockQuantity: 2,
    verification: 'verified',
    delisted: false,
    featured: false,
    ...fields,
  }) as SellerProduct;

const list: SellerProducts = {
  items: [product('a'), product('b', { verification: 'pending' })],
  stats: { total: 2, active: 1, inventoryValuePaise: 40_000 },
};

it('replaces a product in place and counts the figures again', () => {
  const next = withProduct(
    list,
    product('b', { verification: 'rejected', rejectionReason: 'Blurred photos', stockQuantity: 5 }),
  );
  expect(next.items.map((item) => [item.id, item.verification])).toEqual([
    ['a', 'verified'],
    ['b', 'rejected'],
  ]);
  expect(next.stats).toEqual({ total: 2, active: 1, inventoryValuePaise: 70_000 });
});

it('puts a new product first, and takes a delisted one out', () => {
  expect(withProduct(list, product('c')).items.map((item) => item.id)).toEqual(['c', 'a', 'b']);
  expect(withProduct(list, product('a', { delisted: true }))).toEqual({
    items: [list.items[1]],
    stats: { total: 1, active: 0, inventoryValuePaise: 20_000 },
  });
});
