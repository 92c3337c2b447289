import { createRoute, z } from '@hono/zod-openapi';
import { taxProfileSchema } from '../../domain/seller/schemas.ts';
import { TaxProfileSchema } from '../../projections/storefronts/documents.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { type TaxProfileResult, setTaxProfile } from '../commands/tax-profiles.ts';
import { type TaxProfileVersion, taxProfileHistory, taxProfileOf } from '../history/tax-profile.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, pathParam, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Tax profiles'];

const SellerIdParamsSchema = z.object({
  id: pathParam('id', 100, { description: "The seller's user id", example: '6f1c2e1a-8f51-4f0e-9f7a-2d7f3c9a1b20' }),
});

const SellerTaxProfileSchema = z
  .object({
    id: z.string(),
    taxProfile: TaxProfileSchema.nullable().openapi({ description: 'Null until the seller sets one' }),
    version: z.number().int().openapi({ description: 'Versions written so far (0: never)' }),
  })
  .openapi('SellerTaxProfile');

const TaxProfileResultSchema = z
  .object({ id: z.string(), version: z.number().int(), position: PositionSchema })
  .openapi('TaxProfileResult') satisfies z.ZodType<TaxProfileResult>;

const TaxProfileHistorySchema = z
  .object({
    items: z.array(
      z.intersection(
        TaxProfileSchema,
        z.object({ version: z.number().int(), at: z.string() }),
      ) satisfies z.ZodType<TaxProfileVersion>,
    ),
  })
  .openapi('TaxProfileHistory');

/** Mounted under /api/sellers, beside the storefronts. */
export const taxProfileRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/tax-profile',
        operationId: 'getTaxProfile',
        middleware: [guard()] as const,
        tags,
        summary: "A seller's tax profile: GSTIN, PAN, legal name and principal place of business",
        description: 'The seller themselves or an admin; anyone else is refused (403).',
        request: { params: SellerIdParamsSchema },
        responses: {
          200: jsonResponse(SellerTaxProfileSchema, 'The tax profile, null until set'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const storefront = await taxProfileOf(ctx.platform.read, id, actorOf(requireUser(c)));
        return c.json({ id, taxProfile: storefront.taxProfile, version: storefront.taxProfileVersion }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}/tax-profile',
        operationId: 'setTaxProfile',
        middleware: [guard()] as const,
        tags,
        summary: "Write a new version of the seller's own tax profile",
        description:
          'The seller alone (an admin reads it but cannot write it). Registered: the GSTIN, which must have a valid ' +
          "check character, hold the PAN given and belong to the place of business's state. Not registered: the " +
          'enrolment number from the GST portal; such a seller can sell only within its own state (see the README, ' +
          '"Taxes"). The same profile again writes no new version. Every version stays in the log.',
        request: { params: SellerIdParamsSchema, body: jsonBody(taxProfileSchema, 'The whole profile') },
        responses: {
          200: jsonResponse(TaxProfileResultSchema, 'Written (or unchanged)'),
          ...errors(400, 401, 403, 404, 413),
        },
      }),
      async (c) => {
        const actor = actorOf(requireUser(c));
        return c.json(await setTaxProfile(ctx, actor, c.req.valid('param').id, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/tax-profile/history',
        operationId: 'getTaxProfileHistory',
        middleware: [guard()] as const,
        tags,
        summary: 'Every version of a tax profile, newest first',
        description: 'The seller themselves or an admin.',
        request: { params: SellerIdParamsSchema },
        responses: {
          200: jsonResponse(TaxProfileHistorySchema, 'The versions, with when each was written'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const viewer = actorOf(requireUser(c));
        const items = await taxProfileHistory({ read: ctx.platform.read, streams: ctx.streams }, id, viewer);
        return c.json({ items }, 200);
      },
    );
