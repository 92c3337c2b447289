import { describe, expect, it } from 'vitest';
import { singleFileImage } from '../../../../domain/product/image.ts';
import { asProposed, variantChanges } from './productForm.ts';
import type { SellerProduct } from './types.ts';

const black = singleFileImage('/media/black.webp');
const options = [{ name: 'Colour', values: ['Tan', 'Black'] }];
const stored = (id: string, colour: string, imageUrls: string[] = []) => ({
  id,
  sku: `C-${colour.toUpperCase()}`,
  optionValues: [colour],
  label: colour,
  pricePaise: 89_900,
  originalPricePaise: null,
  imageUrls,
  stockQuantity: 3,
});
const product = {
  images: [black],
  options,
  variants: [stored('v1', 'Tan'), stored('v2', 'Black', [black.url])],
} as unknown as SellerProduct;
const sent = (id: string | undefined, colour: string, images: string[] = []) => ({
  ...(id && { id }),
  sku: `C-${colour.toUpperCase()}`,
  optionValues: [colour],
  pricePaise: 89_900,
  originalPricePaise: null,
  stockQuantity: 3,
  images,
});
const typed = { pricePaise: 89_900, originalPricePaise: null, stockQuantity: 6 };

describe('variantChanges', () => {
  it("sends nothing when the grid is the product's, its pictures compared by their ids", () => {
    expect(variantChanges(product, options, [sent('v1', 'Tan'), sent('v2', 'Black', [black.id])], typed)).toEqual({});
  });

  it('sends the options and every variant when one of them changed', () => {
    const variants = [sent('v1', 'Tan'), { ...sent('v2', 'Black', [black.id]), stockQuantity: 0 }];
    expect(variantChanges(product, options, variants, typed)).toEqual({ options, variants });
    const madeToOrder = [sent('v1', 'Tan'), { ...sent('v2', 'Black', [black.id]), madeToOrderDays: 12 }];
    expect(variantChanges(product, options, madeToOrder, typed)).toEqual({ options, variants: madeToOrder });
    // From stock is a change of its own, not the product's days (absent) again.
    const fromStock = [sent('v1', 'Tan'), { ...sent('v2', 'Black', [black.id]), madeToOrderDays: null }];
    expect(variantChanges(product, options, fromStock, typed)).toEqual({ options, variants: fromStock });
    const stockAlready = {
      ...product,
      variants: [stored('v1', 'Tan'), { ...stored('v2', 'Black', [black.url]), madeToOrderDays: null }],
    } as unknown as SellerProduct;
    expect(variantChanges(stockAlready, options, fromStock, typed)).toEqual({});
    const more = [{ name: 'Colour', values: ['Tan', 'Black', 'Red'] }];
    const withRed = [sent('v1', 'Tan'), sent('v2', 'Black', [black.id]), sent(undefined, 'Red')];
    expect(variantChanges(product, more, withRed, typed)).toEqual({ options: more, variants: withRed });
  });

  it('sells the product as one thing again, at the price and stock typed, once its last option is removed', () => {
    expect(variantChanges(product, [], [], typed)).toEqual({ options: [], ...typed });
    expect(variantChanges({ ...product, options: [] }, [], [], typed)).toEqual({});
  });
});

describe('asProposed', () => {
  it('shows the variants waiting for review, those on sale at their live price, each with the stock it was given', () => {
    const { label: _, stockQuantity: __, ...tan } = stored('v1', 'Tan');
    const indigo = { ...tan, id: 'v3', sku: 'C-INDIGO', optionValues: ['Indigo'] };
    const wider = [{ name: 'Colour', values: ['Tan', 'Black', 'Indigo'] }];
    const waiting = {
      ...product,
      pricePaise: 79_900,
      originalPricePaise: null,
      // Tan's price went down at once after the revision was sent.
      variants: [{ ...stored('v1', 'Tan'), pricePaise: 79_900 }, stored('v2', 'Black', [black.url])],
      stockByVariant: { v1: 3, v2: 3, v3: 2 },
      pendingRevision: { after: { options: wider, variants: [tan, indigo] } },
    } as unknown as SellerProduct;
    expect(asProposed(waiting)).toMatchObject({
      options: wider,
      pricePaise: 79_900,
      variants: [
        { id: 'v1', label: 'Tan', pricePaise: 79_900, stockQuantity: 3 },
        { id: 'v3', label: 'Indigo', pricePaise: 89_900, stockQuantity: 2 },
      ],
    });
    expect(asProposed(product)).toBe(product);
  });
});
