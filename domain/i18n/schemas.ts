/** The body of the language chooser's route (the account's language). */
import { z } from 'zod';
import { LOCALES } from './locales.ts';
import { english } from './message.ts';

export const LANGUAGE_MESSAGE = english(/*i18n*/ 'Choose one of {choices}', { choices: LOCALES.join(', ') });

export const languageSchema = z.object({ locale: z.enum(LOCALES, { error: LANGUAGE_MESSAGE }) });
