/**
 * The documents of the orders read model (collections `orders` and `seller_orders`): purchases,
 * for their buyer and the admins, and seller orders, one seller's part of a purchase for that
 * seller. The schemas are the one description of their shape: the types are inferred from them
 * and the routes answer with them. The projection imports only the types, so the threads that
 * run it never load the schemas. Money in paise, times ISO-8601 UTC.
 */
import { z } from '@hono/zod-openapi';
import type { DeliveryPromise } from '../../domain/delivery/promise.ts';
import { ZONES } from '../../domain/delivery/zones.ts';
import type { ReturnStatus } from '../../domain/order/returns.ts';
import type { RefundReason, ShippingAddress } from '../../domain/order/events.ts';
import type { VariantLine } from '../../domain/order/upcast.ts';
import type { Answer } from '../../domain/product/personalisation.ts';
import type { RefundStatus } from '../../domain/order/refunds.ts';
import { DELIVERY_METHODS, PAYMENT_METHOD_IDS } from '../../domain/order/options.ts';
import { ORDER_STATUSES, UNDOABLE_STATUSES } from '../../domain/order/status.ts';
import { CARRIER_IDS } from '../../domain/shipment/carriers.ts';
import { TRACKING_UPDATES } from '../../domain/shipment/events.ts';

const money = z.number().int();
const status = z.enum(ORDER_STATUSES);

/** What the buyer is shown of the payment: cod; awaiting; failed (the last attempt failed, may try again); paid; expired. */
export const PAYMENT_STATES = ['cod', 'awaiting', 'failed', 'paid', 'expired'] as const;
export type PaymentShown = (typeof PAYMENT_STATES)[number];

const paymentFields = {
  payment: z.enum(PAYMENT_METHOD_IDS),
  paymentStatus: z.enum(PAYMENT_STATES).openapi({
    description:
      'cod: paid on delivery; awaiting: online, not paid yet; failed: the last attempt failed (the buyer may try again until paymentDueBy); paid; expired: unpaid in time, every part cancelled',
  }),
};

/** A buyer's answer to one of the product's questions, as the line keeps it. */
export const AnswerSchema = z
  .object({ questionId: z.string(), question: z.string(), answer: z.string() })
  .openapi('PersonalisationAnswer') satisfies z.ZodType<Answer>;

/** A line as the buyer saw it when ordering. */
export const OrderLineSchema = z
  .object({
    productId: z.string(),
    variantId: z.string().openapi({ description: "'default' for a product sold as one thing" }),
    variantLabel: z
      .string()
      .openapi({ description: "The variant as it was named, e.g. 'Size 8 · Tan'; '' for the default one" }),
    sku: z.string().openapi({ description: "The variant's SKU then; '' when it had none" }),
    personalisation: z.array(AnswerSchema).openapi({ description: "The buyer's answers to the product's questions" }),
    name: z.string(),
    pricePaise: money,
    quantity: z.number().int(),
    imageUrl: z.string().nullable(),
    sellerId: z.string(),
    sellerName: z.string(),
    categoryId: z.string(),
  })
  .openapi('OrderLine') satisfies z.ZodType<VariantLine>;

export const ShippingAddressSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
  })
  .openapi('ShippingAddress') satisfies z.ZodType<ShippingAddress>;

/** A request to send back items of a delivered seller order, and the seller's answer. */
const ReturnSchema = z
  .object({
    returnId: z.string().openapi({ description: '`${sellerOrderId}-R${n}`' }),
    lines: z.array(
      z.object({
        lineKey: z
          .string()
          .openapi({ description: 'The order line returned (its product id for a product sold as one thing)' }),
        productId: z.string(),
        variantId: z.string(),
        variantLabel: z.string(),
        quantity: z.number().int(),
        name: z.string(),
        pricePaise: money,
      }),
    ),
    reason: z.string(),
    status: z.enum(['requested', 'accepted', 'rejected']) satisfies z.ZodType<ReturnStatus>,
    /** The seller's (or an admin's) reason for accepting or rejecting. */
    decisionReason: z.string().nullable(),
    requestedAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .openapi('Return');
export type ReturnDoc = z.infer<typeof ReturnSchema>;

/** The window a seller order was promised at placement (domain/delivery/promise.ts). */
const DeliveryPromiseSchema = z
  .object({
    zone: z.enum(ZONES),
    from: z.string().openapi({ description: 'The first day it may arrive (YYYY-MM-DD)', example: '2026-12-03' }),
    to: z.string().openapi({ description: 'The last day it may arrive (YYYY-MM-DD)', example: '2026-12-05' }),
  })
  .openapi('DeliveryPromise') satisfies z.ZodType<DeliveryPromise>;
/** A seller order's shipment: its tracking and the parcel's journey, oldest first (domain/shipment). */
export const ShipmentSchema = z
  .object({
    carrier: z.enum(CARRIER_IDS),
    carrierName: z.string(),
    awb: z.string().openapi({ description: 'The tracking number (air waybill)' }),
    trackingUrl: z.string().openapi({ description: "Where the buyer follows the parcel: the courier's tracking page" }),
    addedAt: z.string(),
    correctedAt: z.string().nullable(),
    updates: z.array(
      z.object({
        update: z.enum(TRACKING_UPDATES),
        label: z.string().openapi({ example: 'Out for delivery' }),
        location: z.string(),
        happenedAt: z.string(),
        source: z.enum(['seller', 'courier']),
      }),
    ),
  })
  .openapi('Shipment');
export type ShipmentDoc = z.infer<typeof ShipmentSchema>;

/** The fields a purchase shows of each of its seller orders: the part's seller, money and state. */
const sellerOrderSummaryFields = {
  id: z.string().openapi({ description: 'The seller order id, `${orderId}-${n}`' }),
  shortId: z.string().openapi({ description: 'What people are shown, e.g. 3f2b9c1e-2' }),
  sellerId: z.string(),
  sellerName: z.string(),
  subtotalPaise: money,
  status,
  shipBy: z.string().openapi({
    description:
      'The UTC day (YYYY-MM-DD) to dispatch it by: the days every seller has, plus the longest made-to-order time of its lines',
    example: '2026-12-09',
  }),
  // A union with null, not .nullable(): the generator would drop the null beside a named schema.
  promise: z.union([DeliveryPromiseSchema, z.null()]).openapi({
    description: 'The delivery window promised when it was placed, for its delivery option; null before promises',
  }),
  cancelReason: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  history: z.array(z.object({ status, at: z.string(), by: z.string() })),
  returns: z.array(ReturnSchema),
  // A union with null, not .nullable(): the generator would drop the null beside a named schema.
  shipment: z.union([ShipmentSchema, z.null()]).openapi({ description: 'Null until its seller gives its tracking' }),
};

const SellerOrderSummarySchema = z.object(sellerOrderSummaryFields).openapi('SellerOrderSummary');
export type SellerOrderSummary = z.infer<typeof SellerOrderSummarySchema>;

/** One seller's part of a purchase: its lines only, and where to ship them. */
export const SellerOrderSchema = z
  .object({
    ...sellerOrderSummaryFields,
    orderId: z.string(),
    buyerId: z.string(),
    buyerName: z.string(),
    lines: z.array(OrderLineSchema),
    shippingAddress: ShippingAddressSchema,
    delivery: z.enum(DELIVERY_METHODS),
    ...paymentFields,
    placedAt: z.string(),
    updatedAt: z.string(),
    openReturns: z.number().int().openapi({ description: 'Returns waiting for the seller' }),
    // A union with null, not .nullable(): the generator would drop the null beside a named schema.
    undo: z.union([z.object({ status: z.enum(UNDOABLE_STATUSES), until: z.string() }), z.null()]).openapi({
      description:
        'The last move while it may be undone (POST /seller-orders/{id}/status/undo): the status it reached, and until when',
    }),
  })
  .openapi('SellerOrder');
export type SellerOrderDoc = z.infer<typeof SellerOrderSchema>;

/** Money paid online going back to the buyer: a cancelled part's, an accepted return's, a late payment's, a help request's. */
export const RefundSchema = z
  .object({
    refundId: z.string().openapi({
      description:
        "`${sellerOrderId}-cancel`, the returnId, `${orderId}-late`, or a help request's (`${helpId}`, `${helpId}-M`)",
    }),
    sellerOrderId: z.string().nullable(),
    returnId: z.string().nullable(),
    amountPaise: money,
    reason: z.enum(['cancelled', 'returned', 'late_payment', 'help']) satisfies z.ZodType<RefundReason>,
    status: z.enum(['requested', 'initiated', 'processed', 'failed']).openapi({
      description:
        'requested: owed, not yet taken by the gateway; initiated: on its way; processed: back with the buyer',
    }) satisfies z.ZodType<RefundStatus>,
    requestedAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Refund');
export type RefundDoc = z.infer<typeof RefundSchema>;

/** What the buyer paid for in one checkout, with each seller's part. */
export const OrderSchema = z
  .object({
    id: z.string(),
    buyerId: z.string(),
    buyerName: z.string(),
    lines: z.array(OrderLineSchema),
    /** For the admins' seller filter. */
    sellerIds: z.array(z.string()),
    sellerOrders: z.array(SellerOrderSummarySchema),
    shippingAddress: ShippingAddressSchema,
    delivery: z.enum(DELIVERY_METHODS),
    ...paymentFields,
    paymentDueBy: z.string().nullable().openapi({ description: 'Online: until when the buyer may pay' }),
    paymentFailure: z.string().nullable().openapi({ description: "The gateway's words for the last failed attempt" }),
    subtotalPaise: money,
    deliveryChargePaise: money.openapi({
      description: 'Kept whole on the purchase: the marketplace arranges delivery',
    }),
    totalPaise: money,
    refunds: z.array(RefundSchema),
    status: status.openapi({
      description: 'Cancelled when every part is; otherwise the least advanced part not cancelled',
    }),
    placedAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Order');
export type OrderDoc = z.infer<typeof OrderSchema>;
