/** Body of an admin's change of a zone's transit days (zone-table.ts checks what it means). */
import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { DELIVERY_METHODS, type DeliveryMethod } from '../order/options.ts';
import { MAX_TRANSIT_DAYS, ZONE_TABLE_MESSAGES } from './zone-table.ts';

const days = z
  .number({ error: ZONE_TABLE_MESSAGES.days })
  .int(ZONE_TABLE_MESSAGES.days)
  .min(1, ZONE_TABLE_MESSAGES.days)
  .max(MAX_TRANSIT_DAYS, ZONE_TABLE_MESSAGES.days);
const transit = z
  .object({ minDays: days, maxDays: days }, { error: ZONE_TABLE_MESSAGES.days })
  .refine(({ minDays, maxDays }) => minDays <= maxDays, ZONE_TABLE_MESSAGES.days);

/** Each delivery option's earliest and latest working days in transit, from a day on, with its source. */
export const zoneTransitChangeSchema = z.object({
  transit: z.object(
    Object.fromEntries(DELIVERY_METHODS.map((method) => [method, transit])) as Record<DeliveryMethod, typeof transit>,
    { error: ZONE_TABLE_MESSAGES.days },
  ),
  effectiveFrom: z.string({ error: ZONE_TABLE_MESSAGES.effectiveFrom }).trim(),
  source: requiredText(ZONE_TABLE_MESSAGES.source, 300, /*i18n*/ 'Source'),
});
