import { createRoute, z } from '@hono/zod-openapi';
import { type ProductCommand, productDecider } from '../../../domain/product/decider.ts';
import { productStream } from '../../../domain/product/events.ts';
import { rejectProductSchema } from '../../../domain/product/schemas.ts';
import { COLLECTIONS, type ProductDoc } from '../../../projections/models.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import type { AppContext } from '../../context.ts';
import { type SessionUser, errors, jsonBody, jsonResponse, router } from '../../http.ts';
import { ProductSchema } from '../products.ts';
import { CommandResultSchema, IdParamsSchema, findPage, pageOf, pagingFields } from './shared.ts';

const tags = ['Admin'];

/** A command on one product without a body. */
const commandRoute = (action: 'verify' | 'feature' | 'unfeature', summary: string) =>
  createRoute({
    method: 'post',
    path: `/{id}/${action}`,
    tags,
    summary,
    request: { params: IdParamsSchema },
    responses: { 200: jsonResponse(CommandResultSchema, 'Done (or already so)'), ...errors(400, 401, 403, 404, 409) },
  });

export function adminProductRoutes(ctx: AppContext) {
  const app = router();
  const products = ctx.platform.read.collection<ProductDoc>(COLLECTIONS.products);

  async function decide(admin: SessionUser, productId: string, command: ProductCommand) {
    const { position } = await ctx.streams.decide(productStream(productId), productDecider, command, { actor: admin.id });
    return { id: productId, position };
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/review-queue',
      tags,
      summary: 'Products waiting for review (Pending Review), oldest listing first',
      request: { query: z.object(pagingFields) },
      responses: { 200: jsonResponse(pageOf(ProductSchema, 'ReviewQueue'), 'A page of the queue'), ...errors(400, 401, 403) },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const where = { verification: 'pending', delisted: false };
      return c.json(await findPage(products, { where, sort: [['listedAt', 'asc']] }, c.req.valid('query')), 200);
    },
  );

  app.openapi(commandRoute('verify', 'Verify a product: it goes on sale'), async (c) => {
    const admin = requireRole(c, 'admin');
    const command = { type: 'VerifyProduct', actor: actorOf(admin), at: new Date().toISOString() } as const;
    return c.json(await decide(admin, c.req.valid('param').id, command), 200);
  });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/reject',
      tags,
      summary: 'Reject a product with a reason: its seller sees the reason, and editing the product sends it back for review',
      request: { params: IdParamsSchema, body: jsonBody(rejectProductSchema) },
      responses: { 200: jsonResponse(CommandResultSchema, 'Rejected (or already so)'), ...errors(400, 401, 403, 404, 413) },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const { reason } = c.req.valid('json');
      const command = { type: 'RejectProduct', actor: actorOf(admin), reason, at: new Date().toISOString() } as const;
      return c.json(await decide(admin, c.req.valid('param').id, command), 200);
    },
  );

  app.openapi(commandRoute('feature', 'Feature a verified product: it comes first in the catalog'), async (c) => {
    const admin = requireRole(c, 'admin');
    const command = { type: 'FeatureProduct', actor: actorOf(admin), at: new Date().toISOString() } as const;
    return c.json(await decide(admin, c.req.valid('param').id, command), 200);
  });

  app.openapi(commandRoute('unfeature', 'Stop featuring a product'), async (c) => {
    const admin = requireRole(c, 'admin');
    const command = { type: 'UnfeatureProduct', actor: actorOf(admin), at: new Date().toISOString() } as const;
    return c.json(await decide(admin, c.req.valid('param').id, command), 200);
  });

  return app;
}
