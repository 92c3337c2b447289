import { describe, expect, it } from 'vitest';
import type { SellerOrder } from '../orders/index.ts';
import { byShipBy, withSellerOrder } from './sellerOrderList.ts';

const order = (id: string, shipBy: string, status: SellerOrder['status'] = 'pending', late = false) =>
  ({ id, shipBy, status, late }) as SellerOrder;

describe('byShipBy', () => {
  it('puts the orders to dispatch first, earliest ship-by day first, then the others as they were', () => {
    const list = [
      order('a', '2026-12-05'),
      order('b', '2026-11-29', 'shipped'),
      order('c', '2026-11-30', 'processing'),
      order('d', '2026-11-28', 'delivered'),
    ];
    expect(byShipBy(list).map(({ id }) => id)).toEqual(['c', 'a', 'b', 'd']);
  });
});

describe('withSellerOrder', () => {
  it('keeps a late order late until it is dispatched, and a new one is not late', () => {
    const list = [order('a', '2026-11-29', 'pending', true)];
    expect(withSellerOrder(list, { ...list[0]!, status: 'processing' })[0]!.late).toBe(true);
    expect(withSellerOrder(list, { ...list[0]!, status: 'shipped' })[0]!.late).toBe(false);
    expect(withSellerOrder(list, order('b', '2026-12-01'))[0]).toMatchObject({ id: 'b', late: false });
  });
});
