/** The bodies of the reference rate and display currency routes, as the admin's form and the chooser send them (reference-rates.ts checks what they mean). */
import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { parseRate } from './convert.ts';
import { DISPLAY_CURRENCIES } from './currencies.ts';
import { REFERENCE_RATE_MESSAGES } from './reference-rates.ts';
import { english } from '../i18n/message.ts';

const MAX_SOURCE_LENGTH = 300;

/** A rate an admin records for a currency (in the path). */
export const referenceRateSchema = z.object({
  rupeesPerUnit: z
    .string({ error: REFERENCE_RATE_MESSAGES.rate })
    .trim()
    .refine((text) => parseRate(text) !== null, REFERENCE_RATE_MESSAGES.rate),
  source: requiredText(REFERENCE_RATE_MESSAGES.source, MAX_SOURCE_LENGTH, /*i18n*/ 'Source'),
  effectiveFrom: z
    .string({ error: REFERENCE_RATE_MESSAGES.effectiveFrom })
    .trim()
    .max(40, REFERENCE_RATE_MESSAGES.effectiveFrom)
    .optional(),
});

export const DISPLAY_CURRENCY_MESSAGE = english(/*i18n*/ 'Choose one of {choices}', {
  choices: DISPLAY_CURRENCIES.join(', '),
});

/** The currency a buyer sees prices in beside rupees (INR: rupees alone). */
export const displayCurrencySchema = z.object({
  currency: z.enum(DISPLAY_CURRENCIES, { error: DISPLAY_CURRENCY_MESSAGE }),
});
