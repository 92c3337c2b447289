import { describe, expect, it } from 'vitest';
import {
  VARIANT_MESSAGES,
  assignVariantIds,
  optionIssues,
  variantIssues,
  variantLabel,
  withDetailChanges,
} from './variants.ts';

const options = [
  { name: 'Size', values: ['6', '8'] },
  { name: 'Colour', values: ['Tan', 'Black'] },
];

describe('variantLabel', () => {
  it('names a number by its option, and a word alone; the default variant has none', () => {
    expect(variantLabel(options, ['8', 'Tan'])).toBe('Size 8 · Tan');
    expect(variantLabel([{ name: 'Length', values: ['2.5'] }], ['2.5'])).toBe('Length 2.5');
    expect(variantLabel([], [])).toBe('');
  });
});

describe('optionIssues and variantIssues', () => {
  it('finds options named twice (any case) and values given twice', () => {
    expect(optionIssues([...options, { name: 'size', values: ['6', '6'] }])).toEqual([
      { path: ['options', 2, 'name'], message: VARIANT_MESSAGES.optionRepeated },
      { path: ['options', 2, 'values', 1], message: VARIANT_MESSAGES.valueRepeated },
    ]);
  });

  it('asks one known value of each option, a combination and a SKU once', () => {
    const v = (sku: string, optionValues: string[]) => ({ sku, optionValues });
    expect(variantIssues(options, [v('A', ['8', 'Tan'])])).toEqual([]);
    expect(variantIssues(options, [v('A', ['8'])])[0]?.message).toBe(VARIANT_MESSAGES.optionValuesCount);
    expect(variantIssues(options, [v('A', ['9', 'Tan'])])[0]?.path).toEqual(['variants', 0, 'optionValues', 0]);
    expect(variantIssues(options, [v('A', ['8', 'Tan']), v('B', ['8', 'Tan'])])[0]?.message).toBe(
      VARIANT_MESSAGES.combinationRepeated,
    );
    expect(variantIssues(options, [v('A', ['8', 'Tan']), v('a', ['6', 'Tan'])])[0]?.message).toBe(
      VARIANT_MESSAGES.skuRepeated,
    );
    expect(variantIssues([], [v('', [])])).toEqual([]);
    expect(variantIssues([], [v('A', ['8'])])[0]?.message).toBe(VARIANT_MESSAGES.variantsWithoutOptions);
  });
});

describe('assignVariantIds', () => {
  it('keeps the id of an id given or of the same combination, numbers the new ones after all ever made', () => {
    const current = [
      { id: 'v1', optionValues: ['6', 'Tan'] },
      { id: 'v2', optionValues: ['8', 'Tan'] },
    ];
    const { variants, count } = assignVariantIds(
      current,
      [
        { optionValues: ['8', 'Tan'] },
        { id: 'v1', optionValues: ['6', 'Black'] },
        { id: 'v9', optionValues: ['8', 'Black'] },
      ],
      3,
    );
    expect(variants.map((variant) => variant.id)).toEqual(['v2', 'v1', 'v4']);
    expect(count).toBe(4);
  });
});

describe('withDetailChanges', () => {
  const details = {
    pricePaise: 100,
    originalPricePaise: null,
    options: [],
    variants: [
      { id: 'default', sku: 'D-1', optionValues: [], pricePaise: 100, originalPricePaise: null, imageUrls: [] },
    ],
  };

  it('gives the default variant a new price of a product sold as one thing, keeping its SKU', () => {
    expect(withDetailChanges(details, { pricePaise: 90 }).variants).toEqual([
      { id: 'default', sku: 'D-1', optionValues: [], pricePaise: 90, originalPricePaise: null, imageUrls: [] },
    ]);
    expect(withDetailChanges(details, { tags: ['x'] } as never).variants).toBe(details.variants);
  });
});
