import { z } from 'zod';
import { PRODUCT_MESSAGES, bothValid, fields, originalPriceFits, rupeeField, stockField } from './schemas.ts';
import {
  MAX_OPTION_NAME_LENGTH,
  MAX_OPTION_VALUE_LENGTH,
  VARIANT_MESSAGES,
  type VariantInput,
  optionIssues,
  variantIssues,
} from './variants.ts';
import { requiredText } from '../fields.ts';
import { MADE_TO_ORDER_MESSAGE, VARIANT_MADE_TO_ORDER, variantMadeToOrderDays } from './made-to-order.ts';

/** "6, 7,,8 , 6" -> ["6", "7", "8"]: trimmed, empties and repeats dropped. */
export const parseValues = (input: string): string[] =>
  [...new Set(input.split(',').map((value) => value.trim()))].filter((value) => value !== '');

const optionText = z.object({
  name: requiredText(VARIANT_MESSAGES.optionNameRequired, MAX_OPTION_NAME_LENGTH, /*i18n*/ 'Option name'),
  values: z
    .string()
    .transform(parseValues)
    .pipe(
      z
        .array(requiredText(VARIANT_MESSAGES.valueRequired, MAX_OPTION_VALUE_LENGTH, /*i18n*/ 'Each value'))
        .min(1, VARIANT_MESSAGES.valuesRequired),
    ),
});

const rowText = z
  .object({
    id: z.string().optional(),
    optionValues: z.array(z.string()),
    sku: fields.sku,
    price: rupeeField(PRODUCT_MESSAGES.priceTooLow, 0).pipe(fields.pricePaise),
    originalPrice: rupeeField(PRODUCT_MESSAGES.originalPriceTooLow, null).pipe(fields.originalPricePaise),
    stockQuantity: stockField,
    // As the product, from stock, or the days typed beside it.
    madeToOrder: z.enum(VARIANT_MADE_TO_ORDER),
    madeToOrderDays: z.string(),
  })
  .refine(({ price, originalPrice }) => originalPriceFits(price, originalPrice), {
    message: PRODUCT_MESSAGES.originalPriceNotAbove,
    path: ['originalPrice'],
  })
  .refine(({ madeToOrder, madeToOrderDays }) => !Number.isNaN(variantMadeToOrderDays(madeToOrder, madeToOrderDays)), {
    message: MADE_TO_ORDER_MESSAGE,
    path: ['madeToOrderDays'],
    when: bothValid('madeToOrder', 'madeToOrderDays'),
  })
  .transform(
    ({
      price,
      originalPrice,
      madeToOrder,
      madeToOrderDays,
      ...rest
    }): Omit<VariantInput, 'imageUrls'> & { stockQuantity: number } => {
      const own = variantMadeToOrderDays(madeToOrder, madeToOrderDays);
      return {
        ...rest,
        pricePaise: price,
        originalPricePaise: originalPrice,
        ...(own !== undefined && { madeToOrderDays: own }),
      };
    },
  );

/**
 * The options and the grid of combinations of the product form, as the text of their inputs
 * (values comma-separated, money in rupees): parses to the `options` and `variants` of a
 * listing but their images (the form knows them only once uploaded), checked by the rules of
 * domain/product/variants.ts. Row errors name their input (`variants.2.price`).
 */
export const variantsFormSchema = z
  .object({ options: z.array(optionText), variants: z.array(rowText) })
  .superRefine(({ options, variants }, ctx) => {
    const issues = [...optionIssues(options), ...(options.length > 0 ? variantIssues(options, variants) : [])];
    for (const { path, message } of issues) ctx.addIssue({ code: 'custom', path, message });
  });

export type VariantsForm = z.input<typeof variantsFormSchema>;
export type VariantsValues = z.output<typeof variantsFormSchema>;
