import { createRoute, z } from '@hono/zod-openapi';
import { payoutAccountSchema } from '../../domain/payout-account/schemas.ts';
import { actorOf, guard, requireRole } from '../auth/middleware.ts';
import {
  type PayoutAccountResult,
  type PayoutAccountView,
  payoutAccountOf,
  setUpPayoutAccount,
} from '../commands/payout-account.ts';
import type { AppContext } from '../roles/context.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../http/router.ts';

const PayoutAccountVersionSchema = z.object({
  linkedAccountId: z.string().openapi({ description: 'The linked account at the payment gateway (acc_...)' }),
  beneficiaryName: z.string().openapi({ description: 'The bank account holder' }),
  accountLast4: z
    .string()
    .openapi({ description: 'The last four digits of the account number (the rest is never kept)' }),
  ifsc: z.string(),
  by: z.string().openapi({ description: 'The seller who set it up' }),
  at: z.string(),
});

export const PayoutAccountViewSchema = z
  .object({
    account: PayoutAccountVersionSchema.nullable().openapi({
      description: 'Where transfers go now; null until set up',
    }),
    history: z.array(PayoutAccountVersionSchema).openapi({ description: 'Every version, newest first' }),
  })
  .openapi('PayoutAccount') satisfies z.ZodType<PayoutAccountView>;

const PayoutAccountResultSchema = PayoutAccountViewSchema.extend({ position: PositionSchema }).openapi(
  'PayoutAccountResult',
) satisfies z.ZodType<PayoutAccountResult>;

const tags = ['Seller'];

/** The signed-in seller's payout account: theirs alone to set; admins read it under /admin/sellers/{id}/payout-account. */
export const payoutAccountRoutes = (ctx: AppContext) =>
  router(guard('seller'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'getOwnPayoutAccount',
        tags,
        summary: "The signed-in seller's payout account (null until set up) and its versions",
        responses: {
          200: jsonResponse(PayoutAccountViewSchema, 'The account and its versions, newest first'),
          ...errors(401, 403),
        },
      }),
      async (c) => c.json(await payoutAccountOf(ctx, requireRole(c, 'seller').id), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/',
        operationId: 'setUpPayoutAccount',
        tags,
        summary: 'Set up or change where online earnings settle',
        description:
          'The bank account goes to the payment gateway, which answers the linked account transfers go to; only its ' +
          'last four digits are kept. Orders paid online and delivered before it was set up are transferred then. ' +
          'The same account sent again records nothing.',
        request: { body: jsonBody(payoutAccountSchema, 'The bank account: holder, number (9 to 18 digits), IFSC') },
        responses: {
          200: jsonResponse(PayoutAccountResultSchema, 'Set up (or unchanged)'),
          ...errors(400, 401, 403, 404, 413, 422, 502),
        },
      }),
      async (c) => {
        const seller = requireRole(c, 'seller');
        return c.json(await setUpPayoutAccount(ctx, actorOf(seller), c.req.valid('json')), 200);
      },
    );
