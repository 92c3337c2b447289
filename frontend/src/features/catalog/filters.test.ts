import { describe, expect, it } from 'vitest';
import { type ProductFilters, asksFor, filtersFrom, matches, optionParam, searchOf, withOption } from './filters.ts';
import type { Product } from './types.ts';

const product = {
  sellerId: 'seller-1',
  categoryId: 'textiles',
  name: 'Silk Saree',
  description: 'Handwoven.',
  tags: ['zari'],
  translations: {},
} as Product;
const all: ProductFilters = { q: '', category: 'all', sort: 'popularity', options: [], certified: null };

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

it('keeps the option values asked in the query string, one param each', () => {
  const search = '?category=textiles&option=Colour%3ARed&option=Colour%3AIndigo';
  const filters = filtersFrom(`${search}&option=nothing`);
  expect(filters.options).toEqual(['Colour:Red', 'Colour:Indigo']);
  expect(searchOf(filters)).toBe(search);
  expect(asksFor(filters, 'colour:red')).toBe(true);
  expect(withOption(filters, 'colour:red', false).options).toEqual(['Colour:Indigo']);
  expect(withOption(filters, optionParam('Size', '8'), true).options).toEqual([
    'Colour:Red',
    'Colour:Indigo',
    'Size:8',
  ]);
});

it('keeps the certificate filter in the query string, and keeps to products with its badge', () => {
  const filters = filtersFrom('?certified=handloom-mark&q=saree');
  expect(filters.certified).toBe('handloom-mark');
  expect(searchOf(filters)).toBe('?q=saree&certified=handloom-mark');
  expect(filtersFrom('?certified=silk').certified).toBeNull();
  const marked = { ...product, provenance: { badges: [{ kind: 'handloom-mark' }] } } as unknown as Product;
  const plain = { ...product, provenance: { badges: [] } } as unknown as Product;
  expect(matches(marked, { ...all, certified: 'handloom-mark' })).toBe(true);
  expect(matches(plain, { ...all, certified: 'handloom-mark' })).toBe(false);
  expect(matches(marked, { ...all, certified: 'gi' })).toBe(false);
});
