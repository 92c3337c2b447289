import { z } from 'zod';
import { requiredText } from '../fields.ts';

export const PAYOUT_ACCOUNT_MESSAGES = {
  beneficiaryName: /*i18n*/ 'Account holder name is required',
  accountNumber: /*i18n*/ 'Account number must be 9 to 18 digits',
  ifsc: /*i18n*/ 'IFSC must be 11 characters: 4 letters, then 0, then 6 letters or digits (like SBIN0001234)',
} as const;

const MAX_NAME_LENGTH = 120;

/** Indian bank account numbers run from 9 to 18 digits; people type them in groups, so spaces are dropped. */
export const ACCOUNT_NUMBER = /^\d{9,18}$/;
/** An IFSC: the bank (4 letters), a 0 kept for later use, the branch (6 letters or digits). */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** Body of "set up payouts": the bank account the seller's earnings settle to. */
export const payoutAccountSchema = z.object({
  beneficiaryName: requiredText(
    PAYOUT_ACCOUNT_MESSAGES.beneficiaryName,
    MAX_NAME_LENGTH,
    /*i18n*/ 'Account holder name',
  ),
  accountNumber: z
    .string({ error: PAYOUT_ACCOUNT_MESSAGES.accountNumber })
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => ACCOUNT_NUMBER.test(value), PAYOUT_ACCOUNT_MESSAGES.accountNumber),
  ifsc: z
    .string({ error: PAYOUT_ACCOUNT_MESSAGES.ifsc })
    .transform((value) => value.trim().toUpperCase())
    .refine((value) => IFSC.test(value), PAYOUT_ACCOUNT_MESSAGES.ifsc),
});

export type PayoutAccountInput = z.output<typeof payoutAccountSchema>;

/** "•••• 4321": how an account number shows once only its last four digits are kept. */
export const maskedAccount = (last4: string): string => `•••• ${last4}`;
