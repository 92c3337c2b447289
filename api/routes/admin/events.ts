import { createRoute, z } from '@hono/zod-openapi';
import { CatalogEntrySchema, eventCatalog } from '../../events/catalog.ts';
import { requireRole } from '../../auth/middleware.ts';
import type { AppContext } from '../../roles/context.ts';
import { errors, jsonResponse, router } from '../../http/router.ts';

const DESCRIPTION = `Every event type recorded in the event catalog or seen in the log: its versions with
their JSON Schemas, the upcasters that read its older shapes, and its count and first and last time
seen (from the log-stats read model). \`type\` keeps one type. The same as \`mibi events --json\`.`;

const querySchema = z.object({
  type: z
    .string()
    .regex(/^[A-Z][A-Za-z]{0,99}$/, /*i18n*/ 'An event type is a name like OrderPlaced')
    .optional()
    .openapi({ example: 'OrderPlaced' }),
});

export const adminEventRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'getEventCatalog',
      tags: ['Admin'],
      summary: 'The event catalog: types, versions and their JSON Schemas, upcasters, counts',
      description: DESCRIPTION,
      request: { query: querySchema },
      responses: {
        200: jsonResponse(z.object({ types: z.array(CatalogEntrySchema) }), 'The catalog, by type name'),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const { type } = c.req.valid('query');
      const types = await eventCatalog(ctx.platform);
      return c.json({ types: type === undefined ? types : types.filter((entry) => entry.type === type) }, 200);
    },
  );
