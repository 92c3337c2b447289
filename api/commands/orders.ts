/**
 * A purchase's life after it is placed, one seller order at a time: status changes (a cancel
 * gives its stock back; a delivery settles it at the commission now in force) and returns
 * (an accepted one puts its units back in stock).
 */
import type { z } from 'zod';
import type { Actor } from '../../domain/actor.ts';
import type { PolicyDefaults } from '../../domain/catalog/policy.ts';
import { type OrderCommand, orderDecider } from '../../domain/order/decider.ts';
import { type OrderEvent, orderStream } from '../../domain/order/events.ts';
import type {
  orderStatusChangeSchema,
  orderStatusUndoSchema,
  returnDecisionSchema,
  returnRequestSchema,
} from '../../domain/order/schemas.ts';
import { parseSellerOrderId } from '../../domain/order/status.ts';
import type { LegacyOrderEvent } from '../../domain/order/upcast.ts';
import { productDecider } from '../../domain/product/decider.ts';
import { DEFAULT_VARIANT_ID } from '../../domain/product/variants.ts';
import { type StockReleaseReason, productStream } from '../../domain/product/events.ts';
import type { OrderDoc, SellerOrderDoc } from '../../projections/orders/documents.ts';
import { purchaseFromEvents } from '../../projections/orders/projection.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandMetadata } from '../../platform/eventstore/streams.ts';
import { commissionRates, returnPolicy } from './category-policy.ts';
import type { CommandContext } from './context.ts';
import { byProduct } from '../../domain/order/line-key.ts';

/** What placing a purchase answers: the purchase as it is right after, and the log position reached. */
export interface OrderResult {
  /** The purchase as the orders read model shows it once the projection has caught up. */
  order: OrderDoc;
  position: number;
}

/** What a command on a seller order answers: that seller order right after, and the log position reached. */
export interface SellerOrderResult {
  sellerOrder: SellerOrderDoc;
  position: number;
}

export type OrderStatusChange = z.output<typeof orderStatusChangeSchema>;
export type OrderStatusUndo = z.output<typeof orderStatusUndoSchema>;
export type ReturnRequest = z.output<typeof returnRequestSchema>;
export type ReturnDecision = z.output<typeof returnDecisionSchema>;

/** What the order commands read beyond the streams: the marketplace's configured defaults. */
export interface OrderCommandContext extends CommandContext {
  policy: PolicyDefaults;
  /** How long after a move to processing or shipped it may be undone (STATUS_UNDO_MINUTES). */
  undoWindowMs: number;
}

/** The purchase and its seller orders from the stream, with the positions of its first and last events; null when absent. */
export async function readPurchase(cx: CommandContext, orderId: string) {
  const events = await cx.streams.read<OrderEvent | LegacyOrderEvent>(orderStream(orderId));
  const docs = purchaseFromEvents(events);
  if (!docs) return null;
  return { ...docs, placedPosition: events[0]!.position, position: events[events.length - 1]!.position };
}

/** Releases the stock `orderId` holds on each product (a no-op where nothing is held); returns the furthest position. */
export async function releaseStock(
  cx: CommandContext,
  orderId: string,
  productIds: readonly string[],
  reason: StockReleaseReason,
  at: string,
  metadata: CommandMetadata,
): Promise<number> {
  let position = 0;
  // A product of several lines (variants) releases all of them at once.
  for (const productId of new Set(productIds)) {
    const command = { type: 'ReleaseStock', orderId, reason, at } as const;
    const released = await cx.streams.handle(productStream(productId), productDecider, command, metadata);
    position = Math.max(position, released.position);
  }
  return position;
}

const notFound = () => new ApiError(404, 'not_found', /*i18n*/ 'Order not found');

/** The purchase a seller order id belongs to; a 404 for an id that names none. */
export function purchaseOf(sellerOrderId: string): string {
  const parsed = parseSellerOrderId(sellerOrderId);
  if (!parsed) throw notFound();
  return parsed.orderId;
}

/** Decides `command` on the purchase stream of `sellerOrderId`; answers the seller order after it. */
export async function decideOnSellerOrder(
  cx: CommandContext,
  actor: Actor,
  sellerOrderId: string,
  command: OrderCommand,
) {
  const orderId = purchaseOf(sellerOrderId);
  const metadata = { actor: actor.userId, correlationId: orderId };
  const decided = await cx.streams.handle(orderStream(orderId), orderDecider, command, metadata);
  const purchase = await readPurchase(cx, orderId);
  const sellerOrder = purchase?.sellerOrders.find((doc) => doc.id === sellerOrderId);
  if (!sellerOrder) throw notFound();
  return { sellerOrder, position: decided.position, metadata, orderId };
}

/** The lines of a seller order as the write side holds them (for the categories a command must read); a 404 when absent. */
export async function sellerOrderLines(cx: CommandContext, sellerOrderId: string) {
  const { state } = await cx.streams.load(orderStream(purchaseOf(sellerOrderId)), orderDecider);
  const part = state?.sellerOrders.find((p) => p.sellerOrderId === sellerOrderId);
  if (!part) throw notFound();
  return part.lines;
}

/**
 * Moves a seller order through the status machine as `actor` (the decider checks who may). A
 * cancel releases the stock of the seller order's lines, also when repeated, so one that
 * stopped half-way finishes.
 */
export async function changeSellerOrderStatus(
  cx: OrderCommandContext,
  actor: Actor,
  sellerOrderId: string,
  change: OrderStatusChange,
): Promise<SellerOrderResult> {
  const at = cx.now();
  const lines = await sellerOrderLines(cx, sellerOrderId);
  // Only a delivery settles, so only it reads the rates.
  const commission =
    change.status === 'delivered'
      ? await commissionRates(
          cx,
          lines.map((l) => l.categoryId),
          cx.policy,
        )
      : {};
  const command: OrderCommand = {
    type: 'ChangeSellerOrderStatus',
    actor,
    sellerOrderId,
    commission,
    undoWindowMs: cx.undoWindowMs,
    at,
    ...change,
  };
  const { sellerOrder, position, metadata, orderId } = await decideOnSellerOrder(cx, actor, sellerOrderId, command);
  const released =
    change.status === 'cancelled'
      ? await releaseStock(
          cx,
          orderId,
          sellerOrder.lines.map((line) => line.productId),
          'order_cancelled',
          at,
          metadata,
        )
      : 0;
  return { sellerOrder, position: Math.max(position, released) };
}

/** Undoes the last move of a seller order, to processing or shipped, within the window the move set (the decider checks who may). */
export async function undoSellerOrderStatus(
  cx: CommandContext,
  actor: Actor,
  sellerOrderId: string,
  { status }: OrderStatusUndo,
): Promise<SellerOrderResult> {
  const command: OrderCommand = { type: 'UndoSellerOrderStatus', actor, sellerOrderId, status, at: cx.now() };
  const { sellerOrder, position } = await decideOnSellerOrder(cx, actor, sellerOrderId, command);
  return { sellerOrder, position };
}

/** The buyer asks to return units of a delivered seller order, within the window, from categories that take returns. */
export async function requestReturn(
  cx: OrderCommandContext,
  actor: Actor,
  sellerOrderId: string,
  request: ReturnRequest,
): Promise<SellerOrderResult> {
  const lines = await sellerOrderLines(cx, sellerOrderId);
  const policy = await returnPolicy(
    cx,
    lines.map((l) => l.categoryId),
    cx.policy,
  );
  // A line named by its product id (clients before variants) is the line of the product sold as one thing.
  const asked = request.lines.map(({ lineKey, productId, quantity }) => ({ key: (lineKey ?? productId)!, quantity }));
  const command: OrderCommand = {
    type: 'RequestReturn',
    actor,
    sellerOrderId,
    policy,
    at: cx.now(),
    reason: request.reason,
    lines: asked,
  };
  const { sellerOrder, position } = await decideOnSellerOrder(cx, actor, sellerOrderId, command);
  return { sellerOrder, position };
}

/**
 * The seller (or an admin) accepts or rejects a return. An accepted one puts its units back in
 * stock, also when the acceptance is repeated, so one that stopped half-way finishes.
 */
export async function decideReturn(
  cx: CommandContext,
  actor: Actor,
  sellerOrderId: string,
  returnId: string,
  { accept, reason }: ReturnDecision,
): Promise<SellerOrderResult> {
  const at = cx.now();
  const command: OrderCommand = { type: 'DecideReturn', actor, sellerOrderId, returnId, accept, reason, at };
  const { sellerOrder, position, metadata } = await decideOnSellerOrder(cx, actor, sellerOrderId, command);
  const decided = sellerOrder.returns.find((r) => r.returnId === returnId);
  let restocked = 0;
  if (decided?.status === 'accepted') {
    for (const [productId, own] of byProduct(decided.lines, (line) => line.productId)) {
      const lines = own.map(({ variantId = DEFAULT_VARIANT_ID, quantity }) => ({ variantId, quantity }));
      const restock = { type: 'RestockReturn', returnId, lines, at } as const;
      const { position: reached } = await cx.streams.handle(
        productStream(productId),
        productDecider,
        restock,
        metadata,
      );
      restocked = Math.max(restocked, reached);
    }
  }
  return { sellerOrder, position: Math.max(position, restocked) };
}
