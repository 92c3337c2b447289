import { createRoute, z } from '@hono/zod-openapi';
import type { CategoryDoc } from '../../projections/models.ts';
import type { AppContext } from '../roles/context.ts';
import { jsonResponse, router } from '../http/router.ts';
import { NOT_MODIFIED, servePrepared } from '../http/prepared.ts';

const CategorySchema = z
  .object({
    id: z.string().openapi({ example: 'textiles' }),
    name: z.string().openapi({ example: 'Textiles' }),
    description: z.string(),
    returnable: z.boolean().openapi({ description: 'Delivered items of the category may be returned' }),
    productCount: z.number().int().openapi({ description: 'Products of the category on sale' }),
  })
  .openapi('Category') satisfies z.ZodType<CategoryDoc>;

const CategoryListSchema = z.object({ items: z.array(CategorySchema) }).openapi('CategoryList') satisfies z.ZodType<{
  items: CategoryDoc[];
}>;

export const categoryRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Categories'],
      summary: 'Every category by name, with its product count',
      responses: { 200: jsonResponse(CategoryListSchema, 'The categories'), 304: NOT_MODIFIED },
    }),
    // Prepared by the catalog index, with a strong ETag (prepared.ts).
    async (c) => servePrepared<z.infer<typeof CategoryListSchema>>(c, (await ctx.catalog.get()).categoriesBody()),
  );
