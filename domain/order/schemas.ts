import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { DEFAULT_DELIVERY, DEFAULT_PAYMENT, DELIVERY_METHODS, PAYMENT_METHOD_IDS } from './options.ts';
import { UNDOABLE_STATUSES } from './status.ts';
import { trackingInputSchema } from '../shipment/schemas.ts';

export const CHECKOUT_MESSAGES = {
  firstNameRequired: /*i18n*/ 'First name is required',
  lastNameRequired: /*i18n*/ 'Last name is required',
  phoneRequired: /*i18n*/ 'Phone number is required',
  phoneInvalid: /*i18n*/ 'Enter a valid 10-digit phone number',
  addressRequired: /*i18n*/ 'Address is required',
  cityRequired: /*i18n*/ 'City is required',
  stateRequired: /*i18n*/ 'State is required',
  pincodeRequired: /*i18n*/ 'PIN code is required',
  pincodeInvalid: /*i18n*/ 'Enter a valid 6-digit PIN code',
} as const;

/** Ten digits not starting with 0, optionally written after +91 or 0. */
const PHONE = /^(?:\+91|0)?[1-9]\d{9}$/;
/** Indian PIN codes have six digits and never start with 0. */
const PINCODE = /^[1-9]\d{5}$/;

/** Spaces and hyphens people type inside numbers ("+91 98765-43210", "400 001") are dropped. */
const digitsText = (label: string, requiredMessage: string, pattern: RegExp, invalidMessage: string) =>
  requiredText(requiredMessage, 30, label)
    .transform((text) => text.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(pattern, invalidMessage));

export const shippingAddressSchema = z.object({
  firstName: requiredText(CHECKOUT_MESSAGES.firstNameRequired, 100, /*i18n*/ 'First name'),
  lastName: requiredText(CHECKOUT_MESSAGES.lastNameRequired, 100, /*i18n*/ 'Last name'),
  phone: digitsText(
    /*i18n*/ 'Phone number',
    CHECKOUT_MESSAGES.phoneRequired,
    PHONE,
    CHECKOUT_MESSAGES.phoneInvalid,
  ).transform((phone) => phone.slice(-10)),
  address: requiredText(CHECKOUT_MESSAGES.addressRequired, 500, /*i18n*/ 'Address'),
  city: requiredText(CHECKOUT_MESSAGES.cityRequired, 100, /*i18n*/ 'City'),
  state: requiredText(CHECKOUT_MESSAGES.stateRequired, 100, /*i18n*/ 'State'),
  pincode: digitsText(
    /*i18n*/ 'PIN code',
    CHECKOUT_MESSAGES.pincodeRequired,
    PINCODE,
    CHECKOUT_MESSAGES.pincodeInvalid,
  ),
});

/** Body of "place an order". Online payment passes here and is refused by PlaceOrder with its own message. */
export const checkoutSchema = z.object({
  shippingAddress: shippingAddressSchema,
  delivery: z.enum(DELIVERY_METHODS, { error: /*i18n*/ 'Choose a delivery option' }).default(DEFAULT_DELIVERY),
  payment: z.enum(PAYMENT_METHOD_IDS, { error: /*i18n*/ 'Choose a payment method' }).default(DEFAULT_PAYMENT),
});

export const orderStatusChangeSchema = z.discriminatedUnion(
  'status',
  [
    z
      // Shipped may carry its tracking (domain/shipment), or have it added later.
      .object({ status: z.enum(['processing', 'shipped', 'delivered']), tracking: trackingInputSchema.optional() })
      .refine((change) => change.status === 'shipped' || change.tracking === undefined, {
        message: /*i18n*/ 'Tracking goes with a move to shipped',
        path: ['tracking'],
      }),
    z.object({
      status: z.literal('cancelled'),
      reason: requiredText(/*i18n*/ 'Please give a reason for cancelling', 500, /*i18n*/ 'Reason', { multiline: true }),
    }),
  ],
  { error: /*i18n*/ 'Choose processing, shipped, delivered or cancelled' },
);

/** Undo the last move of a seller order, named by the status it reached: only processing and shipped can be. */
export const orderStatusUndoSchema = z.object({
  status: z.enum(UNDOABLE_STATUSES, { error: /*i18n*/ 'Only a move to processing or shipped can be undone' }),
});

export const RETURN_MESSAGES = {
  reasonRequired: /*i18n*/ 'Please tell the seller why you are returning these items',
  decisionReasonRequired: /*i18n*/ 'Please give a reason for your decision',
  quantity: /*i18n*/ 'Choose a whole number of items to return',
} as const;

/** A line of the order by its line key (lineKey; the product id names a product sold as one thing). */
const LINE_NAMED = /*i18n*/ 'Name the line to return (lineKey)';
const lineNamed = z.string({ error: LINE_NAMED }).min(1, LINE_NAMED).max(200, LINE_NAMED);

/**
 * Body of "ask to return items of a delivered seller order". Each line is named by its
 * `lineKey`, or by `productId` as clients before variants do (the line of the product sold as
 * one thing).
 */
export const returnRequestSchema = z.object({
  lines: z
    .array(
      z
        .object({
          lineKey: lineNamed.optional(),
          productId: lineNamed.optional(),
          quantity: z
            .number({ error: RETURN_MESSAGES.quantity })
            .int(RETURN_MESSAGES.quantity)
            .min(0, RETURN_MESSAGES.quantity)
            .max(10_000),
        })
        .refine((line) => line.lineKey !== undefined || line.productId !== undefined, {
          message: LINE_NAMED,
          path: ['lineKey'],
        }),
    )
    .min(1, /*i18n*/ 'Choose at least one item to return')
    .max(100),
  reason: requiredText(RETURN_MESSAGES.reasonRequired, 500, /*i18n*/ 'Reason', { multiline: true }),
});

/** Body of "accept or reject a return". */
export const returnDecisionSchema = z.object({
  accept: z.boolean({ error: /*i18n*/ 'Say whether you accept the return' }),
  reason: requiredText(RETURN_MESSAGES.decisionReasonRequired, 500, /*i18n*/ 'Reason', { multiline: true }),
});
