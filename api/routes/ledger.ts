import { createRoute, z } from '@hono/zod-openapi';
import { DAY_RANGE_MESSAGES } from '../../domain/days.ts';
import { statementCsv, statementFileName } from '../../domain/ledger/statement.ts';
import { SellerLedgerSchema } from '../../projections/ledger/documents.ts';
import { sellerLedger, sellerStatement } from '../../projections/ledger/queries.ts';
import { guard, requireRole } from '../auth/middleware.ts';
import type { AppContext } from '../roles/context.ts';
import { csvDownload, csvResponse } from '../http/csv.ts';
import { ApiError } from '../http/errors.ts';
import { errors, jsonResponse, pagingFields, router } from '../http/router.ts';

export const LedgerQuerySchema = z.object(pagingFields(50));

const StatementQuerySchema = z.object({
  from: z.iso
    .date({ error: DAY_RANGE_MESSAGES.from })
    .openapi({ description: 'First day (UTC), included', example: '2024-05-01' }),
  to: z.iso
    .date({ error: DAY_RANGE_MESSAGES.to })
    .openapi({ description: 'Last day (UTC), included', example: '2024-05-31' }),
});

const STATEMENT_DESCRIPTION = `Columns: date (the UTC day the entry was recorded), kind, order (short seller order id),
reference (a payout's bank reference, a return's id, or the gateway's id of a transfer or reversal), sales, commission, amount, balance after; money in rupees with two
decimals and no currency sign, so spreadsheets read numbers. The first row after the header is the opening balance, the last
the closing balance with the range's totals.`;

const tags = ['Ledger'];

export const ledgerRoutes = (ctx: AppContext) =>
  router(guard('seller'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'getOwnLedger',
        tags,
        summary: "The signed-in seller's balance and ledger entries, newest first",
        request: { query: LedgerQuerySchema },
        responses: {
          200: jsonResponse(SellerLedgerSchema, 'The balance and a page of entries'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        const user = requireRole(c, 'seller');
        return c.json(await sellerLedger(ctx.platform.read, user.id, user.fullName, c.req.valid('query')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/statement',
        operationId: 'getOwnStatement',
        tags,
        summary: "The signed-in seller's statement for a range of days, as CSV",
        description: STATEMENT_DESCRIPTION,
        request: { query: StatementQuerySchema },
        responses: {
          200: csvResponse('The statement, as a file to download'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        const user = requireRole(c, 'seller');
        const { from, to } = c.req.valid('query');
        if (from > to)
          throw new ApiError(400, 'validation_failed', DAY_RANGE_MESSAGES.order, { from: DAY_RANGE_MESSAGES.order });
        const csv = statementCsv(await sellerStatement(ctx.platform.read, user.id, from, to));
        return c.body(csv, 200, csvDownload(statementFileName(from, to)));
      },
    );
