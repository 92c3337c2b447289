/** The seller's tracking commands: give or correct a seller order's tracking, add an update by hand. */
import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import type { shipmentUpdateSchema, trackingInputSchema } from '../../../../domain/shipment/schemas.ts';
import { call, server } from '../../api/client.ts';
import { toast } from '../../state/toasts.ts';
import type { TrackingChange } from './types.ts';

const param = (id: string) => ({ id: encodeURIComponent(id) });

/** Gives (or corrects) the tracking; throws the server's refusal for the form to show. */
export async function setTracking(id: string, tracking: z.input<typeof trackingInputSchema>): Promise<TrackingChange> {
  const result = await call(server['seller-orders'][':id'].tracking.$put({ param: param(id), json: tracking }));
  const awb = tracking.awb;
  toast({ title: t`Tracking saved`, description: t`The buyer can follow the parcel with ${awb}.` });
  return result;
}

/** "Order is now delivered." */
function nowText(status: string): string {
  if (status === 'delivered') return t`Order is now delivered.`;
  if (status === 'shipped') return t`Order is now shipped.`;
  return t`Order is now ${status}.`;
}

/** Adds a tracking update; throws the server's refusal for the form to show. */
export async function addUpdate(id: string, update: z.input<typeof shipmentUpdateSchema>): Promise<TrackingChange> {
  const result = await call(server['seller-orders'][':id'].shipment.updates.$post({ param: param(id), json: update }));
  toast({ title: t`Tracking updated`, description: nowText(result.sellerOrder.status) });
  return result;
}
