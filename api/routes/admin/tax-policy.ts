import { createRoute, z } from '@hono/zod-openapi';
import {
  categoryTaxDefaultChangeSchema,
  gstSlabsChangeSchema,
  serviceRateChangeSchema,
  tcsRateChangeSchema,
} from '../../../domain/tax/policy-schemas.ts';
import { SERVICES } from '../../../domain/tax/policy.ts';
import { indianDate } from '../../../domain/tax/rates.ts';
import { TaxPolicyViewSchema } from '../../../projections/tax-policy/documents.ts';
import { taxPolicyView } from '../../../projections/tax-policy/queries.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import { categoryStream } from '../../../domain/catalog/events.ts';
import { setTaxPolicy } from '../../commands/tax-policy.ts';
import { ApiError } from '../../http/errors.ts';
import { errors, jsonBody, jsonResponse, PositionSchema, pathParam, router } from '../../http/router.ts';
import type { AppContext } from '../../roles/context.ts';

const tags = ['Admin'];

const ChangeResultSchema = z.object({ position: PositionSchema }).openapi('TaxPolicyChangeResult');

/** What every change of the policy says of itself and answers. */
const change = {
  method: 'put',
  tags,
  description:
    'Recorded with the admin, the source and the first day it applies to (today in India or later, never earlier). Repeating the last change records nothing.',
} as const;
const changed = jsonResponse(ChangeResultSchema, 'Set (or already so)');

const CategoryParamsSchema = z.object({ id: pathParam('id', 100, { example: 'spices' }) });
const ServiceParamsSchema = z.object({
  service: z.enum(SERVICES).openapi({ param: { name: 'service', in: 'path' }, example: 'commission' }),
});

/** The tax policy for admins: read every history, change the GST slabs, the TCS rate, the categories' defaults and MIBI's service rates. */
export const adminTaxPolicyRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'getTaxPolicy',
        tags,
        summary:
          'The GST slabs, the TCS rate and every category’s tax defaults, with their histories and what is in force today',
        responses: { 200: jsonResponse(TaxPolicyViewSchema, 'The tax policy'), ...errors(401, 403) },
      }),
      async (c) => {
        requireRole(c, 'admin');
        return c.json(await taxPolicyView(ctx.platform.read, indianDate(ctx.now())), 200);
      },
    )
    .openapi(
      createRoute({
        ...change,
        path: '/gst-slabs',
        operationId: 'setGstSlabs',
        summary: 'Set the GST rates a product may have from a day on',
        request: { body: jsonBody(gstSlabsChangeSchema) },
        responses: { 200: changed, ...errors(400, 401, 403, 413) },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const body = c.req.valid('json');
        return c.json(await setTaxPolicy(ctx, actorOf(admin), { type: 'SetGstSlabs', ...body }), 200);
      },
    )
    .openapi(
      createRoute({
        ...change,
        path: '/tcs-rate',
        operationId: 'setTcsRate',
        summary: 'Set the rate of tax the marketplace collects at source from a day on',
        request: { body: jsonBody(tcsRateChangeSchema) },
        responses: { 200: changed, ...errors(400, 401, 403, 413) },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const body = c.req.valid('json');
        return c.json(await setTaxPolicy(ctx, actorOf(admin), { type: 'SetTcsRate', ...body }), 200);
      },
    )
    .openapi(
      createRoute({
        ...change,
        path: '/categories/{id}',
        operationId: 'setCategoryTaxDefault',
        summary: 'Set the HSN code and GST rate a category’s new products get unless their seller gives them',
        request: { params: CategoryParamsSchema, body: jsonBody(categoryTaxDefaultChangeSchema) },
        responses: { 200: changed, ...errors(400, 401, 403, 404, 413) },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const { id } = c.req.valid('param');
        if ((await ctx.streams.store.streamRevision(categoryStream(id))) < 0)
          throw new ApiError(404, 'not_found', /*i18n*/ 'Category not found');
        const body = c.req.valid('json');
        return c.json(
          await setTaxPolicy(ctx, actorOf(admin), { type: 'SetCategoryTaxDefault', categoryId: id, ...body }),
          200,
        );
      },
    )
    .openapi(
      createRoute({
        ...change,
        path: '/services/{service}',
        operationId: 'setServiceRate',
        summary:
          'Set the SAC code and GST rate of a service MIBI supplies itself (its commission, delivery) from a day on',
        request: { params: ServiceParamsSchema, body: jsonBody(serviceRateChangeSchema) },
        responses: { 200: changed, ...errors(400, 401, 403, 413) },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const { service } = c.req.valid('param');
        const body = c.req.valid('json');
        return c.json(await setTaxPolicy(ctx, actorOf(admin), { type: 'SetServiceRate', service, ...body }), 200);
      },
    );
