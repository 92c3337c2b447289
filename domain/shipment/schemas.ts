import { z } from 'zod';
import { allowedCharacters, cleanText, requiredText, tooLong } from '../fields.ts';
import { CARRIER_IDS, awbProblem, normaliseAwb } from './carriers.ts';
import { TRACKING_UPDATES } from './events.ts';

export const TRACKING_MESSAGES = {
  carrier: 'Choose the courier',
  awbRequired: 'Tracking number is required',
  carrierNameRequired: 'Name the courier',
  trackingUrlRequired: 'Give the link to follow the parcel',
  trackingUrl: 'The tracking link must be a web address (https://...)',
  update: 'Choose what happened to the parcel',
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
    awb: requiredText(TRACKING_MESSAGES.awbRequired, 40, 'Tracking number').transform(normaliseAwb),
    carrierName: requiredText(TRACKING_MESSAGES.carrierNameRequired, 100, 'Courier').optional(),
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
  location: cleanText('Location must be text')
    .max(200, tooLong('Location', 200))
    .refine(...allowedCharacters('Location'))
    .default(''),
});
export type ShipmentUpdateInput = z.output<typeof shipmentUpdateSchema>;

/** /track's lookup: an order's number as the buyer is shown it (or whole) and the buyer's e-mail. */
export const trackRequestSchema = z.object({
  orderNumber: requiredText('Order number is required', 100, 'Order number'),
  email: requiredText('E-mail is required', 254, 'E-mail'),
});
