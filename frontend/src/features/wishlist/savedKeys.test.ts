import { describe, expect, it } from 'vitest';
import { keysAfter, parseWishKey, productsOf, wishKey } from './savedKeys.ts';

describe('wish keys', () => {
  it('name a product, or one of its variants; the default variant is the product', () => {
    expect(wishKey('p1')).toBe('p1');
    expect(wishKey('p1', null)).toBe('p1');
    expect(wishKey('p1', 'default')).toBe('p1');
    expect(wishKey('p1', 'v3')).toBe('p1~v3');
    expect(parseWishKey('p1~v3')).toEqual({ productId: 'p1', variantId: 'v3' });
    expect(parseWishKey('p1')).toEqual({ productId: 'p1' });
  });

  it("read the server's answer: variants, and products saved without one", () => {
    const answer = { productIds: ['p1', 'p2'], variants: [{ productId: 'p1', variantId: 'v3' }] };
    expect(keysAfter(answer, new Set())).toEqual(new Set(['p1~v3', 'p2']));
    // p1 saved as a whole as well as its variant: known from before (or the save just asked).
    expect(keysAfter(answer, new Set(['p1', 'p1~v3']))).toEqual(new Set(['p1~v3', 'p1', 'p2']));
  });

  it('fill the heart of a product with anything of it saved', () => {
    expect(productsOf(new Set(['p1~v3', 'p1~v4', 'p2']))).toEqual(new Set(['p1', 'p2']));
  });
});
