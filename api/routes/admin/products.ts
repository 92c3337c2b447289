import { createRoute, z } from '@hono/zod-openapi';
import { approveRevisionSchema, rejectRevisionSchema } from '../../../domain/product/revision.ts';
import { rejectProductSchema } from '../../../domain/product/schemas.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import { approveRevision, rejectRevision } from '../../commands/product-revisions.ts';
import { featureProduct, rejectProduct, unfeatureProduct, verifyProduct } from '../../commands/products.ts';
import type { AppContext } from '../../roles/context.ts';
import { errors, jsonBody, jsonResponse, router } from '../../http/router.ts';
import { reviewQueue, revisionQueue } from '../../../projections/catalog/queries.ts';
import { ProductSchema } from '../../../projections/catalog/documents.ts';
import { CommandResultSchema, IdParamsSchema, pageOf, pagingFields } from './shared.ts';

const tags = ['Admin'];

/** A command on one product without a body. */
const commandRoute = <A extends 'verify' | 'feature' | 'unfeature'>(action: A, summary: string) =>
  createRoute({
    method: 'post',
    path: `/{id}/${action}` as `/{id}/${A}`,
    operationId: `${action}Product`,
    tags,
    summary,
    request: { params: IdParamsSchema },
    responses: { 200: jsonResponse(CommandResultSchema, 'Done (or already so)'), ...errors(400, 401, 403, 404, 409) },
  });

export const adminProductRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/review-queue',
        operationId: 'listProductReviewQueue',
        tags,
        summary: 'Products waiting for review (Pending Review), oldest listing first',
        request: { query: z.object(pagingFields) },
        responses: {
          200: jsonResponse(pageOf(ProductSchema, 'ReviewQueue'), 'A page of the queue'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        requireRole(c, 'admin');
        return c.json(await reviewQueue(ctx.platform.read, c.req.valid('query')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/revision-queue',
        operationId: 'listProductRevisionQueue',
        tags,
        summary: "Verified products whose seller's content changes wait for review, oldest listing first",
        description:
          '`pendingRevision` holds each one: the approved values of the fields it changes (`before`) and the proposed ones (`after`).',
        request: { query: z.object(pagingFields) },
        responses: {
          200: jsonResponse(pageOf(ProductSchema, 'RevisionQueue'), 'A page of the queue'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        requireRole(c, 'admin');
        return c.json(await revisionQueue(ctx.platform.read, c.req.valid('query')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/revision/approve',
        operationId: 'approveProductRevision',
        tags,
        summary: "Approve the seller's content changes: they go live",
        description:
          'Names the revision reviewed: 409 when the seller has replaced or withdrawn it since, so no unseen change is approved.',
        request: { params: IdParamsSchema, body: jsonBody(approveRevisionSchema) },
        responses: {
          200: jsonResponse(CommandResultSchema, 'Approved (or already so)'),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        return c.json(
          await approveRevision(ctx, actorOf(admin), c.req.valid('param').id, c.req.valid('json').revisionId),
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/revision/reject',
        operationId: 'rejectProductRevision',
        tags,
        summary:
          "Reject the seller's content changes with a reason the seller sees; the approved version stays on sale",
        request: { params: IdParamsSchema, body: jsonBody(rejectRevisionSchema) },
        responses: {
          200: jsonResponse(CommandResultSchema, 'Rejected (or already so)'),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const { revisionId, reason } = c.req.valid('json');
        return c.json(await rejectRevision(ctx, actorOf(admin), c.req.valid('param').id, revisionId, reason), 200);
      },
    )
    .openapi(commandRoute('verify', 'Verify a product: it goes on sale'), async (c) => {
      const admin = requireRole(c, 'admin');
      return c.json(await verifyProduct(ctx, actorOf(admin), c.req.valid('param').id), 200);
    })
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/reject',
        operationId: 'rejectProduct',
        tags,
        summary:
          'Reject a product with a reason: its seller sees the reason, and editing the product sends it back for review',
        request: { params: IdParamsSchema, body: jsonBody(rejectProductSchema) },
        responses: {
          200: jsonResponse(CommandResultSchema, 'Rejected (or already so)'),
          ...errors(400, 401, 403, 404, 413),
        },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        return c.json(
          await rejectProduct(ctx, actorOf(admin), c.req.valid('param').id, c.req.valid('json').reason),
          200,
        );
      },
    )
    .openapi(
      commandRoute(
        'feature',
        'Feature a verified product: featured products come first in the catalog, the newest first',
      ),
      async (c) => {
        const admin = requireRole(c, 'admin');
        return c.json(await featureProduct(ctx, actorOf(admin), c.req.valid('param').id), 200);
      },
    )
    .openapi(commandRoute('unfeature', 'Stop featuring a product'), async (c) => {
      const admin = requireRole(c, 'admin');
      return c.json(await unfeatureProduct(ctx, actorOf(admin), c.req.valid('param').id), 200);
    });
