import { createRoute, z } from '@hono/zod-openapi';
import { FOREIGN_CURRENCIES } from '../../../domain/currency/currencies.ts';
import { REFERENCE_RATE_MESSAGES } from '../../../domain/currency/reference-rates.ts';
import { referenceRateSchema } from '../../../domain/currency/schemas.ts';
import { ReferenceRatesViewSchema } from '../../../projections/reference-rates/documents.ts';
import { referenceRatesView } from '../../../projections/reference-rates/queries.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import { setReferenceRate } from '../../commands/reference-rates.ts';
import { errors, jsonBody, jsonResponse, PositionSchema, router } from '../../http/router.ts';
import type { AppContext } from '../../roles/context.ts';

const tags = ['Admin'];

const CurrencyParamsSchema = z.object({
  currency: z
    .enum(FOREIGN_CURRENCIES, { error: REFERENCE_RATE_MESSAGES.currency })
    .openapi({ param: { name: 'currency', in: 'path' }, example: 'USD' }),
});

/** The reference rates for admins: every history, and recording a rate. */
export const adminReferenceRateRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'getReferenceRates',
        tags,
        summary: 'Every reference rate recorded for each foreign currency, and the one in effect now',
        responses: { 200: jsonResponse(ReferenceRatesViewSchema, 'The reference rates'), ...errors(401, 403) },
      }),
      async (c) => {
        requireRole(c, 'admin');
        return c.json(await referenceRatesView(ctx.platform.read, ctx.now()), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{currency}',
        operationId: 'setReferenceRate',
        tags,
        summary: 'Record the rupees per unit of a currency that buyers’ approximate prices are converted at',
        description:
          'Recorded with the admin, the source and when it takes effect (now when not given; never earlier). Buyers are always charged in rupees. Repeating the rate in effect, from the same source, records nothing.',
        request: { params: CurrencyParamsSchema, body: jsonBody(referenceRateSchema) },
        responses: {
          200: jsonResponse(
            z.object({ position: PositionSchema }).openapi('ReferenceRateResult'),
            'Recorded (or already so)',
          ),
          ...errors(400, 401, 403, 413),
        },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const { currency } = c.req.valid('param');
        return c.json(await setReferenceRate(ctx, actorOf(admin), { currency, ...c.req.valid('json') }), 200);
      },
    );
