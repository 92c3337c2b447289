import { describe, expect, it } from 'vitest';
import { type CatalogProduct, savedProduct } from './saved-product.ts';

const variant = (id: string, label: string, pricePaise: number, stockQuantity: number) => ({
  id,
  label,
  pricePaise,
  originalPricePaise: 1_999_00,
  imageUrls: [`/media/${id}.webp`],
  stockQuantity,
});
const pendant: CatalogProduct = {
  id: 'p-1',
  name: 'Name Pendant',
  translations: { hi: { name: 'नाम वाला पेंडेंट', description: '', tags: [] } },
  sellerName: 'Moradabad Metals',
  pricePaise: 1_299_00,
  originalPricePaise: 1_999_00,
  percentOff: 35,
  imageUrl: '/media/pendant.webp',
  stockQuantity: 7,
  visible: true,
  options: [{ name: 'Metal', values: ['Brass', 'Silver'] }],
  personalisation: [{ required: false }],
  variants: [variant('v1', 'Brass', 1_299_00, 5), variant('v2', 'Silver', 1_499_00, 2)],
};

describe('savedProduct', () => {
  it('shows a variant saved at its own price, picture and stock', () => {
    expect(savedProduct(pendant, 'v2')).toEqual({
      id: 'p-1',
      name: 'Name Pendant',
      names: { hi: 'नाम वाला पेंडेंट' },
      sellerName: 'Moradabad Metals',
      pricePaise: 1_499_00,
      originalPricePaise: 1_999_00,
      percentOff: 25,
      imageUrl: '/media/v2.webp',
      stockQuantity: 2,
      variantLabel: 'Silver',
      asksFirst: null,
      available: true,
    });
  });

  it('shows the product saved as a whole at its lowest price and all its stock, asking for a variant first', () => {
    expect(savedProduct(pendant, null)).toMatchObject({
      pricePaise: 1_299_00,
      percentOff: 35,
      imageUrl: '/media/pendant.webp',
      stockQuantity: 7,
      variantLabel: '',
      asksFirst: 'variant',
    });
  });

  it('asks for the answers to a required question first, and is not available without its variant or off sale', () => {
    const engraved = { ...pendant, personalisation: [{ required: false }, { required: true }] };
    expect(savedProduct(engraved, 'v1').asksFirst).toBe('answers');
    expect(savedProduct({ ...engraved, options: [] }, null).asksFirst).toBe('answers');
    expect(savedProduct(pendant, 'v9').available).toBe(false);
    expect(savedProduct({ ...pendant, visible: false }, 'v1').available).toBe(false);
  });
});
