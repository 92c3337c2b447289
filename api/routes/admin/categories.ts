import { createRoute, z } from '@hono/zod-openapi';
import { categoryCommissionSchema, categoryReturnsSchema } from '../../../domain/ledger/policy-schemas.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import { setCategoryPolicy } from '../../commands/category-policy.ts';
import type { AppContext } from '../../roles/context.ts';
import { errors, jsonBody, jsonResponse, router, pathParam } from '../../http/router.ts';
import { CategoryPoliciesSchema } from '../../../projections/ledger/documents.ts';
import { categoryPolicies } from '../../../projections/ledger/queries.ts';
import { CommandResultSchema } from './shared.ts';

const CategoryParamsSchema = z.object({
  id: pathParam('id', 100, { example: 'spices' }),
});

const tags = ['Admin'];

/** Setting a commission or return policy: one command each, answered alike. */
const policyRoute = <P extends 'commission' | 'returns', B extends z.ZodType>(policy: P, summary: string, body: B) =>
  createRoute({
    method: 'put',
    path: `/{id}/${policy}` as `/{id}/${P}`,
    operationId: `setCategory${policy === 'commission' ? 'Commission' : 'Returns'}`,
    tags,
    summary,
    description: 'Recorded with the admin and the reason. Setting the value the category has already records nothing.',
    request: { params: CategoryParamsSchema, body: jsonBody(body) },
    responses: { 200: jsonResponse(CommandResultSchema, 'Set (or already so)'), ...errors(400, 401, 403, 404, 413) },
  });

export const adminCategoryRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listCategoryTerms',
        tags,
        summary: 'Every category’s commission and return policy, with the history of changes',
        responses: { 200: jsonResponse(CategoryPoliciesSchema, 'Categories by name'), ...errors(401, 403) },
      }),
      async (c) => {
        requireRole(c, 'admin');
        const defaults = { commissionBps: ctx.config.COMMISSION_BPS, returnWindowDays: ctx.config.RETURN_WINDOW_DAYS };
        return c.json(await categoryPolicies(ctx.platform.read, defaults), 200);
      },
    )
    .openapi(
      policyRoute(
        'commission',
        'Set the commission on a category’s sales, or null to go back to the default',
        categoryCommissionSchema,
      ),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const { id } = c.req.valid('param');
        const { position } = await setCategoryPolicy(ctx, actorOf(admin), id, c.req.valid('json'));
        return c.json({ id, position }, 200);
      },
    )
    .openapi(
      policyRoute('returns', 'Set whether a category’s delivered items may be returned', categoryReturnsSchema),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const { id } = c.req.valid('param');
        const { position } = await setCategoryPolicy(ctx, actorOf(admin), id, c.req.valid('json'));
        return c.json({ id, position }, 200);
      },
    );
