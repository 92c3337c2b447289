import { createRoute, z } from '@hono/zod-openapi';
import { ZONES } from '../../domain/delivery/zones.ts';
import { shippingAddressSchema } from '../../domain/order/schemas.ts';
import { DELIVERY_METHODS } from '../../domain/order/options.ts';
import { DEFAULT_VARIANT_ID } from '../../domain/product/variants.ts';
import { guard, requireUser } from '../auth/middleware.ts';
import { cartEstimates, type DeliveryEstimates, productEstimates } from '../commands/delivery.ts';
import { errors, jsonResponse, pathParam, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

const day = (description: string) => z.string().openapi({ description, example: '2026-12-03' });

const DeliveryEstimatesSchema = z
  .object({
    pincode: z.string(),
    place: z.object({
      state: z.string().openapi({ example: 'Karnataka' }),
      district: z.string().openapi({ example: 'Bangalore' }),
      metro: z.string().nullable().openapi({ description: 'The metro city it is in, if any', example: 'Bengaluru' }),
    }),
    parcels: z
      .array(
        z.object({
          sellerId: z.string(),
          sellerName: z.string(),
          zone: z.enum(ZONES),
          shipBy: day('The UTC day the seller dispatches it by, made-to-order time included'),
          options: z.array(
            z.object({
              delivery: z.enum(DELIVERY_METHODS),
              from: day('The first day it may arrive'),
              to: day('The last day it may arrive'),
            }),
          ),
        }),
      )
      .openapi({ description: 'One per seller, in the order of their first line' }),
  })
  .openapi('DeliveryEstimates') satisfies z.ZodType<DeliveryEstimates>;

/** The PIN code to deliver to, checked as an address's is. */
const { pincode } = shippingAddressSchema.shape;

const tags = ['Delivery'];
const windows =
  'Each delivery option’s window, ordered now: the seller’s ship-by day plus the zone’s transit days (working days, Monday to Saturday) by the zone table in force.';

/** Delivery windows to a PIN code: of a product (its page) and of the buyer's cart (checkout). */
export const deliveryEstimateRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/products/{id}',
        operationId: 'getProductDeliveryEstimates',
        tags,
        summary: 'When a product (one of its variants) would arrive at a PIN code',
        description: windows,
        request: {
          params: z.object({ id: pathParam('id', 100) }),
          query: z.object({
            pincode,
            variantId: z
              .string()
              .min(1)
              .max(100)
              .optional()
              .openapi({ description: "The variant; absent: 'default', the product sold as one thing" }),
          }),
        },
        responses: {
          200: jsonResponse(DeliveryEstimatesSchema, 'Its windows'),
          ...errors(400, 404),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { pincode, variantId = DEFAULT_VARIANT_ID } = c.req.valid('query');
        return c.json(await productEstimates(ctx, id, variantId, pincode), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/cart',
        operationId: 'getCartDeliveryEstimates',
        middleware: [guard()] as const,
        tags,
        summary: 'When each seller’s part of the signed-in buyer’s cart would arrive at a PIN code',
        description: windows,
        request: { query: z.object({ pincode }) },
        responses: {
          200: jsonResponse(DeliveryEstimatesSchema, 'Its windows, one parcel per seller'),
          ...errors(400, 401),
        },
      }),
      async (c) => c.json(await cartEstimates(ctx, requireUser(c).id, c.req.valid('query').pincode), 200),
    );
