/** The TCS returns as CSV or JSON: a seller's monthly tax report, and the admins' GSTR-8 (admin/gstr8.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { MONTH_MESSAGE, isMonth, sellerTaxReportCsv, taxReportFileName } from '../../domain/tcs/returns.ts';
import { SellerTaxReportSchema } from '../../projections/ledger/documents.ts';
import { sellerTaxReportOf } from '../../projections/ledger/queries.ts';
import { guard, requireRole } from '../auth/middleware.ts';
import { csvDownload, csvResponse } from '../http/csv.ts';
import { errors, jsonResponse, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

export const MonthQuerySchema = z.object({
  month: z
    .string({ error: MONTH_MESSAGE })
    .refine(isMonth, { error: MONTH_MESSAGE })
    .openapi({ description: 'The month of the documents’ dates (in India), YYYY-MM', example: '2026-04' }),
});

const REPORT_DESCRIPTION = `Supplies invoiced less those credited in the month, by HSN code and GST rate, and the TCS MIBI
collected on them (credited to the seller's electronic cash ledger once MIBI files its GSTR-8).`;

const CSV_DESCRIPTION = `Columns: hsn, gst rate, taxable value, igst, cgst, sgst; a row per HSN code and rate, then the
total supplies and the TCS credited. Money in rupees with two decimals and no currency sign.`;

const tags = ['Tax'];

export const taxReportRoutes = (ctx: AppContext) =>
  router(guard('seller'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'getOwnTaxReport',
        tags,
        summary: "The signed-in seller's tax report for a month",
        description: REPORT_DESCRIPTION,
        request: { query: MonthQuerySchema },
        responses: {
          200: jsonResponse(SellerTaxReportSchema, 'The month’s supplies and TCS'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        const user = requireRole(c, 'seller');
        return c.json(await sellerTaxReportOf(ctx.platform.read, user.id, c.req.valid('query').month), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/csv',
        operationId: 'getOwnTaxReportCsv',
        tags,
        summary: "The signed-in seller's tax report for a month, as CSV",
        description: CSV_DESCRIPTION,
        request: { query: MonthQuerySchema },
        responses: { 200: csvResponse('The report, as a file to download'), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const user = requireRole(c, 'seller');
        const { month } = c.req.valid('query');
        const report = await sellerTaxReportOf(ctx.platform.read, user.id, month);
        return c.body(sellerTaxReportCsv(report), 200, csvDownload(taxReportFileName(month)));
      },
    );
