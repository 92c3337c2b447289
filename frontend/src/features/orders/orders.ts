import type { z } from 'zod';
import { orderStatusChangeSchema } from '../../../../domain/order/schemas.ts';
import { shortOrderId } from '../../../../domain/order/status.ts';
import { call, server } from '../../api/client.ts';
import { toast } from '../../state/toasts.ts';
import type { Order } from './types.ts';

export type StatusChange = z.output<typeof orderStatusChangeSchema>;

/** The statuses an order moves to without a reason, on its way to delivery (from the API's body schema). */
export const FORWARD_STATUSES = orderStatusChangeSchema.options[0].shape.status.options;
export type ForwardStatus = (typeof FORWARD_STATUSES)[number];

/** "#1a2b3c4d": how an order is named on screen (spec section 9). */
export const orderLabel = (orderId: string): string => `#${shortOrderId(orderId)}`;

/**
 * Moves an order (a seller or an admin; a buyer may cancel while it is pending) and says
 * how it went in a toast. The order after the change, or null when it failed.
 */
export async function changeOrderStatus(orderId: string, change: StatusChange): Promise<Order | null> {
  try {
    const { order } = await call(server.orders[':id'].status.$post({ param: { id: encodeURIComponent(orderId) }, json: change }));
    toast({ title: 'Order updated', description: `Order ${orderLabel(orderId)} is now ${order.status}.` });
    return order;
  } catch (error) {
    toast({ title: 'Error updating order', description: (error as Error).message, tone: 'error' });
    return null;
  }
}
