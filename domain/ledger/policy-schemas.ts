/** Bodies of the admins' category policy changes (see domain/catalog/policy.ts): every change says why. */
import { z } from 'zod';
import { MAX_COMMISSION_BPS } from '../catalog/policy.ts';
import { requiredText } from '../fields.ts';
import { english } from '../i18n/message.ts';

export const POLICY_MESSAGES = {
  rate: english(/*i18n*/ 'Rate must be a whole number of basis points from 0 to {max}, or null for the default', {
    max: MAX_COMMISSION_BPS,
  }),
  returnable: /*i18n*/ 'Returnable must be true or false',
  reason: /*i18n*/ 'A reason is required',
} as const;

const MAX_REASON_LENGTH = 500;
const reason = requiredText(POLICY_MESSAGES.reason, MAX_REASON_LENGTH, /*i18n*/ 'Reason', { multiline: true });

/** A category's commission: basis points (1000 is 10%), or null to go back to the configured default. */
export const categoryCommissionSchema = z.object({
  rateBps: z
    .number({ error: POLICY_MESSAGES.rate })
    .int(POLICY_MESSAGES.rate)
    .min(0, POLICY_MESSAGES.rate)
    .max(MAX_COMMISSION_BPS, POLICY_MESSAGES.rate)
    .nullable(),
  reason,
});

/** Whether a category's delivered items may be returned. */
export const categoryReturnsSchema = z.object({
  returnable: z.boolean({ error: POLICY_MESSAGES.returnable }),
  reason,
});
