/** Order events for tests, built as checkout records them: one copy, so a change of the event's fields changes it once. */
import { multiply, sum } from '../money.ts';
import { PUNE_ADDRESS } from './addresses.fixtures.ts';
import type { OrderEvent, OrderLine } from './events.ts';
import { sellerOrdersOf } from './upcast.ts';

/** A purchase of `lines` by buyer-1, one seller order per seller, as checkout places it. */
export function placed(
  orderId: string,
  lines: OrderLine[],
  placedAt: string,
): Extract<OrderEvent, { type: 'OrderPlaced' }> {
  const subtotalPaise = sum(lines.map((line) => multiply(line.pricePaise, line.quantity)));
  return {
    type: 'OrderPlaced',
    data: {
      orderId,
      buyerId: 'buyer-1',
      buyerName: 'Asha Rao',
      lines,
      sellerOrders: sellerOrdersOf(orderId, lines, placedAt),
      shippingAddress: PUNE_ADDRESS,
      delivery: 'standard',
      payment: 'cod',
      subtotalPaise,
      deliveryChargePaise: 50_00,
      totalPaise: subtotalPaise + 50_00,
      placedAt,
    },
  };
}
