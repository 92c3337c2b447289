import { createRoute, z } from '@hono/zod-openapi';
import { sellerProfileUpdateSchema } from '../../domain/seller/schemas.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { type ProfileResult, sellerNotFound, updateSellerProfile } from '../commands/storefronts.ts';
import type { AppContext } from '../roles/context.ts';
import { ApiError } from '../http/errors.ts';
import { type ProfileVersion, profileHistory } from '../history/storefront.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router, pathParam } from '../http/router.ts';
import { storefrontFor } from '../../projections/storefronts/queries.ts';
import { PublicStorefrontSchema, profileFields } from '../../projections/storefronts/documents.ts';

const tags = ['Storefronts'];

const SellerIdParamsSchema = z.object({
  id: pathParam('id', 100, { description: "The seller's user id", example: '6f1c2e1a-8f51-4f0e-9f7a-2d7f3c9a1b20' }),
});

const ProfileResultSchema = z
  .object({ id: z.string(), version: z.number().int(), position: PositionSchema })
  .openapi('StorefrontProfileResult') satisfies z.ZodType<ProfileResult>;

const ProfileHistorySchema = z
  .object({
    items: z.array(
      z.object({
        ...profileFields,
        version: z.number().int(),
        editedBy: z.enum(['seller', 'admin']),
        by: z.string().openapi({ description: 'The user who wrote it' }),
        at: z.string(),
      }) satisfies z.ZodType<ProfileVersion>,
    ),
  })
  .openapi('StorefrontProfileHistory');

const storefrontClosed = () =>
  new ApiError(404, 'storefront_unavailable', /*i18n*/ "This seller's storefront is not available");

export const storefrontRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: 'getStorefront',
        tags,
        summary: "A seller's storefront: profile, verified badge and rating",
        description:
          "Public. The seller's products on sale are GET /api/products?seller={id}. A suspended seller's storefront is " +
          'a 404 (`storefront_unavailable`) to everyone but that seller and the admins; an account that does not sell is a 404 (`not_found`).',
        request: { params: SellerIdParamsSchema },
        responses: {
          200: jsonResponse(PublicStorefrontSchema, 'The storefront'),
          ...errors(400, 404),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const user = c.get('user');
        const storefront = await storefrontFor(ctx.platform.read, id, user && actorOf(user));
        if (storefront === 'missing') throw sellerNotFound();
        if (storefront === 'closed') throw storefrontClosed();
        return c.json(storefront, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}/profile',
        operationId: 'updateStorefrontProfile',
        middleware: [guard('seller', 'admin')] as const,
        tags,
        summary: "Write a new version of a seller's storefront profile",
        description:
          'The seller themselves (from a verified e-mail address, and not while suspended) or an admin. The whole profile is sent; ' +
          'blank optional fields become null. With expectedVersion, an edit made meanwhile is refused (409 `version_conflict`) ' +
          'instead of overwritten. The same profile again writes no new version. Every version stays in the log.',
        request: { params: SellerIdParamsSchema, body: jsonBody(sellerProfileUpdateSchema, 'The profile') },
        responses: {
          200: jsonResponse(ProfileResultSchema, 'Written (or unchanged)'),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) => {
        const actor = actorOf(requireUser(c));
        const { expectedVersion, ...profile } = c.req.valid('json');
        return c.json(
          await updateSellerProfile(ctx, actor, c.req.valid('param').id, { profile, expectedVersion }),
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/profile/history',
        operationId: 'getStorefrontProfileHistory',
        middleware: [guard()] as const,
        tags,
        summary: 'Every version of a storefront profile, newest first',
        description: 'The seller themselves or an admin.',
        request: { params: SellerIdParamsSchema },
        responses: {
          200: jsonResponse(ProfileHistorySchema, 'The versions, with who wrote each and when'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const viewer = actorOf(requireUser(c));
        return c.json(
          { items: await profileHistory({ read: ctx.platform.read, streams: ctx.streams }, id, viewer) },
          200,
        );
      },
    );
