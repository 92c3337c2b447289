import { createRoute, z } from '@hono/zod-openapi';
import { accountDecider } from '../../../domain/account/decider.ts';
import { accountStream } from '../../../domain/account/events.ts';
import { SELLER_STATUSES, type StandingChange, sellerDecider, sellerStatus } from '../../../domain/seller/decider.ts';
import { sellerStream } from '../../../domain/seller/events.ts';
import { sellerReasonSchema, verifySellerSchema } from '../../../domain/seller/schemas.ts';
import { ADMIN_SELLERS, type AdminSellerDoc, SELLER_ACTIONS } from '../../../projections/admin.ts';
import { COLLECTIONS, type ProductDoc } from '../../../projections/models.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { PositionSchema, type SessionUser, errors, jsonBody, jsonResponse, router } from '../../http.ts';
import { IdParamsSchema, findPage, pageOf, pagingFields } from './shared.ts';

const status = z.enum(SELLER_STATUSES);

const SellerSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    registeredAt: z.string(),
    status,
    verified: z.boolean().openapi({ description: 'Kept while suspended, so reinstating restores it' }),
    suspended: z.boolean(),
    history: z.array(
      z.object({
        action: z.enum(SELLER_ACTIONS),
        reason: z.string().nullable(),
        by: z.string().openapi({ description: 'The admin' }),
        at: z.string(),
      }),
    ),
    products: z.object({
      listed: z.number().int().openapi({ description: 'Not deleted' }),
      onSale: z.number().int().openapi({ description: 'In the public catalog' }),
      pendingReview: z.number().int(),
    }),
  })
  .openapi('AdminSeller');

const SellerListQuerySchema = z.object({
  status: status.optional().openapi({ description: 'Only sellers of this status' }),
  ...pagingFields,
});

const StandingResultSchema = z.object({ id: z.string(), status, position: PositionSchema }).openapi('SellerStandingResult');

const sellerNotFound = () => new ApiError(404, 'not_found', 'Seller not found');

const tags = ['Admin'];

/** Verify, suspend and reinstate: one command each, answered alike. */
const standingRoute = <B extends z.ZodType>(action: 'verify' | 'suspend' | 'reinstate', summary: string, body: B) =>
  createRoute({
    method: 'post',
    path: `/{id}/${action}`,
    tags,
    summary,
    request: { params: IdParamsSchema, body: jsonBody(body) },
    responses: { 200: jsonResponse(StandingResultSchema, 'The seller’s standing after the command'), ...errors(400, 401, 403, 404, 409, 413) },
  });

export function adminSellerRoutes(ctx: AppContext) {
  const app = router();
  const sellers = ctx.platform.read.collection<AdminSellerDoc>(ADMIN_SELLERS);
  const products = ctx.platform.read.collection<ProductDoc>(COLLECTIONS.products);

  async function productCounts(sellerId: string) {
    const [listed, onSale, pendingReview] = await Promise.all([
      products.count({ sellerId, delisted: false }),
      products.count({ sellerId, visible: true }),
      products.count({ sellerId, delisted: false, verification: 'pending' }),
    ]);
    return { listed, onSale, pendingReview };
  }

  /** Runs a standing command on a seller (an account holding the seller role, on the write side). */
  async function decide(admin: SessionUser, sellerId: string, change: StandingChange) {
    const { state: account } = await ctx.streams.load(accountStream(sellerId), accountDecider);
    if (!account?.roles.includes('seller')) throw sellerNotFound();
    const stream = sellerStream(sellerId);
    const command = { ...change, actor: actorOf(admin), sellerId, at: new Date().toISOString() };
    const { position } = await ctx.streams.decide(stream, sellerDecider, command, { actor: admin.id });
    const { state } = await ctx.streams.load(stream, sellerDecider);
    return { id: sellerId, status: sellerStatus(state), position };
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Sellers with their status and product counts, longest registered first',
      request: { query: SellerListQuerySchema },
      responses: { 200: jsonResponse(pageOf(SellerSchema, 'AdminSellerList'), 'A page of sellers'), ...errors(400, 401, 403) },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const { status, ...paging } = c.req.valid('query');
      const where = { isSeller: true, ...(status && { status }) };
      const page = await findPage(sellers, { where, sort: [['registeredAt', 'asc']] }, paging);
      const items = await Promise.all(
        page.items.map(async ({ isSeller: _, ...seller }) => ({ ...seller, products: await productCounts(seller.id) })),
      );
      return c.json({ items, total: page.total }, 200);
    },
  );

  app.openapi(standingRoute('verify', 'Verify a seller: their products show the verified badge', verifySellerSchema), async (c) => {
    const admin = requireRole(c, 'admin');
    const { reason } = c.req.valid('json');
    return c.json(await decide(admin, c.req.valid('param').id, { type: 'VerifySeller', reason }), 200);
  });

  app.openapi(
    standingRoute('suspend', 'Suspend a seller: their products leave the catalog and they cannot list new ones', sellerReasonSchema),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const { reason } = c.req.valid('json');
      return c.json(await decide(admin, c.req.valid('param').id, { type: 'SuspendSeller', reason }), 200);
    },
  );

  app.openapi(standingRoute('reinstate', 'Reinstate a suspended seller: their products return to the catalog', sellerReasonSchema), async (c) => {
    const admin = requireRole(c, 'admin');
    const { reason } = c.req.valid('json');
    return c.json(await decide(admin, c.req.valid('param').id, { type: 'ReinstateSeller', reason }), 200);
  });

  return app;
}
