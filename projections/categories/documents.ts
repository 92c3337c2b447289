/**
 * The categories read model's document (collection `categories`, written by the catalog's
 * projection with the products it counts) and the list the route answers: their schemas and
 * the types inferred from them. The projection imports only the types, so the threads that
 * run it never load the schemas.
 */
import { z } from '@hono/zod-openapi';

export const CategorySchema = z
  .object({
    id: z.string().openapi({ example: 'textiles' }),
    name: z.string().openapi({ example: 'Textiles' }),
    description: z.string(),
    // The default, or what an admin set.
    returnable: z.boolean().openapi({ description: 'Delivered items of the category may be returned' }),
    productCount: z.number().int().openapi({ description: 'Products of the category on sale' }),
  })
  .openapi('Category');
export type CategoryDoc = z.infer<typeof CategorySchema>;

/** Every category by name. */
export const CategoryListSchema = z.object({ items: z.array(CategorySchema) }).openapi('CategoryList');
