/** The rules of a product's translation (translation.ts), for the seller's command and form. */
import { z } from 'zod';
import { allowedCharacters, cleanText, requiredText, tooLong } from '../fields.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MIN_DESCRIPTION_LENGTH, fields } from './schemas.ts';
import { type ProductTranslation, TRANSLATED_LOCALES } from './translation.ts';

export const TRANSLATION_MESSAGES = {
  nameRequired: 'The translated name is required',
  descriptionTooShort: `The translated description must be at least ${MIN_DESCRIPTION_LENGTH} characters, or left empty`,
  languageUnknown: `Language must be one of ${TRANSLATED_LOCALES.join(', ')}`,
} as const;

/** The body of "translate a product": the name, and optionally the description and tags. */
export const productTranslationSchema = z.object({
  name: requiredText(TRANSLATION_MESSAGES.nameRequired, MAX_NAME_LENGTH, 'Translated name'),
  description: cleanText(TRANSLATION_MESSAGES.descriptionTooShort, { multiline: true })
    .max(MAX_DESCRIPTION_LENGTH, tooLong('Translated description', MAX_DESCRIPTION_LENGTH))
    .refine((text) => text === '' || text.length >= MIN_DESCRIPTION_LENGTH, TRANSLATION_MESSAGES.descriptionTooShort)
    .refine(...allowedCharacters('Translated description', { multiline: true }))
    .default(''),
  tags: fields.tags.default([]),
}) satisfies z.ZodType<ProductTranslation, unknown>;
