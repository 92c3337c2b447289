import { describe, expect, it } from 'vitest';
import { matchesFilter, productFilter, searchText } from './product-query.ts';

const product = {
  sellerId: 'seller-1',
  categoryId: 'textiles',
  name: 'Silk Saree',
  description: 'Handwoven.',
  tags: ['Zari'],
};

describe('productFilter', () => {
  it('reads an absent, empty or all-categories value as no filter, and trims and lower-cases the search', () => {
    expect(productFilter({})).toEqual({ category: null, q: null, seller: null });
    expect(productFilter({ category: 'all', q: '  ', seller: '' })).toEqual({ category: null, q: null, seller: null });
    expect(productFilter({ category: 'textiles', q: ' Silk ', seller: 'seller-1' })).toEqual({
      category: 'textiles',
      q: 'silk',
      seller: 'seller-1',
    });
  });
});

describe('matchesFilter', () => {
  it('keeps the category and the seller, and finds the words in the name, description or tags', () => {
    expect(matchesFilter(productFilter({}), product)).toBe(true);
    expect(matchesFilter(productFilter({ category: 'spices' }), product)).toBe(false);
    expect(matchesFilter(productFilter({ seller: 'seller-2' }), product)).toBe(false);
    expect(matchesFilter(productFilter({ q: 'ZARI' }), product)).toBe(true);
    expect(matchesFilter(productFilter({ q: 'handwoven' }), product)).toBe(true);
    expect(matchesFilter(productFilter({ q: 'brass' }), product)).toBe(false);
  });

  it('searches the text it is given, kept from the product', () => {
    expect(searchText(product)).toBe('silk saree\nhandwoven.\nzari');
    expect(matchesFilter(productFilter({ q: 'kept' }), product, 'kept text')).toBe(true);
  });
});
