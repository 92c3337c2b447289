import { describe, expect, it } from 'vitest';
import { type Product, productDecider } from './decider.ts';
import { SAREE_DETAILS } from './details.fixtures.ts';
import { heldSkus, skuReservationsFolder, skusGiven } from './sku-reservations.ts';

const actor = { userId: 'seller-1', roles: ['seller' as const] };
const AT = '2026-11-27T10:00:00.000Z';

const decided = (state: Product | null, command: Parameters<typeof productDecider.decide>[0]) => {
  const events = productDecider.decide(command, state);
  return { events, after: events.reduce(productDecider.evolve, state) };
};

describe('the SKUs a product change gives', () => {
  it('are those of the listing, then those an edit adds, in lower case; a delisted product holds none', () => {
    const listed = decided(null, {
      type: 'ListProduct',
      actor,
      productId: 'p-1',
      product: { ...SAREE_DETAILS, images: [], sku: 'Saree-Red' },
      at: AT,
    });
    expect(skusGiven(null, listed.events)).toEqual(['saree-red']);
    const same = decided(listed.after, { type: 'UpdateProduct', actor, changes: { sku: 'SAREE-RED' }, at: AT });
    expect(skusGiven(listed.after, same.events)).toEqual([]);
    const renamed = decided(listed.after, { type: 'UpdateProduct', actor, changes: { sku: 'SAREE-1' }, at: AT });
    expect(skusGiven(listed.after, renamed.events)).toEqual(['saree-1']);
    expect(heldSkus(renamed.after)).toEqual(new Set(['saree-1']));
    const delisted = decided(renamed.after, { type: 'DelistProduct', actor, at: AT });
    expect(heldSkus(delisted.after)).toEqual(new Set());
  });

  it('are reserved by the product that last asked, each stream in a map of its own', () => {
    const reserve = (productId: string, skus: string[]) =>
      ({ type: 'SkusReserved', data: { sellerId: 's', productId, skus } }) as const;
    const one = [reserve('p-1', ['a', 'b']), reserve('p-2', ['b'])].reduce(
      skuReservationsFolder.evolve,
      skuReservationsFolder.initialState,
    );
    expect([...one]).toEqual([
      ['a', 'p-1'],
      ['b', 'p-2'],
    ]);
    expect(skuReservationsFolder.initialState.size).toBe(0);
  });
});
