import { describe, expect, it } from 'vitest';
import { type ProductImage, singleFileImage } from '../../../../domain/product/image.ts';
import {
  type VariantRowText,
  combinations,
  optionsOf,
  rowsFor,
  suggestedSku,
  variantsText,
  withAll,
} from './variantGrid.ts';

const size = { name: 'Size', values: ['6', '7'] };
const colour = { name: 'Colour', values: ['Tan', 'Black'] };
const defaults = { price: '899', originalPrice: '' };

describe('combinations', () => {
  it('crosses the values, the first option varying slowest', () => {
    expect(combinations([size, colour])).toEqual([
      ['6', 'Tan'],
      ['6', 'Black'],
      ['7', 'Tan'],
      ['7', 'Black'],
    ]);
  });

  it('is one empty combination without options, none when an option has no values yet', () => {
    expect(combinations([])).toEqual([[]]);
    expect(combinations([size, { name: 'Colour', values: [] }])).toEqual([]);
  });
});

describe('rowsFor', () => {
  it('keeps the rows typed when a value is added, and starts the new ones from the product', () => {
    const first = rowsFor([size], [], 'Kolhapuri Chappal', defaults);
    expect(first.map((row) => row.sku)).toEqual(['KOLHAPURI-CHAPPAL-6', 'KOLHAPURI-CHAPPAL-7']);
    const typed: VariantRowText[] = first.map((row, i) => ({ ...row, stockQuantity: String(i + 3), id: `v${i}` }));
    const next = rowsFor([{ ...size, values: ['6', '7', '8'] }], typed, 'Kolhapuri Chappal', defaults);
    expect(next.slice(0, 2)).toEqual(typed);
    expect(next[2]).toEqual({
      optionValues: ['8'],
      sku: 'KOLHAPURI-CHAPPAL-8',
      price: '899',
      originalPrice: '',
      stockQuantity: '',
      madeToOrder: 'product',
      madeToOrderDays: '',
      imageKeys: [],
    });
  });

  it('drops the rows of a value removed', () => {
    const rows = rowsFor([size, colour], [], 'Chappal', defaults);
    expect(rowsFor([size, { ...colour, values: ['Tan'] }], rows, 'Chappal', defaults)).toEqual(
      rows.filter((row) => row.optionValues[1] === 'Tan'),
    );
  });
});

it('sets a column in every row', () => {
  const rows = rowsFor([size], [], 'Chappal', defaults);
  expect(withAll(rows, 'price', '999').map((row) => row.price)).toEqual(['999', '999']);
  expect(withAll(rows, 'stockQuantity', '5').map((row) => [row.price, row.stockQuantity])).toEqual([
    ['899', '5'],
    ['899', '5'],
  ]);
});

it('makes a SKU of the characters a SKU takes, at most 64', () => {
  expect(suggestedSku('Bangles (set of 4)', ['2.4'])).toBe('BANGLES-SET-OF-4-2.4');
  expect(suggestedSku('x'.repeat(100), ['y'.repeat(100)])).toHaveLength(64);
  expect(suggestedSku('Silk Saree', ['Rani Pink'])).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
});

describe('variantsText', () => {
  const tan: ProductImage = singleFileImage('/media/tan.webp');
  const black: ProductImage = singleFileImage('/media/black.webp');
  const entries = [tan, black].map((image) => ({ key: image.id, image }));
  const product = {
    options: [{ name: 'Colour', values: ['Tan', 'Black'] }],
    variants: [
      {
        id: 'v1',
        sku: 'C-TAN',
        optionValues: ['Tan'],
        pricePaise: 89_950,
        originalPricePaise: null,
        imageUrls: [black.url],
        stockQuantity: 4,
        madeToOrderDays: 12,
      },
      {
        id: 'v2',
        sku: 'C-BLK',
        optionValues: ['Black'],
        pricePaise: 99_900,
        originalPricePaise: 129_900,
        imageUrls: [],
        stockQuantity: 0,
      },
      {
        id: 'v3',
        sku: 'C-RED',
        optionValues: ['Red'],
        pricePaise: 99_900,
        originalPricePaise: null,
        imageUrls: [],
        stockQuantity: 2,
        madeToOrderDays: null,
      },
    ],
  };

  it("starts from the product's variants, their pictures found in the gallery, made as the product, from stock or in days", () => {
    const { options, rows } = variantsText(product, entries);
    expect(optionsOf(options)).toEqual(product.options);
    expect(rows).toEqual([
      {
        id: 'v1',
        optionValues: ['Tan'],
        sku: 'C-TAN',
        price: '899.50',
        originalPrice: '',
        stockQuantity: '4',
        madeToOrder: 'days',
        madeToOrderDays: '12',
        imageKeys: [black.id],
      },
      {
        id: 'v2',
        optionValues: ['Black'],
        sku: 'C-BLK',
        price: '999',
        originalPrice: '1299',
        stockQuantity: '0',
        madeToOrder: 'product',
        madeToOrderDays: '',
        imageKeys: [],
      },
      {
        id: 'v3',
        optionValues: ['Red'],
        sku: 'C-RED',
        price: '999',
        originalPrice: '',
        stockQuantity: '2',
        madeToOrder: 'stock',
        madeToOrderDays: '',
        imageKeys: [],
      },
    ]);
  });

  it('starts empty for a product without options, or a new one', () => {
    const plain = { options: [], variants: [{ ...product.variants[0]!, id: 'default', optionValues: [] }] };
    expect(variantsText(plain, entries)).toEqual({ options: [], rows: [] });
    expect(variantsText(null, [])).toEqual({ options: [], rows: [] });
  });
});
