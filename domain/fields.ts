import { z } from 'zod';

/**
 * Trimmed text that must not be empty. `requiredMessage` is also what a missing or
 * non-text value reports, so an API caller sees the same words as a form user.
 */
export function requiredText(requiredMessage: string, maxLength: number, label: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(maxLength, tooLong(label, maxLength));
}

export const tooLong = (label: string, maxLength: number): string => `${label} must be at most ${maxLength} characters`;

/**
 * The first message per field, keyed by its dotted path ('shippingAddress.city'), or `_` for
 * the value as a whole: for API errors, `DomainError.fields` and forms alike.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
