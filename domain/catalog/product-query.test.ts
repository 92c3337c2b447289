import { describe, expect, it } from 'vitest';
import { matchesFilter, productFilter, productSearchIndex } from './product-query.ts';
import { searchIndexOf } from './search-keys.ts';

const product = {
  sellerId: 'seller-1',
  categoryId: 'textiles',
  name: 'Silk Saree',
  description: 'Handwoven.',
  tags: ['Zari'],
  translations: { hi: { name: 'रेशमी साड़ी', description: '', tags: ['ज़री'] } },
  options: [{ name: 'Size' }, { name: 'Colour' }],
  variants: [{ optionValues: ['8', 'Tan'] }, { optionValues: ['9', 'Black'] }],
  provenance: { badges: [{ kind: 'handloom-mark' }, { kind: 'craftmark' }] },
};

describe('productFilter', () => {
  it('reads an absent, empty or all-categories value as no filter, and trims and lower-cases the search', () => {
    const none = { category: null, q: null, seller: null, options: [], certified: null };
    expect(productFilter({})).toEqual(none);
    expect(productFilter({ category: 'all', q: '  ', seller: '' })).toEqual(none);
    expect(productFilter({ category: 'textiles', q: ' Silk ', seller: 'seller-1' })).toEqual({
      category: 'textiles',
      q: 'silk',
      seller: 'seller-1',
      options: [],
      certified: null,
    });
  });

  it('reads option values once or repeated, lower-cased and sorted, dropping those without a name', () => {
    expect(productFilter({ option: 'Colour:Tan' }).options).toEqual(['colour:tan']);
    expect(productFilter({ option: [' Size:8', 'colour:Tan', 'size:8', 'Tan', ':x'] }).options).toEqual([
      'colour:tan',
      'size:8',
    ]);
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

  it('asks a value of each option named, any of the values named for it', () => {
    expect(matchesFilter(productFilter({ option: 'colour:tan' }), product)).toBe(true);
    expect(matchesFilter(productFilter({ option: ['colour:red', 'colour:tan'] }), product)).toBe(true);
    expect(matchesFilter(productFilter({ option: ['colour:tan', 'size:6'] }), product)).toBe(false);
    const withoutOptions = { ...product, options: [], variants: [{ optionValues: [] }] };
    expect(matchesFilter(productFilter({ option: 'colour:red' }), withoutOptions)).toBe(false);
  });

  it('asks one variant to have every option named: a tan 8 and a black 9 are no tan 9', () => {
    expect(matchesFilter(productFilter({ option: ['Colour:Tan', 'Size:8'] }), product)).toBe(true);
    expect(matchesFilter(productFilter({ option: ['colour:black', 'size:9'] }), product)).toBe(true);
    expect(matchesFilter(productFilter({ option: ['colour:tan', 'size:9'] }), product)).toBe(false);
    expect(matchesFilter(productFilter({ option: ['colour:tan', 'size:9', 'size:8'] }), product)).toBe(true);
  });

  it("asks for a GI's badge or the Handloom Mark's", () => {
    expect(matchesFilter(productFilter({ certified: 'handloom-mark' }), product)).toBe(true);
    expect(matchesFilter(productFilter({ certified: 'gi' }), product)).toBe(false);
    const gi = { ...product, provenance: { badges: [{ kind: 'gi-authorised-user' }] } };
    expect(matchesFilter(productFilter({ certified: 'gi' }), gi)).toBe(true);
    expect(matchesFilter(productFilter({ certified: 'handloom-mark' }), gi)).toBe(false);
  });

  it('searches the translations too, and across scripts', () => {
    expect(productSearchIndex(product).text).toBe('silk saree\nhandwoven.\nzari\nरेशमी साड़ी\n\nज़री');
    expect(matchesFilter(productFilter({ q: 'साड़ी' }), product)).toBe(true);
    expect(matchesFilter(productFilter({ q: 'reshmi' }), product)).toBe(true);
    expect(matchesFilter(productFilter({ q: 'सिल्क' }), product)).toBe(true);
    expect(matchesFilter(productFilter({ q: 'reshmi' }), { ...product, translations: {} })).toBe(false);
  });

  it('searches the index it is given, kept from the product', () => {
    expect(matchesFilter(productFilter({ q: 'kept' }), product, searchIndexOf(['kept text']))).toBe(true);
    expect(matchesFilter(productFilter({ q: 'silk' }), product, searchIndexOf(['kept text']))).toBe(false);
  });
});
