import { describe, expect, it } from 'vitest';
import { NOT_ON_SALE_MESSAGES, OWN_PRODUCT_MESSAGE, whyNotForSale } from './availability.ts';

describe('whyNotForSale', () => {
  const onSale = { sellerId: 'seller-1', verification: 'verified', visible: true } as const;

  it('lets anyone but its seller buy a product on sale', () => {
    expect(whyNotForSale(onSale, 'buyer-1')).toBeNull();
    expect(whyNotForSale(onSale, null)).toBeNull();
  });

  it('tells a seller they cannot buy their own product, on sale or not', () => {
    expect(whyNotForSale(onSale, 'seller-1')).toBe(OWN_PRODUCT_MESSAGE);
    expect(whyNotForSale({ ...onSale, verification: 'pending', visible: false }, 'seller-1')).toBe(OWN_PRODUCT_MESSAGE);
  });

  it('tells anyone else (an admin opening it) that a product waiting for review or off the catalog is not on sale', () => {
    expect(whyNotForSale({ ...onSale, verification: 'pending', visible: false }, 'admin-1')).toBe(
      NOT_ON_SALE_MESSAGES.pending,
    );
    expect(whyNotForSale({ ...onSale, verification: 'rejected', visible: false }, 'admin-1')).toBe(
      NOT_ON_SALE_MESSAGES.other,
    );
    expect(whyNotForSale({ ...onSale, visible: false }, null)).toBe(NOT_ON_SALE_MESSAGES.other);
  });
});
