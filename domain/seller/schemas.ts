import { z } from 'zod';
import { type TextOptions, allowedCharacters, cleanText, requiredText, tooLong } from '../fields.ts';

export const REASON_REQUIRED = 'A reason is required';
const MAX_REASON_LENGTH = 500;

/** Text that may be left out: trimmed, checked like any text field, blank meaning none (null). */
function optionalText(label: string, maxLength: number, options: TextOptions = {}) {
  return cleanText(`${label} must be text`, options)
    .max(maxLength, tooLong(label, maxLength))
    .refine(...allowedCharacters(label, options))
    .transform((text) => text || null)
    .nullable()
    .default(null);
}

/** Body of "verify a seller": a note for the record if the admin has one; blank means none. */
export const verifySellerSchema = z.object({ reason: optionalText('Reason', MAX_REASON_LENGTH, { multiline: true }) });

/** Body of "suspend" and "reinstate": these change what the seller may do, so the record says why. */
export const sellerReasonSchema = z.object({
  reason: requiredText(REASON_REQUIRED, MAX_REASON_LENGTH, 'Reason', { multiline: true }),
});

/** How long each storefront field may be: a name and two short lines for the header, a story of a few paragraphs. */
export const PROFILE_LIMITS = { displayName: 60, region: 60, craft: 60, story: 1000 } as const;

/**
 * A storefront profile as the seller writes it: a display name, and optionally the region they
 * work in, their craft and their story (the one field of several lines). The form and the API
 * check it alike.
 */
export const sellerProfileSchema = z.object({
  displayName: requiredText('Display name is required', PROFILE_LIMITS.displayName, 'Display name'),
  region: optionalText('Region', PROFILE_LIMITS.region),
  craft: optionalText('Craft', PROFILE_LIMITS.craft),
  story: optionalText('Story', PROFILE_LIMITS.story, { multiline: true }),
});

const VERSION_MESSAGE = 'Expected version must be a whole number, 0 or more';

/** Body of "edit a storefront": the profile, and the version it was edited from, so an edit made meanwhile is not overwritten. */
export const sellerProfileUpdateSchema = sellerProfileSchema.extend({
  expectedVersion: z
    .number({ error: VERSION_MESSAGE })
    .int(VERSION_MESSAGE)
    .min(0, VERSION_MESSAGE)
    .nullable()
    .default(null),
});
