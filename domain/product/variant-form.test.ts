import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../fields.ts';
import { MADE_TO_ORDER_MESSAGE } from './made-to-order.ts';
import { PRODUCT_MESSAGES } from './schemas.ts';
import { type VariantsForm, parseValues, variantsFormSchema } from './variant-form.ts';
import { VARIANT_MESSAGES } from './variants.ts';

const row = (optionValues: string[], sku: string, price = '899', stockQuantity = '5') => ({
  optionValues,
  sku,
  price,
  originalPrice: '',
  stockQuantity,
  madeToOrder: 'product' as const,
  madeToOrderDays: '',
});

const chappal: VariantsForm = {
  options: [
    { name: ' Size ', values: '8, 9, 10,' },
    { name: 'Colour', values: 'Tan' },
  ],
  variants: [
    row(['8', 'Tan'], 'CH-8-TAN', '899.50'),
    {
      ...row(['9', 'Tan'], 'CH-9-TAN', '949'),
      id: 'v2',
      originalPrice: '999',
      madeToOrder: 'days',
      madeToOrderDays: ' 12 ',
    },
    // From stock, though the product is made to order: the days typed before are not kept.
    { ...row(['10', 'Tan'], 'CH-10-TAN'), madeToOrder: 'stock', madeToOrderDays: '12' },
  ],
};

const errorsOf = (form: VariantsForm) => {
  const parsed = variantsFormSchema.safeParse(form);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('variantsFormSchema', () => {
  it('reads the options and the grid as a listing gives them, money in paise', () => {
    expect(variantsFormSchema.parse(chappal)).toEqual({
      options: [
        { name: 'Size', values: ['8', '9', '10'] },
        { name: 'Colour', values: ['Tan'] },
      ],
      variants: [
        { optionValues: ['8', 'Tan'], sku: 'CH-8-TAN', pricePaise: 89_950, originalPricePaise: null, stockQuantity: 5 },
        {
          id: 'v2',
          optionValues: ['9', 'Tan'],
          sku: 'CH-9-TAN',
          pricePaise: 94_900,
          originalPricePaise: 99_900,
          stockQuantity: 5,
          madeToOrderDays: 12,
        },
        {
          optionValues: ['10', 'Tan'],
          sku: 'CH-10-TAN',
          pricePaise: 89_900,
          originalPricePaise: null,
          stockQuantity: 5,
          madeToOrderDays: null,
        },
      ],
    });
    expect(variantsFormSchema.parse({ options: [], variants: [] })).toEqual({ options: [], variants: [] });
  });

  it('puts each message under its input', () => {
    expect(
      errorsOf({
        options: [
          { name: '', values: '8' },
          { name: 'Colour', values: ' , ' },
        ],
        variants: [],
      }),
    ).toMatchObject({
      'options.0.name': VARIANT_MESSAGES.optionNameRequired,
      'options.1.values': VARIANT_MESSAGES.valuesRequired,
    });
    const [first, second] = chappal.variants;
    expect(
      errorsOf({
        ...chappal,
        variants: [
          { ...first!, sku: 'CH 8', price: '' },
          { ...second!, stockQuantity: '-1', madeToOrderDays: '91' },
        ],
      }),
    ).toEqual({
      'variants.0.sku': VARIANT_MESSAGES.skuInvalid,
      'variants.0.price': PRODUCT_MESSAGES.priceTooLow,
      'variants.1.stockQuantity': PRODUCT_MESSAGES.stockNegative,
      'variants.1.madeToOrderDays': MADE_TO_ORDER_MESSAGE,
    });
    // Made to order in days, none given.
    expect(errorsOf({ ...chappal, variants: [{ ...first!, madeToOrder: 'days' }] })).toEqual({
      'variants.0.madeToOrderDays': MADE_TO_ORDER_MESSAGE,
    });
    expect(errorsOf({ ...chappal, variants: [first!, { ...second!, originalPrice: '900' }] })).toEqual({
      'variants.1.originalPrice': PRODUCT_MESSAGES.originalPriceNotAbove,
    });
  });

  it('applies the rules of variants: a SKU once, a name once', () => {
    const [first, second] = chappal.variants;
    expect(errorsOf({ ...chappal, variants: [first!, { ...second!, sku: 'ch-8-tan' }] })).toEqual({
      'variants.1.sku': VARIANT_MESSAGES.skuRepeated,
    });
    expect(errorsOf({ ...chappal, options: [chappal.options[0]!, { name: 'size', values: 'Tan' }] })).toMatchObject({
      'options.1.name': VARIANT_MESSAGES.optionRepeated,
    });
  });
});

it('reads values from a comma-separated list', () => {
  expect(parseValues(' 6, 7,,8 , 6')).toEqual(['6', '7', '8']);
});
