import { createRoute } from '@hono/zod-openapi';
import { ReferenceRatesNowSchema } from '../../projections/reference-rates/documents.ts';
import { referenceRatesAt } from '../../projections/reference-rates/queries.ts';
import { jsonResponse, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

/** The reference rates in effect now, for anyone: what the SPA shows approximate prices at. */
export const referenceRateRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'getReferenceRatesInEffect',
      tags: ['Products'],
      summary:
        'The reference rates in effect now: rupees per unit of each foreign currency, with source and effective time',
      description:
        'Prices are charged in rupees; these rates only give buyers an approximate amount in their currency. The live event `reference-rates.changed` tells of a new rate.',
      responses: { 200: jsonResponse(ReferenceRatesNowSchema, 'The rates in effect') },
    }),
    async (c) => c.json(await referenceRatesAt(ctx.platform.read, ctx.now()), 200),
  );
