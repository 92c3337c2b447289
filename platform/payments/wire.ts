/**
 * Razorpay's JSON as MIBI reads it (and the test gateway writes it): the fields of each entity
 * the port needs, amounts in paise, times in unix seconds. Unknown fields are dropped on parsing.
 */
import { z } from 'zod';

const unix = z.number().int();
const notes = z.union([z.record(z.string(), z.union([z.string(), z.number()])), z.array(z.never())]);

export const wireOrder = z.object({
  id: z.string(),
  entity: z.literal('order'),
  amount: z.number().int(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.literal('INR'),
  receipt: z.string().nullable(),
  status: z.enum(['created', 'attempted', 'paid']),
  attempts: z.number().int(),
  notes,
  created_at: unix,
});

export const wirePayment = z.object({
  id: z.string(),
  entity: z.literal('payment'),
  amount: z.number().int(),
  currency: z.literal('INR'),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  order_id: z.string().nullable(),
  method: z.string(),
  amount_refunded: z.number().int(),
  refund_status: z.enum(['partial', 'full']).nullable(),
  captured: z.boolean(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  contact: z.string().nullable(),
  notes,
  error_code: z.string().nullable(),
  error_description: z.string().nullable(),
  created_at: unix,
});

export const wireRefund = z.object({
  id: z.string(),
  entity: z.literal('refund'),
  amount: z.number().int(),
  currency: z.literal('INR'),
  payment_id: z.string(),
  receipt: z.string().nullable(),
  notes,
  status: z.enum(['pending', 'processed', 'failed']),
  speed_requested: z.string(),
  created_at: unix,
});

export const wireTransfer = z.object({
  id: z.string(),
  entity: z.literal('transfer'),
  status: z.enum(['created', 'pending', 'processed', 'failed', 'reversed', 'partially_reversed']),
  source: z.string(),
  recipient: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  amount_reversed: z.number().int(),
  notes,
  on_hold: z.boolean(),
  on_hold_until: unix.nullable(),
  settlement_status: z.enum(['pending', 'on_hold', 'settled']).nullable(),
  created_at: unix,
});

export const wireReversal = z.object({
  id: z.string(),
  entity: z.literal('reversal'),
  transfer_id: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  notes,
  created_at: unix,
});

export const wireAccount = z.object({
  id: z.string(),
  type: z.literal('route'),
  status: z.enum(['created', 'activated', 'needs_clarification', 'suspended', 'under_review']),
  email: z.string(),
  reference_id: z.string().nullable(),
  legal_business_name: z.string(),
  contact_name: z.string(),
  created_at: unix,
});

export const wireProduct = z.object({
  id: z.string(),
  product_name: z.literal('route'),
  activation_status: z.string(),
  account_id: z.string(),
});

export const wireCollection = <T extends z.ZodType>(item: T) =>
  z.object({ entity: z.literal('collection'), count: z.number().int(), items: z.array(item) });

export const wireError = z.object({
  error: z.object({ code: z.string(), description: z.string() }),
});

const wrapped = <T extends z.ZodType>(entity: T) => z.object({ entity }).optional();

/** A webhook's body: the event and the entities it is about. */
export const wireEvent = z.object({
  entity: z.literal('event'),
  event: z.string(),
  contains: z.array(z.string()),
  payload: z.object({
    payment: wrapped(wirePayment),
    order: wrapped(wireOrder),
    refund: wrapped(wireRefund),
    transfer: wrapped(wireTransfer),
  }),
  created_at: unix,
});

export type WireOrder = z.infer<typeof wireOrder>;
export type WirePayment = z.infer<typeof wirePayment>;
export type WireRefund = z.infer<typeof wireRefund>;
export type WireTransfer = z.infer<typeof wireTransfer>;
export type WireReversal = z.infer<typeof wireReversal>;
export type WireAccount = z.infer<typeof wireAccount>;
export type WireProduct = z.infer<typeof wireProduct>;
export type WireEvent = z.infer<typeof wireEvent>;
