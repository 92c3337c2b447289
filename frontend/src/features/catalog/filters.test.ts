import { describe, expect, it } from 'vitest';
import { type ProductFilters, filtersFrom, matches, searchOf } from './filters.ts';
import type { Product } from './types.ts';

const product = {
  sellerId: 'seller-1',
  categoryId: 'textiles',
  name: 'Silk Saree',
  description: 'Handwoven.',
  tags: ['zari'],
} as Product;
const all: ProductFilters = { q: '', category: 'all', sort: 'popularity' };

describe('matches', () => {
  it("keeps a storefront's list to its seller's products, as the API's seller filter does", () => {
    expect(matches(product, { ...all, seller: 'seller-1' })).toBe(true);
    expect(matches(product, { ...all, seller: 'seller-2' })).toBe(false);
    expect(matches(product, all)).toBe(true);
    expect(matches(product, { ...all, seller: 'seller-1', category: 'spices' })).toBe(false);
    expect(matches(product, { ...all, seller: 'seller-1', q: 'ZARI' })).toBe(true);
  });
});

it('leaves the seller out of the query string: the storefront path names them', () => {
  expect(searchOf({ ...all, category: 'textiles', seller: 'seller-1' })).toBe('?category=textiles');
  expect(filtersFrom('?category=textiles&seller=seller-1').seller).toBeUndefined();
});
