import { z } from 'zod';
import { PRODUCT_MESSAGES, fields, originalPriceFits, rupeeField, stockField } from './schemas.ts';
import {
  MAX_OPTION_NAME_LENGTH,
  MAX_OPTION_VALUE_LENGTH,
  VARIANT_MESSAGES,
  type VariantInput,
  optionIssues,
  variantIssues,
} from './variants.ts';
import { requiredText } from '../fields.ts';
import { madeToOrderDaysField } from './made-to-order.ts';

/** "6, 7,,8 , 6" -> ["6", "7", "8"]: trimmed, empties and repeats dropped. */
export const parseValues = (input: string): string[] =>
  [...new Set(input.split(',').map((value) => value.trim()))].filter((value) => value !== '');

const optionText = z.object({
  name: requiredText(VARIANT_MESSAGES.optionNameRequired, MAX_OPTION_NAME_LENGTH, 'Option name'),
  values: z
    .string()
    .transform(parseValues)
    .pipe(
      z
        .array(requiredText(VARIANT_MESSAGES.valueRequired, MAX_OPTION_VALUE_LENGTH, 'Each value'))
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
    // Empty: the product's made-to-order days.
    madeToOrderDays: madeToOrderDaysField,
  })
  .refine(({ price, originalPrice }) => originalPriceFits(price, originalPrice), {
    message: PRODUCT_MESSAGES.originalPriceNotAbove,
    path: ['originalPrice'],
  })
  .transform(
    ({
      price,
      originalPrice,
      madeToOrderDays,
      ...rest
    }): Omit<VariantInput, 'imageUrls'> & { stockQuantity: number } => ({
      ...rest,
      pricePaise: price,
      originalPricePaise: originalPrice,
      ...(madeToOrderDays !== null && { madeToOrderDays }),
    }),
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
