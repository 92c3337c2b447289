/** What the admin console's routers share: paging, id parameters and command results. */
import { z } from '@hono/zod-openapi';
import type { ProductCommandResult } from '../../commands/products.ts';
import { PositionSchema, pagingFields as sharedPaging, pathParam } from '../../http/router.ts';

/** `?limit=&offset=` of an admin list. */
export const pagingFields = sharedPaging(50);

/** A page of a list and how many items the whole list holds. */
export const pageOf = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({ items: z.array(item), total: z.number().int().openapi({ description: 'Items matching, on every page' }) })
    .openapi(name);

export const IdParamsSchema = z.object({
  id: pathParam('id', 100, { example: '6f1c2e1a-8f51-4f0e-9f7a-2d7f3c9a1b20' }),
});

export const CommandResultSchema = z
  .object({ id: z.string(), position: PositionSchema })
  .openapi('AdminCommandResult') satisfies z.ZodType<ProductCommandResult>;
