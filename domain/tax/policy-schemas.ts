/** Bodies of the admins' tax policy changes (see policy.ts, which checks what they mean): every change names its source and its first day. */
import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { TAX_POLICY_MESSAGES } from './policy.ts';
import { gstRateSchema, hsnSchema } from './product-tax.ts';
import { isSac, SAC_MESSAGE } from './sac.ts';

const MAX_SOURCE_LENGTH = 300;

const change = {
  effectiveFrom: z.string({ error: TAX_POLICY_MESSAGES.effectiveFrom }).trim(),
  source: requiredText(TAX_POLICY_MESSAGES.source, MAX_SOURCE_LENGTH, /*i18n*/ 'Source'),
};

const rate = (message: string) => z.number({ error: message }).int(message);

/** The GST slabs in force from a day: basis points (500 is 5%). */
export const gstSlabsChangeSchema = z.object({
  slabsBps: z
    .array(rate(TAX_POLICY_MESSAGES.slabs), { error: TAX_POLICY_MESSAGES.slabs })
    .max(20, TAX_POLICY_MESSAGES.slabs),
  ...change,
});

/** The TCS rate from a day: basis points (50 is 0.5%). */
export const tcsRateChangeSchema = z.object({ rateBps: rate(TAX_POLICY_MESSAGES.rate), ...change });

/** A category's defaults from a day: HSN code and GST rate. */
export const categoryTaxDefaultChangeSchema = z.object({ hsn: hsnSchema, gstRateBps: gstRateSchema, ...change });

/** A service's SAC code and GST rate from a day. */
export const serviceRateChangeSchema = z.object({
  sac: z.string({ error: SAC_MESSAGE }).trim().refine(isSac, SAC_MESSAGE),
  rateBps: rate(TAX_POLICY_MESSAGES.rate),
  ...change,
});
