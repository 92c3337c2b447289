import { createRoute, z } from '@hono/zod-openapi';
import { disputeDecisionSchema } from '../../../domain/dispute/schemas.ts';
import { HelpRequestListSchema, HelpRequestSchema } from '../../../projections/help-requests/documents.ts';
import { openDisputes } from '../../../projections/help-requests/queries.ts';
import { OrderSchema } from '../../../projections/orders/documents.ts';
import { ThreadViewSchema } from '../../../projections/threads/documents.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import { type DisputeView, decideDispute, disputeView } from '../../commands/help-requests.ts';
import { errors, jsonBody, jsonResponse, pathParam, router } from '../../http/router.ts';
import type { AppContext } from '../../roles/context.ts';
import { HelpStepSchema } from '../help-requests.ts';

const tags = ['Admin'];

const DisputeParams = z.object({ id: pathParam('id', 120, { description: 'The help request taken to MIBI' }) });

const DisputeViewSchema = z
  .object({
    help: HelpRequestSchema,
    order: OrderSchema.openapi({ description: 'The purchase: its payment, refunds and each seller order' }),
    thread: z.union([ThreadViewSchema, z.null()]).openapi({
      description:
        'The conversation of the seller order while the dispute is open (the read is recorded); null once decided',
    }),
  })
  .openapi('DisputeView') satisfies z.ZodType<DisputeView>;

export const adminDisputeRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listDisputes',
        tags,
        summary: 'The help requests taken to MIBI and not decided yet, the longest waiting first',
        responses: { 200: jsonResponse(HelpRequestListSchema, 'The open disputes'), ...errors(400, 401, 403) },
      }),
      async (c) => {
        requireRole(c, 'admin');
        return c.json(await openDisputes(ctx.platform.read), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: 'getDispute',
        tags,
        summary: 'A dispute with everything needed to decide it: the request, the order and its payment, the thread',
        request: { params: DisputeParams },
        responses: { 200: jsonResponse(DisputeViewSchema, 'The dispute'), ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        const admin = actorOf(requireRole(c, 'admin'));
        return c.json(await disputeView(ctx, admin, c.req.valid('param').id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/decision',
        operationId: 'decideDispute',
        tags,
        summary:
          "Decide a dispute: a refund in full or in part, or closed in the seller's favour, with a reason both sides see",
        description:
          'A refund (amountPaise, at most what is left of the seller order) goes back through the payment when paid online and is recorded for cash on delivery; it comes off the seller’s earning and the commission alike. The seller order’s earning is released from its hold. 409 when not with MIBI (or decided already).',
        request: { params: DisputeParams, body: jsonBody(disputeDecisionSchema) },
        responses: { 200: jsonResponse(HelpStepSchema, 'Decided'), ...errors(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const admin = actorOf(requireRole(c, 'admin'));
        return c.json(await decideDispute(ctx, admin, c.req.valid('param').id, c.req.valid('json')), 200);
      },
    );
