import { createRoute } from '@hono/zod-openapi';
import { gstr8Csv, gstr8FileName } from '../../../domain/tcs/returns.ts';
import { Gstr8Schema } from '../../../projections/ledger/documents.ts';
import { gstr8Of } from '../../../projections/ledger/queries.ts';
import { requireRole } from '../../auth/middleware.ts';
import { csvDownload, csvResponse } from '../../http/csv.ts';
import { errors, jsonResponse, router } from '../../http/router.ts';
import type { AppContext } from '../../roles/context.ts';
import { MonthQuerySchema } from '../tax-report.ts';

const GSTR8_DESCRIPTION = `Table 3 of GSTR-8: per supplier GSTIN, the taxable value of supplies invoiced in the month
(gross), of those credited in the month (returns), the net amount liable for TCS, and the TCS as IGST, CGST and SGST. Each
tax document's TCS is taken at the rate in force on its invoice's date and rounded on its own; the month's TCS is their sum.`;

const tags = ['Admin', 'Tax'];

export const adminGstr8Routes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'getGstr8',
        tags,
        summary: 'GSTR-8 lines of a month, one per supplier GSTIN',
        description: GSTR8_DESCRIPTION,
        request: { query: MonthQuerySchema },
        responses: { 200: jsonResponse(Gstr8Schema, 'The month’s lines'), ...errors(400, 401, 403) },
      }),
      async (c) => {
        requireRole(c, 'admin');
        return c.json(await gstr8Of(ctx.platform.read, c.req.valid('query').month), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/csv',
        operationId: 'getGstr8Csv',
        tags,
        summary: 'GSTR-8 lines of a month as CSV',
        description: `${GSTR8_DESCRIPTION} Money in rupees with two decimals and no currency sign.`,
        request: { query: MonthQuerySchema },
        responses: { 200: csvResponse('The lines, as a file to download'), ...errors(400, 401, 403) },
      }),
      async (c) => {
        requireRole(c, 'admin');
        const { month } = c.req.valid('query');
        const { lines } = await gstr8Of(ctx.platform.read, month);
        return c.body(gstr8Csv(lines), 200, csvDownload(gstr8FileName(month)));
      },
    );
