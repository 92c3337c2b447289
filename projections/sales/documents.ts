/**
 * The sales read model's documents (collections `sales_days`, everyone's sales of a day, and
 * `sales_daily`, one seller's) and the reports its queries answer: their schemas and the types
 * inferred from them. The routes answer with these schemas; the projection imports only the
 * types, so the threads that run it never load them. Money in paise, days YYYY-MM-DD (UTC).
 */
import { z } from '@hono/zod-openapi';

const tallyFields = {
  revenuePaise: z
    .number()
    .int()
    .openapi({ description: 'Price x quantity of the lines, in paise; delivery charges excluded' }),
  units: z.number().int(),
  /** Purchases in everyone's figures, seller orders in a seller's. */
  orders: z.number().int(),
};
const TallySchema = z.object(tallyFields);
export type Tally = z.infer<typeof TallySchema>;

/** A day's sales (of one seller, or of everyone), with the categories they came from, by category id. */
const SalesDocSchema = z.object({
  id: z.string(),
  day: z.string(),
  ...tallyFields,
  categories: z.record(z.string(), TallySchema),
});
export type SalesDoc = z.infer<typeof SalesDocSchema>;

/** Everyone's sales of one day. Id: the day. */
export type DayDoc = SalesDoc;

/** What a variant's sales are named by: the product and variant, as the lines bought them. */
const variantFields = {
  productId: z.string(),
  variantId: z.string().openapi({ description: "'default' for a product sold as one thing" }),
  name: z.string(),
  variantLabel: z.string().openapi({ description: "e.g. 'Size 8 · Tan'; '' for a product sold as one thing" }),
};
const VariantTallySchema = z.object({ ...variantFields, ...tallyFields });
export type VariantTally = z.infer<typeof VariantTallySchema>;

/** One seller's sales of one day. Id `${day}:${sellerId}`. */
const SellerDayDocSchema = SalesDocSchema.extend({ sellerId: z.string() });

/**
 * One seller's sales of each variant on one day, by the variant's key (the product id for a
 * product sold as one thing, else `${productId}~${variantId}`). Id `${day}:${sellerId}`.
 */
const SellerVariantsDocSchema = z.object({
  id: z.string(),
  day: z.string(),
  sellerId: z.string(),
  variants: z.record(z.string(), VariantTallySchema),
});
export type SellerVariantsDoc = z.infer<typeof SellerVariantsDocSchema>;
export type SellerDayDoc = z.infer<typeof SellerDayDocSchema>;

/** A tally in a report, where what its orders count depends on whose figures they are. */
const reportTally = {
  ...tallyFields,
  orders: z.number().int().openapi({ description: 'Orders with a line counted here' }),
};

/** The sales of a range of days: totals, every day, and the categories. */
const SalesRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object(reportTally),
  days: z
    .array(z.object({ day: z.string(), ...reportTally }))
    .openapi({ description: 'Every day of the range, oldest first' }),
  categories: z
    .array(z.object({ categoryId: z.string(), ...reportTally }))
    .openapi({ description: 'Highest revenue first' }),
});
export type SalesRange = z.infer<typeof SalesRangeSchema>;

/** A seller's sales of a range, with each variant's (each product's, for one sold as one thing). */
export const SalesReportSchema = SalesRangeSchema.extend({
  variants: z.array(z.object({ ...variantFields, ...reportTally })).openapi({ description: 'Highest revenue first' }),
}).openapi('SellerAnalytics');
export type SalesReport = z.infer<typeof SalesReportSchema>;

/** The whole marketplace's sales of a range, with every seller's. */
export const MarketplaceSalesReportSchema = SalesRangeSchema.extend({
  sellers: z
    .array(z.object({ sellerId: z.string(), sellerName: z.string(), ...reportTally }))
    .openapi({ description: 'Highest revenue first' }),
}).openapi('AdminAnalytics');
export type MarketplaceSalesReport = z.infer<typeof MarketplaceSalesReportSchema>;

/** Today's sales and those of the last 30 days, today included. */
export const RecentSalesSchema = z
  .object({ today: TallySchema, last30Days: TallySchema })
  .openapi({ description: 'Orders placed (UTC days), cancelled ones not counted, as in the sales analytics' });
export type RecentSales = z.infer<typeof RecentSalesSchema>;
