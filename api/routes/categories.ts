import { createRoute, z } from '@hono/zod-openapi';
import { COLLECTIONS, type CategoryDoc } from '../../projections/models.ts';
import type { AppContext } from '../context.ts';
import { jsonResponse, router } from '../http.ts';

const CategorySchema = z
  .object({
    id: z.string().openapi({ example: 'textiles' }),
    name: z.string().openapi({ example: 'Textiles' }),
    description: z.string(),
    productCount: z.number().int().openapi({ description: 'Products of the category on sale' }),
  })
  .openapi('Category') satisfies z.ZodType<CategoryDoc>;

const CategoryListSchema = z.object({ items: z.array(CategorySchema) }).openapi('CategoryList');

export function categoryRoutes(ctx: AppContext) {
  const app = router();
  const categories = ctx.platform.read.collection<CategoryDoc>(COLLECTIONS.categories);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Categories'],
      summary: 'Every category by name, with its product count',
      responses: { 200: jsonResponse(CategoryListSchema, 'The categories') },
    }),
    async (c) => c.json({ items: await categories.find({ sort: [['name', 'asc']] }) }, 200),
  );

  return app;
}
