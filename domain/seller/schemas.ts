import { z } from 'zod';
import { requiredText, tooLong } from '../fields.ts';

export const REASON_REQUIRED = 'A reason is required';
const MAX_REASON_LENGTH = 500;

/** Body of "verify a seller": a note for the record if the admin has one; blank means none. */
export const verifySellerSchema = z.object({
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(MAX_REASON_LENGTH, tooLong('Reason', MAX_REASON_LENGTH))
    .transform((text) => text || null)
    .nullable()
    .default(null),
});

/** Body of "suspend" and "reinstate": these change what the seller may do, so the record says why. */
export const sellerReasonSchema = z.object({ reason: requiredText(REASON_REQUIRED, MAX_REASON_LENGTH, 'Reason') });
