/**
 * The tax policy read model (collection `tax_policy`, one document): every history of the
 * `tax-policy` stream as the domain folds it (domain/tax/policy.ts), and what the routes answer:
 * the histories with what is in force on a day. The projection imports only the types.
 */
import { z } from '@hono/zod-openapi';
import { SERVICES, type TaxPolicy } from '../../domain/tax/policy.ts';

const bps = (description: string) =>
  z
    .number()
    .int()
    .openapi({ description: `${description}, in basis points (500 is 5%)` });

const stampFields = {
  effectiveFrom: z
    .string()
    .openapi({ description: 'First day it applies to (YYYY-MM-DD, in India)', example: '2025-09-22' }),
  source: z
    .string()
    .openapi({ description: 'Where the figure comes from', example: 'Notification 9/2025-Central Tax (Rate)' }),
  by: z.string().nullable().openapi({ description: "The admin who set it; null for MIBI's initial policy" }),
  at: z.string().nullable().openapi({ description: "When it was set; null for MIBI's initial policy" }),
};

export const GstSlabsEntrySchema = z
  .object({ slabsBps: z.array(bps('A GST rate a product may have')), ...stampFields })
  .openapi('GstSlabsEntry');
export const TcsRateEntrySchema = z.object({ rateBps: bps('The TCS rate'), ...stampFields }).openapi('TcsRateEntry');
export const CategoryTaxDefaultEntrySchema = z
  .object({ categoryId: z.string(), hsn: z.string(), gstRateBps: bps('The GST rate'), ...stampFields })
  .openapi('CategoryTaxDefaultEntry');

export const ServiceRateEntrySchema = z
  .object({
    service: z.enum(SERVICES).openapi({ description: 'The service MIBI supplies under its own GSTIN' }),
    sac: z.string().openapi({ description: 'Its SAC code', example: '996211' }),
    rateBps: bps('Its GST rate'),
    ...stampFields,
  })
  .openapi('ServiceRateEntry');

export type TaxPolicyDoc = TaxPolicy & { id: string };

/** The rates in force on a day: what a product form offers. */
export const TaxRatesSchema = z
  .object({
    date: z.string().openapi({ description: 'The day (YYYY-MM-DD, in India)' }),
    gstSlabsBps: z.array(bps('A GST rate a product may have')),
    tcsRateBps: bps('The TCS rate').nullable(),
    categoryDefaults: z
      .array(z.object({ categoryId: z.string(), hsn: z.string(), gstRateBps: bps('The GST rate') }))
      .openapi({
        description: 'The HSN code and GST rate a product of the category gets unless its seller gives them',
      }),
  })
  .openapi('TaxRates');
export type TaxRates = z.infer<typeof TaxRatesSchema>;

const historyNote = 'Every entry in the order recorded, the initial policy first';

/** The admins' view: each history, and what is in force today. */
export const TaxPolicyViewSchema = z
  .object({
    today: z.string().openapi({ description: 'Today in India (YYYY-MM-DD): the day `inForce` is for' }),
    gstSlabs: z.array(GstSlabsEntrySchema).openapi({ description: historyNote }),
    tcsRate: z.array(TcsRateEntrySchema).openapi({ description: historyNote }),
    categories: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          history: z.array(CategoryTaxDefaultEntrySchema).openapi({ description: historyNote }),
        }),
      )
      .openapi({ description: 'By name' }),
    services: z
      .array(
        z.object({
          service: z.enum(SERVICES),
          inForce: ServiceRateEntrySchema.nullable().openapi({ description: 'The entry in force today' }),
          history: z.array(ServiceRateEntrySchema).openapi({ description: historyNote }),
        }),
      )
      .openapi({ description: 'The services MIBI supplies itself: its commission to sellers, delivery to buyers' }),
    inForce: TaxRatesSchema,
  })
  .openapi('TaxPolicy');
export type TaxPolicyView = z.infer<typeof TaxPolicyViewSchema>;
