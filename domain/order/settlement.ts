import { basisPoints, multiply } from '../money.ts';
import type { LineSettlement, OrderLine } from './events.ts';

/**
 * What `quantity` units of `line` move in its seller's ledger at `commissionBps`: the sale,
 * the commission (rounded half up) and the earning, which is the rest to the paisa.
 */
export function settleLine(line: Pick<OrderLine, 'productId' | 'pricePaise'>, quantity: number, commissionBps: number): LineSettlement {
  const amountPaise = multiply(line.pricePaise, quantity);
  const commissionPaise = basisPoints(amountPaise, commissionBps);
  return { productId: line.productId, quantity, amountPaise, commissionBps, commissionPaise, earningPaise: amountPaise - commissionPaise };
}
