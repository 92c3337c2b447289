/**
 * The reference rates read model (collection `reference_rates`, one document): every currency's
 * rates as the domain folds them (domain/currency/reference-rates.ts), and what the routes
 * answer: the rates in effect at a time for anyone, every history for the admins.
 */
import { z } from '@hono/zod-openapi';
import { FOREIGN_CURRENCIES } from '../../domain/currency/currencies.ts';
import type { ReferenceRates } from '../../domain/currency/reference-rates.ts';

export type ReferenceRatesDoc = ReferenceRates & { id: string };

const rateFields = {
  currency: z.enum(FOREIGN_CURRENCIES).openapi({ example: 'USD' }),
  rupeesPerUnit: z.string().openapi({
    description: 'Rupees per unit of the currency, a decimal with at most 4 places (exact: text, never a float)',
    example: '84.0729',
  }),
  effectiveFrom: z.string().openapi({ description: 'When it takes effect (ISO-8601 UTC)' }),
  source: z.string().openapi({ description: 'Where the rate comes from', example: 'RBI reference rate' }),
};

/** A rate as anyone may read it. */
export const PublicReferenceRateSchema = z.object(rateFields).openapi('ReferenceRate');

/** A rate as the admins read it: with who recorded it and when. */
export const RecordedReferenceRateSchema = z
  .object({
    ...rateFields,
    by: z.string().openapi({ description: 'The admin who recorded it' }),
    at: z.string().openapi({ description: 'When it was recorded (ISO-8601 UTC)' }),
  })
  .openapi('RecordedReferenceRate');

/** The rates in effect at a time: what the SPA converts prices at. */
export const ReferenceRatesNowSchema = z
  .object({
    at: z.string().openapi({ description: 'The time the rates are in effect at (now, ISO-8601 UTC)' }),
    rates: z
      .array(PublicReferenceRateSchema)
      .openapi({ description: 'One per currency that has a rate in effect, in the order of the chooser' }),
    nextChangeAt: z
      .string()
      .nullable()
      .openapi({ description: 'When a rate recorded already takes effect next; null when none is waiting' }),
  })
  .openapi('ReferenceRatesNow');
export type ReferenceRatesNow = z.infer<typeof ReferenceRatesNowSchema>;

/** The admins' view: every currency's history and what is in effect now. */
export const ReferenceRatesViewSchema = z
  .object({
    at: z.string().openapi({ description: 'Now (ISO-8601 UTC): the time `inEffect` is for' }),
    currencies: z.array(
      z.object({
        currency: z.enum(FOREIGN_CURRENCIES),
        inEffect: RecordedReferenceRateSchema.nullable().openapi({ description: 'The rate in effect now' }),
        history: z.array(RecordedReferenceRateSchema).openapi({ description: 'Every rate in the order recorded' }),
      }),
    ),
  })
  .openapi('ReferenceRatesView');
export type ReferenceRatesView = z.infer<typeof ReferenceRatesViewSchema>;
