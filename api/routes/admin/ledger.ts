import { createRoute, z } from '@hono/zod-openapi';
import { recordPayoutSchema } from '../../../domain/payout/schemas.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import { type PayoutResult, recordPayout } from '../../commands/payouts.ts';
import type { AppContext } from '../../roles/context.ts';
import { ApiError } from '../../http/errors.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../../http/router.ts';
import { SellerBalanceSchema, SellerLedgerSchema } from '../../../projections/ledger/documents.ts';
import { balancesDue, ledgerOfSeller } from '../../../projections/ledger/queries.ts';
import { LedgerQuerySchema } from '../ledger.ts';
import { PayoutAccountViewSchema } from '../payout-account.ts';
import { payoutAccountOf } from '../../commands/payout-account.ts';
import { IdParamsSchema, pageOf, pagingFields } from './shared.ts';

const PayoutResultSchema = z
  .object({
    payout: z.object({
      payoutId: z.string(),
      sellerId: z.string(),
      amountPaise: z.number().int(),
      paidOn: z.string().openapi({ description: 'YYYY-MM-DD' }),
      reference: z.string(),
      by: z.string().openapi({ description: 'The admin who recorded it' }),
      at: z.string(),
    }),
    position: PositionSchema,
  })
  .openapi('PayoutResult') satisfies z.ZodType<PayoutResult>;

const tags = ['Admin'];

export const adminLedgerRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/balances',
        operationId: 'listSellerBalances',
        tags,
        summary: 'The balance due to every seller with a ledger, the largest first',
        request: { query: z.object(pagingFields) },
        responses: {
          200: jsonResponse(pageOf(SellerBalanceSchema, 'SellerBalanceList'), 'A page of balances'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        requireRole(c, 'admin');
        return c.json(await balancesDue(ctx.platform.read, c.req.valid('query')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/sellers/{id}/ledger',
        operationId: 'getSellerLedger',
        tags,
        summary: "A seller's balance and ledger entries, newest first",
        request: { params: IdParamsSchema, query: LedgerQuerySchema },
        responses: {
          200: jsonResponse(SellerLedgerSchema, 'The balance and a page of entries'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        requireRole(c, 'admin');
        const { id } = c.req.valid('param');
        const ledger = await ledgerOfSeller(ctx.platform.read, id, c.req.valid('query'));
        if (!ledger) throw new ApiError(404, 'not_found', /*i18n*/ 'Seller not found');
        return c.json(ledger, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/sellers/{id}/payout-account',
        operationId: 'getSellerPayoutAccount',
        tags,
        summary: "A seller's payout account (null until set up) and its versions; only the seller sets it",
        request: { params: IdParamsSchema },
        responses: {
          200: jsonResponse(PayoutAccountViewSchema, 'The account and its versions, newest first'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        requireRole(c, 'admin');
        return c.json(await payoutAccountOf(ctx, c.req.valid('param').id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/sellers/{id}/payouts',
        operationId: 'recordPayout',
        tags,
        summary: 'Record a payout made to a seller',
        description:
          'At most the balance due (422 otherwise). The reference is the bank’s, one payout per reference and seller: ' +
          'sending the same payout again records nothing and answers the first one; another amount or date under a ' +
          'recorded reference is a 409.',
        request: {
          params: IdParamsSchema,
          body: jsonBody(recordPayoutSchema, 'The transfer: amount in paise, day paid, bank reference'),
        },
        responses: {
          201: jsonResponse(PayoutResultSchema, 'Recorded (or recorded before)'),
          ...errors(400, 401, 403, 404, 409, 413, 422, 503),
        },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        return c.json(await recordPayout(ctx, actorOf(admin), c.req.valid('param').id, c.req.valid('json')), 201);
      },
    );
