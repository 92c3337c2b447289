/**
 * The analyst's bench over HTTP (issue 28), for analysts and admins: the event catalog.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { ANALYTICS_ROLES } from '../../domain/actor.ts';
import { guard } from '../auth/middleware.ts';
import { CatalogEntrySchema, eventCatalog } from '../events/catalog.ts';
import { errors, jsonResponse, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Analyst'];

export const analystRoutes = (ctx: AppContext) =>
  router()
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
