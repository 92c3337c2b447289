/** The rules of a product's translation (translation.ts), for the seller's command and form. */
import { z } from 'zod';
import { allowedCharacters, cleanText, requiredText, tooLong } from '../fields.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MIN_DESCRIPTION_LENGTH, fields, parseTags } from './schemas.ts';
import type { ProductTranslation } from './translation.ts';

export const TRANSLATION_MESSAGES = {
  nameRequired: /*i18n*/ 'The translated name is required',
  // MIN_DESCRIPTION_LENGTH, as the English description's message writes it.
  descriptionTooShort: /*i18n*/ 'The translated description must be at least 10 characters, or left empty',
  languageUnknown: /*i18n*/ 'Language must be hi (Hindi)',
} as const;

const DESCRIPTION_LABEL = /*i18n*/ 'Translated description';

/** The body of "translate a product": the name, and optionally the description and tags. */
export const productTranslationSchema = z.object({
  name: requiredText(TRANSLATION_MESSAGES.nameRequired, MAX_NAME_LENGTH, /*i18n*/ 'Translated name'),
  description: cleanText(TRANSLATION_MESSAGES.descriptionTooShort, { multiline: true })
    .max(MAX_DESCRIPTION_LENGTH, tooLong(DESCRIPTION_LABEL, MAX_DESCRIPTION_LENGTH))
    .refine((text) => text === '' || text.length >= MIN_DESCRIPTION_LENGTH, TRANSLATION_MESSAGES.descriptionTooShort)
    .refine(...allowedCharacters(DESCRIPTION_LABEL, { multiline: true }))
    .default(''),
  tags: fields.tags.default([]),
}) satisfies z.ZodType<ProductTranslation, unknown>;

/** The seller's form of a translation: the tags written as comma-separated text, as the product form's. */
export const translationFormSchema = productTranslationSchema.extend({
  tags: z.string().transform(parseTags).pipe(fields.tags),
});
