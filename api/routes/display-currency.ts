/** The signed-in user's display currency (an account preference), beside the account routes under /api/auth. */
import { createRoute, z } from '@hono/zod-openapi';
import { DISPLAY_CURRENCIES } from '../../domain/currency/currencies.ts';
import { displayCurrencySchema } from '../../domain/currency/schemas.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { chooseDisplayCurrency, displayCurrencyOf } from '../commands/display-currency.ts';
import { errors, jsonBody, jsonResponse, PositionSchema, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Account'];

const currency = z.enum(DISPLAY_CURRENCIES).openapi({
  description: 'Prices are shown in rupees with an approximate amount in this currency beside them (INR: rupees alone)',
  example: 'EUR',
});

export const displayCurrencyRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/display-currency',
        operationId: 'getDisplayCurrency',
        middleware: [guard()] as const,
        tags,
        summary: 'The currency the signed-in user sees prices in beside rupees',
        responses: {
          200: jsonResponse(
            z
              .object({ currency: currency.nullable().openapi({ description: 'null: never chosen (rupees alone)' }) })
              .openapi('DisplayCurrency'),
            'The choice',
          ),
          ...errors(401, 404),
        },
      }),
      async (c) => c.json(await displayCurrencyOf(ctx, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/display-currency',
        operationId: 'chooseDisplayCurrency',
        middleware: [guard()] as const,
        tags,
        summary: 'Choose the currency to see prices in beside rupees; payment stays in rupees',
        request: { body: jsonBody(displayCurrencySchema) },
        responses: {
          200: jsonResponse(
            z.object({ currency, position: PositionSchema }).openapi('DisplayCurrencyChosen'),
            'The choice, as kept',
          ),
          ...errors(400, 401, 404, 413),
        },
      }),
      async (c) => c.json(await chooseDisplayCurrency(ctx, actorOf(requireUser(c)), c.req.valid('json').currency), 200),
    );
