/**
 * The analyst's bench over HTTP (issue 28): read-only SQL over the log and the read models, as
 * JSON or a CSV file, and the event catalog, for analysts and admins. Personal data comes
 * pseudonymized; an admin may ask for it with a reason (`reveal`), recorded before the query runs.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { type AsOf, parseAsOf } from '../../analytics/as-of.ts';
import { SqlRefused, type SqlResult } from '../../analytics/sql.ts';
import { ANALYTICS_ROLES, type Actor } from '../../domain/actor.ts';
import { csvField, csvOf, csvText } from '../../domain/csv.ts';
import { tooLong } from '../../domain/fields.ts';
import { ACCESS_REASON_REQUIRED, accessReasonSchema } from '../../domain/staff-access/schemas.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { recordPersonalDataView } from '../commands/staff-access.ts';
import { CatalogEntrySchema, eventCatalog } from '../events/catalog.ts';
import { csvDownload, csvResponse } from '../http/csv.ts';
import { ApiError } from '../http/errors.ts';
import { errors, jsonBody, jsonResponse, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

const MAX_SQL_LENGTH = 10_000;
const SQL_REQUIRED = 'Write a query';
const AS_OF_MESSAGE =
  /*i18n*/ 'As of is a log position (a whole number) or a time (2026-10-01 or 2026-10-01T18:30:00Z)';

const sqlText = z
  .string({ error: SQL_REQUIRED })
  .trim()
  .min(1, SQL_REQUIRED)
  .max(MAX_SQL_LENGTH, tooLong(/*i18n*/ 'The query', MAX_SQL_LENGTH))
  .openapi({ example: 'select type, count(*) from events group by 1 order by 2 desc' });

const asOfText = z
  .string({ error: AS_OF_MESSAGE })
  .trim()
  .max(40, AS_OF_MESSAGE)
  .refine((text) => text === '' || parseAsOf(text) !== null, AS_OF_MESSAGE)
  .optional()
  .openapi({
    description:
      'The read models as they were at this log position or time (the events table cut there); now when absent',
    example: '2026-10-01',
  });

const SqlRequestSchema = z
  .object({
    sql: sqlText,
    asOf: asOfText,
    reveal: z.boolean({ error: /*i18n*/ 'Reveal is true or false' }).optional().openapi({
      description: 'Admins only: personal data as recorded, not pseudonymized; needs `reason`, and is recorded',
    }),
    reason: accessReasonSchema.optional().openapi({ description: 'Why personal data is needed (with `reveal`)' }),
  })
  .refine((body) => !body.reveal || body.reason !== undefined, { path: ['reason'], error: ACCESS_REASON_REQUIRED })
  .openapi('SqlRequest');

const SqlQuerySchema = z.object({ sql: sqlText, asOf: asOfText });

const SqlResultSchema = z
  .object({
    columns: z.array(z.object({ name: z.string(), type: z.string().openapi({ example: 'BIGINT' }) })),
    rows: z.array(z.array(z.unknown())).openapi({ description: 'JSON-safe values: big integers as text, times ISO' }),
    truncated: z.boolean().openapi({ description: 'The result had more rows than the row limit: these are the first' }),
    ms: z.number().openapi({ description: 'How long the query ran' }),
    position: z.number().int().openapi({ description: 'The log position the answer reflects' }),
  })
  .openapi('SqlResult');

const DESCRIPTION = `Read-only SQL (DuckDB) over an \`events\` table, a typed view per event type and the
read models as tables. Personal data (names, e-mails, phones, addresses, message texts, free-text
reasons) is pseudonymized. A query that writes, reads files or the network, or runs past the
time limit is refused (400, its reason in the message); rows past the row limit are cut
(\`truncated\`).`;

/** `asOf` as the engine takes it ('' and absent: now); the schema has checked it parses. */
const asOfOf = (text: string | undefined): { asOf?: AsOf } => {
  const asOf = text ? parseAsOf(text) : null;
  return asOf ? { asOf } : {};
};

/** Runs `sql`, pseudonymized, or revealing personal data once the admin's view is recorded; a refusal is a 400. */
async function runQuery(
  ctx: AppContext,
  actor: Actor,
  sql: string,
  asOf: string | undefined,
  reveal?: { reason: string },
): Promise<SqlResult> {
  if (reveal) await recordPersonalDataView(ctx, actor, { surface: 'sql', subject: sql, reason: reveal.reason });
  const engine = await (reveal ? ctx.analystSql.revealing : ctx.analystSql.pseudonymized).get();
  try {
    return await engine.query(sql, asOfOf(asOf));
  } catch (error) {
    if (error instanceof SqlRefused) throw new ApiError(400, error.code, error.message);
    throw error;
  }
}

/** A cell as CSV: empty for null, text guarded against spreadsheet formulas, objects as JSON. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return csvField(String(value));
  return csvText(typeof value === 'string' ? value : JSON.stringify(value));
}

const csvOfResult = ({ columns, rows }: SqlResult): string =>
  csvOf([columns.map((column) => csvText(column.name)), ...rows.map((row) => row.map(csvCell))]);

const tags = ['Analyst'];

export const analystRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'post',
        path: '/sql',
        operationId: 'runAnalystSql',
        middleware: [guard(...ANALYTICS_ROLES)] as const,
        tags,
        summary: 'Run a read-only SQL query over the log and the read models',
        description: DESCRIPTION,
        request: { body: jsonBody(SqlRequestSchema) },
        responses: {
          200: jsonResponse(SqlResultSchema, 'The columns with their types and the rows'),
          ...errors(400, 401, 403, 413),
        },
      }),
      async (c) => {
        const { sql, asOf, reveal, reason } = c.req.valid('json');
        const actor = actorOf(requireUser(c));
        const revealed = reveal && reason !== undefined ? { reason } : undefined;
        return c.json(await runQuery(ctx, actor, sql, asOf, revealed), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/sql/csv',
        operationId: 'downloadAnalystSql',
        middleware: [guard(...ANALYTICS_ROLES)] as const,
        tags,
        summary: 'The same query as a CSV file (pseudonymized), so a link downloads it',
        description: DESCRIPTION,
        request: { query: SqlQuerySchema },
        responses: { 200: csvResponse('The header row and the rows'), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const { sql, asOf } = c.req.valid('query');
        const result = await runQuery(ctx, actorOf(requireUser(c)), sql, asOf);
        return c.body(csvOfResult(result), 200, csvDownload(`mibi-query-${result.position}.csv`));
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/events',
        operationId: 'getAnalystEventCatalog',
        middleware: [guard(...ANALYTICS_ROLES)] as const,
        tags,
        summary: 'The event catalog: every type with its versions, schemas, upcasters, counts, first and last seen',
        responses: {
          200: jsonResponse(z.object({ types: z.array(CatalogEntrySchema) }), 'The catalog, by type name'),
          ...errors(401, 403),
        },
      }),
      async (c) => c.json({ types: await eventCatalog(ctx.platform) }, 200),
    );
