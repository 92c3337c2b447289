/**
 * The stream browser (README, "Stream browser"): for admins and analysts, the log's streams,
 * their events, and each event's causes and effects. Names, actors and payloads come
 * pseudonymized; an admin may see one stream's as recorded by giving a reason, and that view
 * is recorded (staff access) before anything is read.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { analystKey, pseudonymizer } from '../../analytics/privacy.ts';
import { ANALYTICS_ROLES } from '../../domain/actor.ts';
import { accessReasonSchema } from '../../domain/staff-access/schemas.ts';
import { StreamCategorySchema } from '../../projections/stream-browser/documents.ts';
import { streamCategories } from '../../projections/stream-browser/queries.ts';
import { actorOf, guard, requireRole, requireUser } from '../auth/middleware.ts';
import { recordPersonalDataView } from '../commands/staff-access.ts';
import { type AppEnv, errors, jsonBody, jsonResponse, pagingFields, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';
import {
  EventChainAnswerSchema,
  StreamPageSchema,
  StreamSummarySchema,
  eventChain,
  findStreams,
  streamAt,
  streamPage,
} from '../streams/browse.ts';
import { adminLens, analystLens, revealedLens } from '../streams/lens.ts';

const tags = ['Streams'];
const paging = pagingFields(50);

const SearchQuerySchema = z.object({
  q: z
    .string()
    .max(200, /*i18n*/ 'Search text is at most 200 characters')
    .optional()
    .openapi({ description: 'Part of the name: a prefix such as order-, or a fragment of an id', example: 'order-' }),
  category: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,49}$/, /*i18n*/ 'A category is a lowercase word such as order')
    .optional()
    .openapi({ example: 'order' }),
  ...paging,
});

const POSITION_MESSAGE = /*i18n*/ 'Position must be a whole number, 1 or more';
const PositionParamsSchema = z.object({
  position: z.coerce
    .number({ error: POSITION_MESSAGE })
    .int(POSITION_MESSAGE)
    .min(1, POSITION_MESSAGE)
    .openapi({ param: { name: 'position', in: 'path' }, example: 21 }),
});

const RevealBodySchema = z.object({ reason: accessReasonSchema, ...paging }).openapi('StreamReveal');

export const streamRoutes = (ctx: AppContext) => {
  const { events, read } = ctx.platform;
  const pseudonyms = pseudonymizer(analystKey(ctx.config));
  const [forAdmin, forAnalyst] = [adminLens(pseudonyms), analystLens(pseudonyms)];
  const lensOf = (c: Context<AppEnv>) => (requireUser(c).roles.includes('admin') ? forAdmin : forAnalyst);
  return router(guard(...ANALYTICS_ROLES))
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'findStreams',
        tags,
        summary: 'Streams by part of their name and category, most recently active first',
        description:
          'From the log-stats read model. `q` is matched on the names as the viewer sees them (pseudonymized for analysts).',
        request: { query: SearchQuerySchema },
        responses: {
          200: jsonResponse(
            z.object({ items: z.array(StreamSummarySchema), total: z.number().int() }),
            'A page of the streams',
          ),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        const { q, category, limit, offset } = c.req.valid('query');
        return c.json(await findStreams(read, lensOf(c), { q, category }, { limit, offset }), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/categories',
        operationId: 'getStreamCategories',
        tags,
        summary: 'The categories of streams (order, product, ...) with their streams and events',
        responses: {
          200: jsonResponse(z.object({ categories: z.array(StreamCategorySchema) }), 'Most events first'),
          ...errors(401, 403),
        },
      }),
      async (c) => c.json({ categories: await streamCategories(read) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{position}/events',
        operationId: 'getStreamEvents',
        tags,
        summary: "A page of a stream's events in order, with their metadata and pseudonymized payloads",
        description:
          'The stream holding the event at `position` (e.g. its `firstPosition`); `offset` is the first revision shown.',
        request: { params: PositionParamsSchema, query: z.object(paging) },
        responses: {
          200: jsonResponse(StreamPageSchema, 'The events'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const stream = await streamAt(events, c.req.valid('param').position);
        return c.json(await streamPage(events, lensOf(c), stream, c.req.valid('query')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{position}/personal-data',
        operationId: 'revealStreamEvents',
        tags,
        summary: "An admin's view of a page of a stream's events as recorded, personal data included",
        description:
          'Admins only, with a reason: the view (who, which stream, why) is recorded as a PersonalDataViewed event before the events are read.',
        request: { params: PositionParamsSchema, body: jsonBody(RevealBodySchema) },
        responses: {
          200: jsonResponse(StreamPageSchema, 'The events as recorded'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const stream = await streamAt(events, c.req.valid('param').position);
        const { reason, limit, offset } = c.req.valid('json');
        await recordPersonalDataView(ctx, actorOf(admin), { surface: 'stream', subject: stream, reason });
        return c.json(await streamPage(events, revealedLens, stream, { limit, offset }), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/events/{position}/chain',
        operationId: 'getEventChain',
        tags,
        summary:
          'The event at a position with what caused it and what it caused, and the events sharing its correlation id',
        description:
          'From the stream-browser index: causes by walking causationId up, effects by the events naming it as their cause, recursively.',
        request: { params: PositionParamsSchema },
        responses: {
          200: jsonResponse(EventChainAnswerSchema, 'The event and its chain'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        return c.json(await eventChain(events, lensOf(c), c.req.valid('param').position), 200);
      },
    );
};
