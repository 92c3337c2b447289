import { z } from 'zod';
import { allowedCharacters, cleanText, requiredText, tooLong } from '../fields.ts';

export const REASON_REQUIRED = 'A reason is required';
const MAX_REASON_LENGTH = 500;

/** Body of "verify a seller": a note for the record if the admin has one; blank means none. */
export const verifySellerSchema = z.object({
  reason: cleanText('Reason must be text', { multiline: true })
    .max(MAX_REASON_LENGTH, tooLong('Reason', MAX_REASON_LENGTH))
    .refine(...allowedCharacters('Reason', { multiline: true }))
    .transform((text) => text || null)
    .nullable()
    .default(null),
});

/** Body of "suspend" and "reinstate": these change what the seller may do, so the record says why. */
export const sellerReasonSchema = z.object({ reason: requiredText(REASON_REQUIRED, MAX_REASON_LENGTH, 'Reason', { multiline: true }) });
