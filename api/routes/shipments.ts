/**
 * Shipments of seller orders (domain/shipment): the tracking its seller gives or corrects and the
 * updates it adds, the shipment a seller order's parties (and admins) read, the courier tracking
 * service's signed webhook, and /track's lookup of an order by its number and the buyer's e-mail.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { shipmentUpdateSchema, trackRequestSchema, trackingInputSchema } from '../../domain/shipment/schemas.ts';
import { ORDER_STATUSES } from '../../domain/order/status.ts';
import { SIGNATURE_HEADER } from '../../platform/couriers/aftership-wire.ts';
import { ShipmentSchema } from '../../projections/orders/documents.ts';
import { visibleSellerOrder } from '../../projections/orders/queries.ts';
import { clientIp } from '../auth/client-ip.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { clientKey } from '../auth/throttle.ts';
import { limitRequest } from '../auth/too-many-requests.ts';
import {
  type CourierReceipt,
  addShipmentUpdate,
  findTrackedOrder,
  receiveCourierWebhook,
  setTracking,
} from '../commands/shipments.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';
import { OrderParams, orderNotFound } from './orders.ts';
import { SellerOrderChangeSchema } from './seller-orders.ts';

const SellerOrderShipmentSchema = z
  .object({ sellerOrderId: z.string(), status: z.enum(ORDER_STATUSES), shipment: ShipmentSchema.nullable() })
  .openapi('SellerOrderShipment');

const CourierReceiptSchema = z
  .object({
    received: z.literal(true),
    recorded: z.boolean().openapi({
      description:
        'False for an event seen before, a step MIBI does not record, or a parcel that is not (or no longer) a seller order’s',
    }),
    position: PositionSchema.nullable(),
  })
  .openapi('CourierReceipt') satisfies z.ZodType<CourierReceipt>;

/** What /track shows of an order: its parts, their items and shipments; nothing of where it goes. */
const TrackedOrderSchema = z
  .object({
    orderId: z.string(),
    placedAt: z.string(),
    status: z.enum(ORDER_STATUSES),
    parts: z.array(
      z.object({
        shortId: z.string(),
        sellerName: z.string(),
        status: z.enum(ORDER_STATUSES),
        deliveredAt: z.string().nullable(),
        items: z.array(z.object({ name: z.string(), variantLabel: z.string(), quantity: z.number().int() })),
        shipment: ShipmentSchema.nullable(),
      }),
    ),
  })
  .openapi('TrackedOrder');

const tags = ['Shipments'];

/** Under /api/seller-orders: a seller order's shipment. */
export const sellerOrderShipmentRoutes = (ctx: AppContext) =>
  router(guard())
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/shipment',
        operationId: 'getSellerOrderShipment',
        tags,
        summary: "A seller order's shipment: its tracking and the parcel's journey, oldest first",
        description: 'For its seller, the buyer of its purchase, or an admin.',
        request: { params: OrderParams },
        responses: {
          200: jsonResponse(SellerOrderShipmentSchema, 'The shipment (null until its tracking is given)'),
          ...errors(400, 401, 404),
        },
      }),
      async (c) => {
        const doc = await visibleSellerOrder(ctx.platform.read, c.req.valid('param').id, actorOf(requireUser(c)));
        if (!doc) throw orderNotFound();
        return c.json({ sellerOrderId: doc.id, status: doc.status, shipment: doc.shipment }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}/tracking',
        operationId: 'setSellerOrderTracking',
        tags,
        summary: 'Give (or correct) the tracking of a shipped seller order: the courier and its tracking number',
        description:
          'Its seller or an admin, while it is shipped. A known courier’s number must have its shape (India Post: an S10 number ' +
          'with its check digit) and the link is the courier’s tracking page; another courier is named, with its link. ' +
          'A correction is recorded beside the first; the same tracking again changes nothing.',
        request: { params: OrderParams, body: jsonBody(trackingInputSchema) },
        responses: {
          200: jsonResponse(SellerOrderChangeSchema, 'The seller order with its tracking'),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) =>
        c.json(await setTracking(ctx, actorOf(requireUser(c)), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/shipment/updates',
        operationId: 'addShipmentUpdate',
        tags,
        summary:
          'Add a tracking update by hand: picked up, in transit, out for delivery, delivered, failed attempt, returned to origin',
        description:
          'Its seller or an admin, while it is shipped. Delivered delivers the seller order (as the move to delivered does); ' +
          'returned to origin delivers nothing.',
        request: { params: OrderParams, body: jsonBody(shipmentUpdateSchema) },
        responses: {
          201: jsonResponse(SellerOrderChangeSchema, 'The seller order with the update'),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) =>
        c.json(
          await addShipmentUpdate(ctx, actorOf(requireUser(c)), c.req.valid('param').id, c.req.valid('json')),
          201,
        ),
    );

/** Under /api/shipments: the couriers' webhook and /track. */
export const shipmentRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'post',
        path: '/webhook',
        operationId: 'receiveCourierWebhook',
        tags,
        security: [],
        summary:
          "The courier tracking service's webhooks (AfterShip's tracking_update, signed with the webhook secret)",
        description:
          `${SIGNATURE_HEADER}: HMAC-SHA256 (base64) of the raw body under the webhook secret; a webhook not signed so ` +
          'answers 401 and changes nothing. Its `ts` must be within ten minutes of MIBI’s clock, else 400 (a replay). ' +
          'Each `event_id` is recorded once, however often delivered. The step of its latest checkpoint is recorded on ' +
          'the seller order in `msg.order_id` when `msg.tracking_number` is that order’s; Delivered delivers it.',
        request: { headers: z.object({ [SIGNATURE_HEADER]: z.string().max(200).optional() }) },
        responses: {
          200: jsonResponse(CourierReceiptSchema, 'Received (an event seen before changes nothing)'),
          ...errors(400, 401, 409, 413),
        },
      }),
      async (c) => {
        const raw = new Uint8Array(await c.req.arrayBuffer());
        return c.json(await receiveCourierWebhook(ctx, raw, c.req.valid('header')[SIGNATURE_HEADER]), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/track',
        operationId: 'trackOrder',
        tags,
        security: [],
        summary: 'Find an order by its number and the buyer’s e-mail, with its shipments (no account needed)',
        description:
          'An unknown number and a wrong e-mail get the same 404. Counted per client address (30 a quarter hour, 200 a day).',
        request: { body: jsonBody(trackRequestSchema) },
        responses: {
          200: jsonResponse(TrackedOrderSchema, 'The order'),
          ...errors(400, 404, 413, 429),
        },
      }),
      async (c) => {
        await limitRequest(c, ctx.throttles.trackLookups, clientKey(clientIp(c, ctx.config)), 'order lookups');
        const { orderNumber, email } = c.req.valid('json');
        const order = await findTrackedOrder(ctx, orderNumber, email);
        const parts = order.sellerOrders.map((part) => ({
          shortId: part.shortId,
          sellerName: part.sellerName,
          status: part.status,
          deliveredAt: part.deliveredAt,
          items: order.lines
            .filter((line) => line.sellerId === part.sellerId)
            .map(({ name, variantLabel, quantity }) => ({ name, variantLabel, quantity })),
          shipment: part.shipment,
        }));
        return c.json({ orderId: order.id, placedAt: order.placedAt, status: order.status, parts }, 200);
      },
    );
