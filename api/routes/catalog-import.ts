/**
 * A seller's catalog as CSV: downloaded (a row per product), and uploaded to list and change
 * products: checked first (the dry run's report, nothing changed), then confirmed, when a job
 * applies it (progress on the live feed as `catalogImport.progress`, the result here).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { PlannedRow } from '../../domain/catalog-import/plan.ts';
import { CATALOG_COLUMNS, catalogCsv, catalogFileName } from '../../domain/catalog-import/rows.ts';
import { indianDate } from '../../domain/tax/rates.ts';
import { sellerProducts } from '../../projections/catalog/queries.ts';
import { CatalogImportSchema } from '../../projections/catalog-imports/documents.ts';
import { sellerImport } from '../../projections/catalog-imports/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { type CheckedImport, checkCatalogImport, confirmCatalogImport } from '../catalog-import/check.ts';
import { MAX_CATALOG_FILE_BYTES, MAX_CATALOG_ROWS } from '../catalog-import/file.ts';
import { ApiError } from '../http/errors.ts';
import { csvDownload, csvResponse } from '../http/csv.ts';
import { ErrorSchema, PositionSchema, errors, jsonResponse, pathParam, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';
import { FieldChangeSchema } from './history.ts';

const tags = ['Seller'];

const COLUMNS_DESCRIPTION = `Columns: ${CATALOG_COLUMNS.join(', ')}. A row per product sold as one thing, or per variant
of a product with options (its \`sku\`, its value of each option named, its price, original price and stock; the product's
columns repeated). \`product_id\` (the export fills it in) or a \`sku\` of yours names what a row updates; else it lists a
new product, whose variants are the rows of its name with options. A row with the \`product_id\` of a product with
options, a new \`sku\` and a combination of its options it lacks adds that variant. Prices in rupees (499.50);
\`made_to_order_days\` (the product's) empty when shipped from stock; a variant's own \`variant_made_to_order_days\`
empty for the product's, 0 when it ships from stock; its pictures \`variant_image_urls\` (by spaces, among the row's
\`image_urls\`, else the product's images; empty leaves them as they are); \`gst_rate\` in percent (5), \`hsn\`
and \`gst_rate\` both empty take the category's defaults; \`tags\` separated by commas; \`image_urls\` (https addresses,
fetched once, or the addresses the export gives) by spaces. Empty \`image_urls\` (or \`hsn\` and \`gst_rate\`) leave a
product's as they are; a row may stop before the last columns.`;

const ACTIONS = ['create', 'update', 'unchanged', 'refuse'] as const;

const PlannedRowSchema = z
  .object({
    row: z.number().int().openapi({ description: "The row's number in the file; the header is row 1" }),
    action: z.enum(ACTIONS),
    productId: z.string().nullable(),
    name: z.string(),
    changes: z.array(FieldChangeSchema).openapi({ description: 'Of an update: each field that would change' }),
    problems: z
      .array(z.object({ column: z.enum(CATALOG_COLUMNS), message: z.string() }))
      .openapi({ description: 'Of a refusal: why, in the product form’s words, by column' }),
    review: z.boolean().openapi({
      description: "An update of a verified product whose content changes would wait for an admin's review",
    }),
  })
  .openapi('PlannedImportRow') satisfies z.ZodType<PlannedRow>;

const CheckedImportSchema = z
  .object({
    id: z.string(),
    position: PositionSchema,
    fileName: z.string(),
    rows: z.array(PlannedRowSchema),
    counts: z.object({
      create: z.number().int(),
      update: z.number().int(),
      unchanged: z.number().int(),
      refuse: z.number().int(),
    }),
  })
  .openapi('CheckedImport') satisfies z.ZodType<CheckedImport>;

const FILE_MESSAGE = /*i18n*/ 'Choose a CSV file';

const UploadSchema = z.object({
  file: z.instanceof(File, { error: FILE_MESSAGE }).openapi({
    type: 'string',
    format: 'binary',
    description: `A CSV file (UTF-8) of at most ${MAX_CATALOG_FILE_BYTES / 1024 / 1024} MB and ${MAX_CATALOG_ROWS} rows`,
  }),
});

const ImportParamsSchema = z.object({ id: pathParam('id', 100) });

const ConfirmedSchema = z.object({ id: z.string(), position: PositionSchema }).openapi('ImportConfirmed');

export const catalogImportRoutes = (ctx: AppContext) =>
  router(guard('seller'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/csv',
        operationId: 'getOwnCatalogCsv',
        tags,
        summary: "The signed-in seller's catalog as CSV",
        description: COLUMNS_DESCRIPTION,
        responses: { 200: csvResponse('The catalog, as a file to download'), ...errors(401, 403) },
      }),
      async (c) => {
        const { items } = await sellerProducts(ctx.platform.read, requireUser(c).id);
        return c.body(catalogCsv(items), 200, csvDownload(catalogFileName(indianDate(ctx.now()))));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/imports',
        operationId: 'checkCatalogImport',
        tags,
        summary: 'Check a catalog file (the dry run)',
        description: `Reads the file and answers, row by row, what importing it would do: create a product, update one (with the fields that would change), leave one unchanged, or refuse the row and why. Nothing changes until the import is confirmed. ${COLUMNS_DESCRIPTION}`,
        request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadSchema } } } },
        responses: {
          201: jsonResponse(CheckedImportSchema, 'The report; the import waits for the seller to confirm it'),
          ...errors(400, 401, 403, 413),
          415: jsonResponse(ErrorSchema, 'Not a form with a file (multipart/form-data)'),
        },
      }),
      async (c) => {
        const { file } = c.req.valid('form');
        const upload = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
        return c.json(await checkCatalogImport(ctx, actorOf(requireUser(c)), upload), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/imports/{id}/confirm',
        operationId: 'confirmCatalogImport',
        tags,
        summary: 'Confirm a checked import',
        description:
          'Starts the import: a job applies each row as the seller’s own listing or edit (verified products’ content changes wait for review), with its progress on the live feed (`catalogImport.progress`). Confirming again changes nothing.',
        request: { params: ImportParamsSchema },
        responses: { 202: jsonResponse(ConfirmedSchema, 'The import runs'), ...errors(401, 403, 404) },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        return c.json(await confirmCatalogImport(ctx, actorOf(requireUser(c)), id), 202);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/imports/{id}',
        operationId: 'getCatalogImport',
        tags,
        summary: 'An import: its progress and the rows to look at',
        request: { params: ImportParamsSchema },
        responses: { 200: jsonResponse(CatalogImportSchema, 'The import'), ...errors(401, 403, 404) },
      }),
      async (c) => {
        const doc = await sellerImport(ctx.platform.read, requireUser(c).id, c.req.valid('param').id);
        if (!doc) throw new ApiError(404, 'not_found', /*i18n*/ 'No such import');
        return c.json(doc, 200);
      },
    );
