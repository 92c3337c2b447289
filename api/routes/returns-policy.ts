import { createRoute, z } from '@hono/zod-openapi';
import type { AppContext } from '../roles/context.ts';
import { jsonResponse, router } from '../http/router.ts';
import { type ReturnPolicy, returnPolicy } from '../queries/ledger.ts';

const ReturnPolicySchema = z
  .object({
    windowDays: z.number().int().openapi({ description: 'Days after delivery a buyer may ask to return items' }),
    categories: z
      .array(z.object({ id: z.string(), name: z.string(), returnable: z.boolean() }))
      .openapi({ description: 'By name' }),
  })
  .openapi('ReturnPolicy') satisfies z.ZodType<ReturnPolicy>;

/** What the /returns page states: the rules the return requests are held to. */
export const returnPolicyRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/policy',
      tags: ['Returns'],
      summary: 'The return policy: the window after delivery and the categories that take returns',
      responses: { 200: jsonResponse(ReturnPolicySchema, 'The policy in force') },
    }),
    async (c) => c.json(await returnPolicy(ctx.platform.read, ctx.config.RETURN_WINDOW_DAYS), 200),
  );
