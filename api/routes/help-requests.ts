import { createRoute, z } from '@hono/zod-openapi';
import {
  askForHelpSchema,
  escalateSchema,
  helpAnswerSchema,
  helpResolutionSchema,
} from '../../domain/dispute/schemas.ts';
import { HelpRequestListSchema, HelpRequestSchema } from '../../projections/help-requests/documents.ts';
import { helpRequestsOf } from '../../projections/help-requests/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import {
  type HelpStepResult,
  answerHelp,
  askForHelp,
  escalateHelp,
  readHelpRequest,
  resolveHelp,
} from '../commands/help-requests.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, pathParam, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Help requests'];

const HelpParams = z.object({
  id: pathParam('id', 120, { description: 'The help request, `${sellerOrderId}-H${n}`' }),
});

export const HelpStepSchema = z
  .object({ helpId: z.string(), position: PositionSchema })
  .openapi('HelpStep') satisfies z.ZodType<HelpStepResult>;

const AskSchema = askForHelpSchema.extend({
  sellerOrderId: z
    .string({ error: /*i18n*/ 'Name the order' })
    .min(1, /*i18n*/ 'Name the order')
    .max(100, /*i18n*/ 'Name the order'),
});

const PARTIES =
  "Its buyer and its seller read it; admins once it was taken to MIBI. Another buyer or seller gets 404; one side doing the other's part gets 403.";

export const helpRequestRoutes = (ctx: AppContext) =>
  router(guard())
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listHelpRequests',
        tags,
        summary: "The signed-in user's help requests, as buyer and as seller, newest first",
        responses: { 200: jsonResponse(HelpRequestListSchema, 'The help requests'), ...errors(400, 401) },
      }),
      async (c) => c.json(await helpRequestsOf(ctx.platform.read, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        operationId: 'askForHelp',
        tags,
        summary: 'The buyer asks for help with a seller order',
        description:
          "Why (not_received: once the promised delivery window has passed, or 7 days after shipping, or after delivery; damaged, not_as_described, wrong_item: once delivered, up to 30 days), what happened (1 to 2000 characters) and up to 4 photos, the ids of your uploads to the order's thread (POST /api/threads/{id}/images). The seller has 48 hours to answer; the request is posted in the thread too. One open request per order. Only the buyer asks (its seller 403, anyone else 404).",
        request: { body: jsonBody(AskSchema) },
        responses: { 201: jsonResponse(HelpStepSchema, 'Asked'), ...errors(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const { sellerOrderId, ...input } = c.req.valid('json');
        return c.json(await askForHelp(ctx, actorOf(requireUser(c)), sellerOrderId, input), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: 'getHelpRequest',
        tags,
        summary: 'A help request with every step, oldest first',
        description: PARTIES,
        request: { params: HelpParams },
        responses: { 200: jsonResponse(HelpRequestSchema, 'The help request'), ...errors(400, 401, 404) },
      }),
      async (c) =>
        c.json(await readHelpRequest(ctx.platform.read, actorOf(requireUser(c)), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/answer',
        operationId: 'answerHelpRequest',
        tags,
        summary: "The seller answers the buyer's help request (posted in the thread too)",
        description: `${PARTIES} Only while neither resolved nor with MIBI (409).`,
        request: { params: HelpParams, body: jsonBody(helpAnswerSchema) },
        responses: { 200: jsonResponse(HelpStepSchema, 'Answered'), ...errors(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        return c.json(await answerHelp(ctx, actorOf(requireUser(c)), id, c.req.valid('json').text), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/resolve',
        operationId: 'resolveHelpRequest',
        tags,
        summary: 'The seller resolves it: a refund in full or in part, a replacement, or a return',
        description: `${PARTIES} A refund (amountPaise, at most what is left of the order after returns and refunds) goes back through the payment when paid online; for cash on delivery it is recorded. A return is asked by the buyer through the return flow, once delivered. The buyer may still take it to MIBI.`,
        request: { params: HelpParams, body: jsonBody(helpResolutionSchema) },
        responses: { 200: jsonResponse(HelpStepSchema, 'Resolved'), ...errors(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        return c.json(await resolveHelp(ctx, actorOf(requireUser(c)), id, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/escalate',
        operationId: 'escalateHelpRequest',
        tags,
        summary: 'The buyer takes the help request to MIBI: a dispute an admin decides',
        description: `${PARTIES} Once the seller's 48 hours have passed without an answer, or after their answer or resolution (409 before). While it is open the seller's earning on the order is held: no transfer, no payout.`,
        request: { params: HelpParams, body: jsonBody(escalateSchema) },
        responses: { 200: jsonResponse(HelpStepSchema, 'With MIBI'), ...errors(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        return c.json(await escalateHelp(ctx, actorOf(requireUser(c)), id, c.req.valid('json').text), 200);
      },
    );
