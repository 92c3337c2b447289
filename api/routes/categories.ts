import { createRoute, z } from '@hono/zod-openapi';
import { CategoryListSchema } from '../../projections/categories/documents.ts';
import type { AppContext } from '../roles/context.ts';
import { jsonResponse, router } from '../http/router.ts';
import { NOT_MODIFIED, servePrepared } from '../http/prepared.ts';

export const categoryRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listCategories',
      tags: ['Categories'],
      summary: 'Every category by name, with its product count',
      responses: { 200: jsonResponse(CategoryListSchema, 'The categories'), 304: NOT_MODIFIED },
    }),
    // Prepared by the catalog index, with a strong ETag (prepared.ts).
    async (c) => servePrepared<z.infer<typeof CategoryListSchema>>(c, (await ctx.catalog.get()).categoriesBody()),
  );
