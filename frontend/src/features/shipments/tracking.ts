/** The seller's tracking commands: give or correct a seller order's tracking, add an update by hand. */
import type { z } from 'zod';
import type { shipmentUpdateSchema, trackingInputSchema } from '../../../../domain/shipment/schemas.ts';
import { call, server } from '../../api/client.ts';
import { toast } from '../../state/toasts.ts';
import type { TrackingChange } from './types.ts';

const param = (id: string) => ({ id: encodeURIComponent(id) });

/** Gives (or corrects) the tracking; throws the server's refusal for the form to show. */
export async function setTracking(id: string, tracking: z.input<typeof trackingInputSchema>): Promise<TrackingChange> {
  const result = await call(server['seller-orders'][':id'].tracking.$put({ param: param(id), json: tracking }));
  toast({ title: 'Tracking saved', description: `The buyer can follow the parcel with ${tracking.awb}.` });
  return result;
}

/** Adds a tracking update; throws the server's refusal for the form to show. */
export async function addUpdate(id: string, update: z.input<typeof shipmentUpdateSchema>): Promise<TrackingChange> {
  const result = await call(server['seller-orders'][':id'].shipment.updates.$post({ param: param(id), json: update }));
  toast({ title: 'Tracking updated', description: `Order is now ${result.sellerOrder.status}.` });
  return result;
}
