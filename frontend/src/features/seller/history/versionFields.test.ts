import { describe, expect, it } from 'vitest';
import type { ProductVersion } from '../types.ts';
import { compareVersions, differs, versionFields } from './versionFields.ts';

const names = { category: (id: string) => ({ textiles: 'Textiles' })[id] ?? id };

const then: ProductVersion = {
  id: 'p1',
  sellerId: 's1',
  name: 'Ikat Dupatta',
  description: 'Pochampally ikat, woven by hand.',
  pricePaise: 129_900,
  originalPricePaise: null,
  categoryId: 'textiles',
  imageUrl: null,
  images: [],
  tags: ['ikat'],
  tax: { hsn: '5208', gstRateBps: 500 },
  madeToOrderDays: null,
  personalisation: [],
  options: [],
  variants: [
    { id: 'default', sku: '', optionValues: [], pricePaise: 129_900, originalPricePaise: null, imageUrls: [] },
  ],
  stockQuantity: 20,
  verification: 'verified',
  featured: false,
  delisted: false,
  displayStatus: 'Active',
  position: 10,
  revision: 2,
  at: '2025-03-05T10:00:00Z',
};

describe('compareVersions', () => {
  it('sets every field of then beside now, in form order, then stock and status', () => {
    const now = { ...then, pricePaise: 119_900, stockQuantity: 0, displayStatus: 'Out of Stock' as const };
    const rows = compareVersions(then, now, names);
    expect(rows.map(({ field }) => field)).toEqual([
      'Name',
      'Description',
      'Price',
      'Original price',
      'Category',
      'Images',
      'Tags',
      'Tax',
      'Made to order',
      'Personalisation',
      'Options',
      'Variants',
      'Stock',
      'Status',
    ]);
    expect(rows.filter(differs)).toEqual([
      { field: 'Price', before: '₹1,299.00', after: '₹1,199.00' },
      { field: 'Stock', before: '20', after: '0' },
      { field: 'Status', before: 'Active', after: 'Out of Stock' },
    ]);
  });
});

describe('versionFields', () => {
  it('writes each field of one version for people', () => {
    expect(versionFields(then, names)).toContainEqual({ field: 'Category', value: 'Textiles' });
    expect(versionFields(then, names)).toContainEqual({ field: 'Original price', value: 'none' });
  });
});
