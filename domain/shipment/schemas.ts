import { z } from 'zod';
import { allowedCharacters, cleanText, requiredText, tooLong } from '../fields.ts';
import { CARRIER_IDS, awbProblem, normaliseAwb } from './carriers.ts';
import { TRACKING_UPDATES } from './events.ts';

export const TRACKING_MESSAGES = {
  carrier: /*i18n*/ 'Choose the courier',
  awbRequired: /*i18n*/ 'Tracking number is required',
  carrierNameRequired: /*i18n*/ 'Name the courier',
  trackingUrlRequired: /*i18n*/ 'Give the link to follow the parcel',
  trackingUrl: /*i18n*/ 'The tracking link must be a web address (https://...)',
  update: /*i18n*/ 'Choose what happened to the parcel',
} as const;

const webAddress = z
  .string({ error: TRACKING_MESSAGES.trackingUrlRequired })
  .trim()
  .max(500, TRACKING_MESSAGES.trackingUrl)
  .refine((text) => {
    try {
      return ['https:', 'http:'].includes(new URL(text).protocol);
    } catch {
      return false;
    }
  }, TRACKING_MESSAGES.trackingUrl);

/**
 * The tracking a seller gives when shipping or later: a known courier and its tracking number
 * (of the courier's shape; the link is the courier's page), or another courier by name with the
 * link to follow it.
 */
export const trackingInputSchema = z
  .object({
    carrier: z.enum(CARRIER_IDS, { error: TRACKING_MESSAGES.carrier }),
    awb: requiredText(TRACKING_MESSAGES.awbRequired, 40, /*i18n*/ 'Tracking number').transform(normaliseAwb),
    carrierName: requiredText(TRACKING_MESSAGES.carrierNameRequired, 100, /*i18n*/ 'Courier').optional(),
    trackingUrl: webAddress.optional(),
  })
  .superRefine((input, ctx) => {
    const problem = awbProblem(input.carrier, input.awb);
    if (problem) ctx.addIssue({ code: 'custom', path: ['awb'], message: problem });
    if (input.carrier !== 'other') return;
    if (!input.carrierName)
      ctx.addIssue({ code: 'custom', path: ['carrierName'], message: TRACKING_MESSAGES.carrierNameRequired });
    if (!input.trackingUrl)
      ctx.addIssue({ code: 'custom', path: ['trackingUrl'], message: TRACKING_MESSAGES.trackingUrlRequired });
  });
export type TrackingInput = z.output<typeof trackingInputSchema>;

/** A tracking update the seller records by hand. */
export const shipmentUpdateSchema = z.object({
  update: z.enum(TRACKING_UPDATES, { error: TRACKING_MESSAGES.update }),
  location: cleanText(/*i18n*/ 'Location must be text')
    .max(200, tooLong(/*i18n*/ 'Location', 200))
    .refine(...allowedCharacters(/*i18n*/ 'Location'))
    .default(''),
});
export type ShipmentUpdateInput = z.output<typeof shipmentUpdateSchema>;

/** /track's lookup: an order's number as the buyer is shown it (or whole) and the buyer's e-mail. */
export const trackRequestSchema = z.object({
  orderNumber: requiredText(/*i18n*/ 'Order number is required', 100, /*i18n*/ 'Order number'),
  email: requiredText(/*i18n*/ 'E-mail is required', 254, /*i18n*/ 'E-mail'),
});
