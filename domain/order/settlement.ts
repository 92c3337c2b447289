import { basisPoints, multiply } from '../money.ts';
import type { LineSettlement, OrderLine } from './events.ts';
import { keyFields } from './line-key.ts';

/** What names the line settled: its product, and its variant and answers when not the default. */
type SettledLine = Pick<OrderLine, 'productId' | 'variantId' | 'personalisation'>;

/**
 * What `quantity` units of `line` move in its seller's ledger at `commissionBps`: the sale,
 * the commission (rounded half up) and the earning, which is the rest to the paisa.
 */
export function settleLine(
  line: SettledLine & Pick<OrderLine, 'pricePaise'>,
  quantity: number,
  commissionBps: number,
): LineSettlement {
  const amountPaise = multiply(line.pricePaise, quantity);
  return settlement(line, quantity, amountPaise, commissionBps, basisPoints(amountPaise, commissionBps));
}

/**
 * What returning `quantity` units of `line` reverses, when `returnedBefore` units of it were
 * returned already: the commission is the difference between the commission on all the units
 * returned so far and on those before, so returns taken one by one reverse, in all, exactly what
 * the delivery charged, whatever the rounding.
 */
export function settleReturn(
  line: SettledLine & Pick<OrderLine, 'pricePaise'>,
  quantity: number,
  returnedBefore: number,
  commissionBps: number,
): LineSettlement {
  const amountPaise = multiply(line.pricePaise, quantity);
  const commissionOn = (units: number) => basisPoints(multiply(line.pricePaise, units), commissionBps);
  const commissionPaise = commissionOn(returnedBefore + quantity) - commissionOn(returnedBefore);
  return settlement(line, quantity, amountPaise, commissionBps, commissionPaise);
}

/** The settlement of `amountPaise` less `commissionPaise`: the earning is the rest to the paisa. */
function settlement(
  line: SettledLine,
  quantity: number,
  amountPaise: number,
  commissionBps: number,
  commissionPaise: number,
): LineSettlement {
  return {
    productId: line.productId,
    ...keyFields(line),
    quantity,
    amountPaise,
    commissionBps,
    commissionPaise,
    earningPaise: amountPaise - commissionPaise,
  };
}
