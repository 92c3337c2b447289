import { createRoute, z } from '@hono/zod-openapi';
import { SELLER_STATUSES } from '../../../domain/seller/decider.ts';
import { sellerReasonSchema, verifySellerSchema } from '../../../domain/seller/schemas.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import { type StandingResult, reinstateSeller, suspendSeller, verifySeller } from '../../commands/sellers.ts';
import type { AppContext } from '../../roles/context.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../../http/router.ts';
import { adminSellers } from '../../../projections/admin/queries.ts';
import { IdParamsSchema, pageOf, pagingFields } from './shared.ts';
import { AdminSellerSchema } from '../../../projections/admin/documents.ts';

const status = z.enum(SELLER_STATUSES);

const SellerListQuerySchema = z.object({
  status: status.optional().openapi({ description: 'Only sellers of this status' }),
  ...pagingFields,
});

const StandingResultSchema = z
  .object({ id: z.string(), status, position: PositionSchema })
  .openapi('SellerStandingResult') satisfies z.ZodType<StandingResult>;

const tags = ['Admin'];

/** Verify, suspend and reinstate: one command each, answered alike. */
const standingRoute = <A extends 'verify' | 'suspend' | 'reinstate', B extends z.ZodType>(
  action: A,
  summary: string,
  body: B,
) =>
  createRoute({
    method: 'post',
    path: `/{id}/${action}` as `/{id}/${A}`,
    operationId: `${action}Seller`,
    tags,
    summary,
    request: { params: IdParamsSchema, body: jsonBody(body) },
    responses: {
      200: jsonResponse(StandingResultSchema, 'The seller’s standing after the command'),
      ...errors(400, 401, 403, 404, 409, 413),
    },
  });

export const adminSellerRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listSellers',
        tags,
        summary: 'Sellers with their status and product counts, longest registered first',
        request: { query: SellerListQuerySchema },
        responses: {
          200: jsonResponse(pageOf(AdminSellerSchema, 'AdminSellerList'), 'A page of sellers'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        requireRole(c, 'admin');
        const { status, ...paging } = c.req.valid('query');
        return c.json(await adminSellers(ctx.platform.read, status, paging), 200);
      },
    )
    .openapi(
      standingRoute('verify', 'Verify a seller: their products show the verified badge', verifySellerSchema),
      async (c) => {
        const admin = requireRole(c, 'admin');
        return c.json(
          await verifySeller(ctx, actorOf(admin), c.req.valid('param').id, c.req.valid('json').reason),
          200,
        );
      },
    )
    .openapi(
      standingRoute(
        'suspend',
        'Suspend a seller: their products leave the catalog and they cannot list new ones',
        sellerReasonSchema,
      ),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const { id } = c.req.valid('param');
        const suspended = await suspendSeller(ctx, actorOf(admin), id, c.req.valid('json').reason);
        // Their open live streams end, and reopen with what a suspended seller may see.
        await ctx.sessions.cutRights(id);
        return c.json(suspended, 200);
      },
    )
    .openapi(
      standingRoute(
        'reinstate',
        'Reinstate a suspended seller: their products return to the catalog',
        sellerReasonSchema,
      ),
      async (c) => {
        const admin = requireRole(c, 'admin');
        return c.json(
          await reinstateSeller(ctx, actorOf(admin), c.req.valid('param').id, c.req.valid('json').reason),
          200,
        );
      },
    );
