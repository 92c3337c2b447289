import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import {
  orderStatusChangeSchema,
  type returnDecisionSchema,
  type returnRequestSchema,
} from '../../../../domain/order/schemas.ts';
import { type UndoableStatus, shortOrderId } from '../../../../domain/order/status.ts';
import { multiply, sum } from '../../../../domain/money.ts';
import { unitsAskedBack } from '../../../../domain/order/returns.ts';
import { lineKey } from '../../../../domain/order/line-key.ts';
import { call, server } from '../../api/client.ts';
import { toast } from '../../state/toasts.ts';
import type { ReturnRules } from './returnPolicy.ts';
import { STATUS_WORDS } from './statusWords.ts';
import type { Order, OrderPart, OrderReturn, SellerOrderChange } from './types.ts';

export type StatusChange = z.output<typeof orderStatusChangeSchema>;
/** What the API takes: each line named by its lineKey (the schema's output renames it). */
export type ReturnRequest = z.input<typeof returnRequestSchema>;
export type ReturnDecision = z.output<typeof returnDecisionSchema>;

/** The statuses an order moves to without a reason, on its way to delivery (from the API's body schema). */
export const FORWARD_STATUSES = orderStatusChangeSchema.options[0].shape.status.options;
export type ForwardStatus = (typeof FORWARD_STATUSES)[number];

/** The reason rule of cancelling, from the API's body schema. */
export const cancelReasonSchema = orderStatusChangeSchema.options[1].pick({ reason: true });

/** "#1a2b3c4d": how a purchase is named on screen (spec section 9). */
export const orderLabel = (orderId: string): string => `#${shortOrderId(orderId)}`;

/** "#1a2b3c4d-2": how one seller's part of a purchase (a seller order) is named on screen. */
export const partLabel = ({ shortId }: { shortId: string }): string => `#${shortId}`;

/** What names a seller order in a command and its toasts. */
type PartRef = Pick<OrderPart, 'id' | 'shortId'>;

const param = ({ id }: PartRef) => ({ id: encodeURIComponent(id) });

/**
 * Moves a seller order (its seller or an admin; its buyer may cancel it while it is pending)
 * and says how it went in a toast. The seller order after the change and the log position,
 * or null when it failed.
 */
export async function changePartStatus(part: PartRef, change: StatusChange): Promise<SellerOrderChange | null> {
  try {
    const result = await call(server['seller-orders'][':id'].status.$post({ param: param(part), json: change }));
    const label = partLabel(part);
    const status = i18n._(STATUS_WORDS[result.sellerOrder.status]);
    toast({ title: t`Order updated`, description: t`Order ${label} is now ${status}.` });
    return result;
  } catch (error) {
    toast({ title: t`Error updating order`, description: (error as Error).message, tone: 'error' });
    return null;
  }
}

/** Undoes the last move of a seller order (its seller or an admin, within its window), saying how it went in a toast; null when it failed. */
export async function undoPartStatus(part: PartRef, status: UndoableStatus): Promise<SellerOrderChange | null> {
  try {
    const result = await call(
      server['seller-orders'][':id'].status.undo.$post({ param: param(part), json: { status } }),
    );
    const label = partLabel(part);
    const previous = i18n._(STATUS_WORDS[result.sellerOrder.status]);
    toast({ title: t`Move undone`, description: t`Order ${label} is back to ${previous}.` });
    return result;
  } catch (error) {
    toast({ title: t`Error undoing the move`, description: (error as Error).message, tone: 'error' });
    return null;
  }
}

/** The buyer asks to return items of a delivered part. Throws the server's refusal (an ApiError) for the dialog to show. */
export async function requestReturn(part: PartRef, request: ReturnRequest): Promise<SellerOrderChange> {
  const result = await call(server['seller-orders'][':id'].returns.$post({ param: param(part), json: request }));
  const label = partLabel(part);
  toast({ title: t`Return requested`, description: t`The seller of order ${label} will answer your request.` });
  return result;
}

/** The seller (or an admin) accepts or rejects a return, saying how it went in a toast; null when it failed. */
export async function decideReturn(
  part: PartRef,
  request: Pick<OrderReturn, 'returnId'>,
  decision: ReturnDecision,
): Promise<SellerOrderChange | null> {
  try {
    const result = await call(
      server['seller-orders'][':id'].returns[':returnId'].decision.$post({
        param: { ...param(part), returnId: encodeURIComponent(request.returnId) },
        json: decision,
      }),
    );
    toast(
      decision.accept
        ? {
            title: t`Return accepted`,
            description: t`The items are back in stock and the earning on them is reversed.`,
          }
        : { title: t`Return rejected`, description: t`The buyer sees your reason.` },
    );
    return result;
  } catch (error) {
    toast({ title: t`Error deciding the return`, description: (error as Error).message, tone: 'error' });
    return null;
  }
}

/** The lines of a purchase that one of its sellers sells. */
export const linesOf = (order: Pick<Order, 'lines'>, part: Pick<OrderPart, 'sellerId'>) =>
  order.lines.filter((line) => line.sellerId === part.sellerId);

/**
 * What a purchase costs its buyer now: its total, less the parts cancelled and the items of
 * accepted returns (the delivery charge stays: it is kept whole on the purchase, unless every part is cancelled).
 */
export function amountSpent(order: Order): number {
  if (order.status === 'cancelled') return 0;
  const taken = order.sellerOrders.flatMap((part) => [
    part.status === 'cancelled' ? part.subtotalPaise : 0,
    ...part.returns
      .filter((request) => request.status === 'accepted')
      .flatMap((request) => request.lines.map((line) => multiply(line.pricePaise, line.quantity))),
  ]);
  return order.totalPaise - sum(taken);
}

type Line = Order['lines'][number];

/** Units of `line` that may still be asked back; 0 when its category takes no returns. */
export function returnableUnits(part: OrderPart, line: Line, rules: ReturnRules): number {
  if (rules.returnable(line.categoryId) === false) return 0;
  return Math.max(0, line.quantity - unitsAskedBack(part.returns, lineKey(line)));
}

/**
 * How many of each line (by its lineKey) a new return asks for to start with: 1 of the only line that can be returned (where 1 to
 * its units left are the choices), nothing of several (the buyer picks); `least` is what the stepper may go down to.
 */
export function startingReturn(part: OrderPart, lines: readonly Line[], rules: ReturnRules) {
  const open = lines.filter((line) => returnableUnits(part, line, rules) > 0);
  const only = open.length === 1 ? lineKey(open[0]!) : null;
  return {
    quantities: only ? { [only]: 1 } : ({} as Record<string, number>),
    least: (key: string) => (key === only ? 1 : 0),
  };
}

/** What a delivered line of `part` says of returns when its category takes none; null otherwise. */
export const notReturnable = (part: OrderPart, line: Line, rules: ReturnRules): string | null =>
  part.status === 'delivered' && rules.returnable(line.categoryId) === false ? t`Not returnable` : null;

/** Whether anything of `part` may be asked back now: delivered, within the window, units left in a category that takes returns. */
export function canAskReturn(part: OrderPart, lines: readonly Line[], rules: ReturnRules, now = Date.now()): boolean {
  if (part.status !== 'delivered' || !part.deliveredAt) return false;
  if (now > rules.closesAt(part.deliveredAt).getTime()) return false;
  return lines.some((line) => returnableUnits(part, line, rules) > 0);
}
