import { z } from 'zod';
import { requiredText } from '../fields.ts';

export const PAYOUT_MESSAGES = {
  amount: /*i18n*/ 'Amount must be a whole number of paise above 0',
  paidOn: /*i18n*/ 'Paid on must be a date like 2024-05-01',
  future: /*i18n*/ 'Paid on cannot be in the future',
  reference: /*i18n*/ 'A reference is required',
} as const;

export const MAX_REFERENCE_LENGTH = 100;

/** Body of "record a payout": what the bank transfer was. Whether it fits the balance due is the decider's rule. */
export const recordPayoutSchema = z.object({
  amountPaise: z
    .number({ error: PAYOUT_MESSAGES.amount })
    .int(PAYOUT_MESSAGES.amount)
    .positive(PAYOUT_MESSAGES.amount)
    .max(Number.MAX_SAFE_INTEGER, PAYOUT_MESSAGES.amount),
  // z.iso.date checks the calendar too: 2024-02-30 and 2023-02-29 are refused.
  paidOn: z.iso.date({ error: PAYOUT_MESSAGES.paidOn }),
  reference: requiredText(PAYOUT_MESSAGES.reference, MAX_REFERENCE_LENGTH, /*i18n*/ 'Reference'),
});

export type RecordPayoutInput = z.output<typeof recordPayoutSchema>;
