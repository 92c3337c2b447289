/** The body of the language chooser's route (the account's language). */
import { z } from 'zod';
import { LOCALES } from './locales.ts';

export const LANGUAGE_MESSAGE = `Choose one of ${LOCALES.join(', ')}`;

export const languageSchema = z.object({ locale: z.enum(LOCALES, { error: LANGUAGE_MESSAGE }) });
