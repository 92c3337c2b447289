import { createRoute, z } from '@hono/zod-openapi';
import { LEDGER_KINDS } from '../../domain/ledger/entries.ts';
import { statementCsv, statementFileName } from '../../domain/ledger/statement.ts';
import type { LedgerEntryDoc } from '../../projections/ledger.ts';
import { guard, requireRole } from '../auth/middleware.ts';
import type { AppContext } from '../roles/context.ts';
import { ApiError } from '../http/errors.ts';
import { errors, jsonResponse, pagingFields, router } from '../http/router.ts';
import { type SellerBalance, type SellerLedger, sellerLedger, sellerStatement } from '../queries/ledger.ts';
import { RANGE_MESSAGES } from '../../projections/sales/queries.ts';

const paise = (description: string) => z.number().int().openapi({ description });

export const SellerBalanceSchema = z
  .object({
    sellerId: z.string(),
    sellerName: z.string(),
    salesPaise: paise('Delivered sales net of returns'),
    commissionPaise: paise('The marketplace’s commission on them'),
    earnedPaise: paise('Earnings net of reversals: sales less commission'),
    paidPaise: paise('Paid out so far'),
    balancePaise: paise('Due to the seller now: earned less paid (below zero when returns came after a payout)'),
    updatedAt: z.string().nullable().openapi({ description: 'Time of the latest entry; null without any' }),
  })
  .openapi('SellerBalance') satisfies z.ZodType<SellerBalance>;

const LineSettlementSchema = z
  .object({
    productId: z.string(),
    quantity: z.number().int(),
    amountPaise: paise('Price x quantity'),
    commissionBps: z.number().int().openapi({ description: 'The rate charged, in basis points (1000 is 10%)' }),
    commissionPaise: z.number().int(),
    earningPaise: z.number().int(),
  })
  .openapi('LineSettlement');

const LedgerEntrySchema = z
  .object({
    id: z.string(),
    sellerId: z.string(),
    kind: z
      .enum(LEDGER_KINDS)
      .openapi({ description: 'earning: a delivery; return: an accepted return reversed; payout: money paid' }),
    at: z.string(),
    orderId: z.string().nullable().openapi({ description: 'The purchase, for an earning or a return' }),
    sellerOrderId: z.string().nullable(),
    returnId: z.string().nullable(),
    payoutId: z.string().nullable(),
    reference: z.string().nullable().openapi({ description: 'The bank reference of a payout' }),
    paidOn: z.string().nullable().openapi({ description: 'The day a payout was paid (YYYY-MM-DD)' }),
    salesPaise: paise('Signed: + an earning, - a return, 0 a payout'),
    commissionPaise: paise('Signed like the sales'),
    amountPaise: paise('What the entry changes the balance by'),
    lines: z
      .array(LineSettlementSchema)
      .openapi({ description: 'The lines settled, amounts as recorded (positive); none for a payout' }),
    position: z.number().int().openapi({ description: 'Log position of the event behind the entry' }),
    balanceAfterPaise: paise('The balance once the entry was posted'),
  })
  .openapi('LedgerEntry') satisfies z.ZodType<LedgerEntryDoc>;

export const SellerLedgerSchema = z
  .object({
    balance: SellerBalanceSchema,
    entries: z.object({
      items: z.array(LedgerEntrySchema),
      total: z.number().int().openapi({ description: 'Entries on every page' }),
    }),
  })
  .openapi('SellerLedger') satisfies z.ZodType<SellerLedger>;

export const LedgerQuerySchema = z.object(pagingFields(50));

const StatementQuerySchema = z.object({
  from: z.iso
    .date({ error: RANGE_MESSAGES.from })
    .openapi({ description: 'First day (UTC), included', example: '2024-05-01' }),
  to: z.iso
    .date({ error: RANGE_MESSAGES.to })
    .openapi({ description: 'Last day (UTC), included', example: '2024-05-31' }),
});

const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const STATEMENT_DESCRIPTION = `Columns: date (the UTC day the entry was recorded), kind, order (short seller order id),
reference (a payout's bank reference or a return's id), sales, commission, amount, balance after; money in rupees with two
decimals and no currency sign, so spreadsheets read numbers. The first row after the header is the opening balance, the last
the closing balance with the range's totals.`;

const tags = ['Ledger'];

export const ledgerRoutes = (ctx: AppContext) =>
  router(guard('seller'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
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
        tags,
        summary: "The signed-in seller's statement for a range of days, as CSV",
        description: STATEMENT_DESCRIPTION,
        request: { query: StatementQuerySchema },
        responses: {
          200: { description: 'The statement, as a file to download', content: { 'text/csv': { schema: z.string() } } },
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        const user = requireRole(c, 'seller');
        const { from, to } = c.req.valid('query');
        if (from > to)
          throw new ApiError(400, 'validation_failed', RANGE_MESSAGES.order, { from: RANGE_MESSAGES.order });
        const csv = statementCsv(await sellerStatement(ctx.platform.read, user.id, from, to));
        return c.body(csv, 200, {
          'content-type': CSV_CONTENT_TYPE,
          'content-disposition': `attachment; filename="${statementFileName(from, to)}"`,
          'cache-control': 'no-store',
        });
      },
    );
