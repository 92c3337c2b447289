import { createRoute } from '@hono/zod-openapi';
import { indianDate } from '../../domain/tax/rates.ts';
import { TaxRatesSchema } from '../../projections/tax-policy/documents.ts';
import { taxRatesOn } from '../../projections/tax-policy/queries.ts';
import { jsonResponse, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

/** The rates in force today, for anyone: the GST rates a product may have and each category's defaults (the seller's product form). */
export const taxRateRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'getTaxRates',
      tags: ['Categories'],
      summary: 'The GST rates in force today in India, the TCS rate, and each category’s HSN code and GST rate',
      responses: { 200: jsonResponse(TaxRatesSchema, 'The rates in force') },
    }),
    async (c) => c.json(await taxRatesOn(ctx.platform.read, indianDate(ctx.now())), 200),
  );
