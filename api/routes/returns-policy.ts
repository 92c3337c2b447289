import { createRoute } from '@hono/zod-openapi';
import type { AppContext } from '../roles/context.ts';
import { jsonResponse, router } from '../http/router.ts';
import { ReturnPolicySchema } from '../../projections/ledger/documents.ts';
import { returnPolicy } from '../../projections/ledger/queries.ts';

/** What the /returns page states: the rules the return requests are held to. */
export const returnPolicyRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/policy',
      operationId: 'getReturnsPolicy',
      tags: ['Returns'],
      summary: 'The return policy: the window after delivery and the categories that take returns',
      responses: { 200: jsonResponse(ReturnPolicySchema, 'The policy in force') },
    }),
    async (c) => c.json(await returnPolicy(ctx.platform.read, ctx.config.RETURN_WINDOW_DAYS), 200),
  );
