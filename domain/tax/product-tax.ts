/**
 * A product's tax data: its HSN code and GST rate, which the seller gives or takes from the
 * category's defaults. The price stays tax-inclusive; the rate says how much of it is GST.
 */
import { z } from 'zod';
import { HSN_MESSAGE, isHsn } from './hsn.ts';
import { INITIAL_TAX_POLICY } from './initial-policy.ts';
import { formatRate, MAX_RATE_BPS } from './rates.ts';

export interface ProductTax {
  hsn: string;
  gstRateBps: number;
}

export const PRODUCT_TAX_MESSAGES = {
  hsn: HSN_MESSAGE,
  rate: /*i18n*/ 'Choose a GST rate',
  noDefault: /*i18n*/ 'This category has no tax defaults: give the HSN code and GST rate',
} as const;

export const hsnSchema = z.string({ error: HSN_MESSAGE }).trim().refine(isHsn, HSN_MESSAGE);

export const gstRateSchema = z
  .number({ error: PRODUCT_TAX_MESSAGES.rate })
  .int(PRODUCT_TAX_MESSAGES.rate)
  .min(0, PRODUCT_TAX_MESSAGES.rate)
  .max(MAX_RATE_BPS, PRODUCT_TAX_MESSAGES.rate);

/** Its shape only: whether the rate is a slab in force is asked of the tax policy (policy.ts). */
export const productTaxSchema = z.object({ hsn: hsnSchema, gstRateBps: gstRateSchema });

export const sameTax = (a: ProductTax, b: ProductTax): boolean => a.hsn === b.hsn && a.gstRateBps === b.gstRateBps;

/** "HSN 5208 · GST 5%": as the product's pages and history show it. */
export const formatProductTax = ({ hsn, gstRateBps }: ProductTax): string =>
  `HSN ${hsn} · GST ${formatRate(gstRateBps)}`;

/**
 * The tax data of a product listed before products had any: its category's default in the
 * initial policy, which was the policy in force whenever such a product was listed (no admin
 * could change it before products had tax data). Every category of that time (the seeded ones)
 * has one.
 */
export function initialCategoryTax(categoryId: string): ProductTax {
  const entry = INITIAL_TAX_POLICY.categoryDefaults[categoryId]?.[0];
  if (!entry) throw new RangeError(`No initial tax default for category ${categoryId}`);
  return { hsn: entry.hsn, gstRateBps: entry.gstRateBps };
}
