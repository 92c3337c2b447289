import { type Paise, multiply, sum } from '../money.ts';
import { type DeliveryMethod, DELIVERY_OPTIONS } from './options.ts';

export interface PricedLine {
  pricePaise: Paise;
  quantity: number;
}

export interface OrderTotals {
  subtotalPaise: Paise;
  deliveryChargePaise: Paise;
  totalPaise: Paise;
}

/** Sum of price x quantity: the cart's subtotal. */
export const subtotal = (lines: readonly PricedLine[]): Paise =>
  sum(lines.map((line) => multiply(line.pricePaise, line.quantity)));

/** Order total = sum of price x quantity plus the delivery charge (spec section 9); no taxes or fees. */
export function priceOrder(lines: readonly PricedLine[], delivery: DeliveryMethod): OrderTotals {
  const subtotalPaise = subtotal(lines);
  const deliveryChargePaise = DELIVERY_OPTIONS[delivery].chargePaise;
  return { subtotalPaise, deliveryChargePaise, totalPaise: sum([subtotalPaise, deliveryChargePaise]) };
}
