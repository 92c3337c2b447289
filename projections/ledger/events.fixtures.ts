/** Test fixtures for the ledger: current order, payout and category events, built as the deciders would record them. */
import type { CategoryEvent } from '../../domain/catalog/events.ts';
import type { OrderEvent, OrderLine, SellerOrderPart } from '../../domain/order/events.ts';
import { settleLine } from '../../domain/order/settlement.ts';
import type { PayoutEvent } from '../../domain/payout/events.ts';

export const ADMIN_ID = 'admin-1';

export const orderLine = (
  fields: Pick<OrderLine, 'productId' | 'sellerId' | 'pricePaise' | 'quantity'> & Partial<OrderLine>,
): OrderLine => ({
  name: `Product ${fields.productId}`,
  imageUrl: null,
  sellerName: `Seller ${fields.sellerId}`,
  categoryId: 'textiles',
  ...fields,
});

/** The part of `order` that is `sellerId`'s, with its lines. */
export function partOf(
  order: Extract<OrderEvent, { type: 'OrderPlaced' }>,
  sellerId: string,
): { part: SellerOrderPart; lines: OrderLine[] } {
  const part = order.data.sellerOrders.find((p) => p.sellerId === sellerId);
  if (!part) throw new Error(`no part of ${sellerId} in ${order.data.orderId}`);
  return { part, lines: order.data.lines.filter((line) => line.sellerId === sellerId) };
}

/** A seller order delivered, each line settled at its category's rate (`defaultBps` for the others). */
export function delivered(
  orderId: string,
  { part, lines }: { part: SellerOrderPart; lines: OrderLine[] },
  at: string,
  rates: Record<string, number> = {},
  defaultBps = 1000,
): OrderEvent {
  const settlement = lines.map((line) => settleLine(line, line.quantity, rates[line.categoryId] ?? defaultBps));
  return {
    type: 'SellerOrderDelivered',
    data: { orderId, sellerOrderId: part.sellerOrderId, sellerId: part.sellerId, by: part.sellerId, at, settlement },
  };
}

/** A return of `quantities` (by product) accepted, reversing them at `commissionBps`. */
export function returnAccepted(
  orderId: string,
  { part, lines }: { part: SellerOrderPart; lines: OrderLine[] },
  n: number,
  quantities: Record<string, number>,
  at: string,
  commissionBps = 1000,
): OrderEvent {
  const settlement = lines
    .filter((line) => quantities[line.productId])
    .map((line) => settleLine(line, quantities[line.productId]!, commissionBps));
  const stamp = {
    orderId,
    sellerOrderId: part.sellerOrderId,
    sellerId: part.sellerId,
    returnId: `${part.sellerOrderId}-R${n}`,
    by: part.sellerId,
    at,
  };
  return { type: 'ReturnAccepted', data: { ...stamp, reason: 'Arrived damaged', settlement } };
}

export const payout = (
  sellerId: string,
  payoutId: string,
  amountPaise: number,
  at: string,
  reference = `UTR ${payoutId}`,
): PayoutEvent => ({
  type: 'PayoutRecorded',
  data: { payoutId, sellerId, amountPaise, paidOn: at.slice(0, 10), reference, by: ADMIN_ID, at },
});

export const categoryCreated = (categoryId: string, name: string, at: string): CategoryEvent => ({
  type: 'CategoryCreated',
  data: { categoryId, name, description: `${name} made in India`, createdAt: at },
});

export const commissionSet = (
  categoryId: string,
  rateBps: number | null,
  reason: string,
  at: string,
): CategoryEvent => ({
  type: 'CategoryCommissionSet',
  data: { categoryId, rateBps, reason, by: ADMIN_ID, at },
});

export const returnsSet = (categoryId: string, returnable: boolean, reason: string, at: string): CategoryEvent => ({
  type: 'CategoryReturnsSet',
  data: { categoryId, returnable, reason, by: ADMIN_ID, at },
});
