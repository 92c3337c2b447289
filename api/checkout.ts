/**
 * Order placement: a saga over the cart, product and order streams.
 *
 * 1. Read the cart and the current price, stock and seller of each product (write side).
 * 2. Decide the order without storing it, so an empty cart, online payment or a line that
 *    cannot be bought is refused before any stock moves.
 * 3. Reserve stock on each product stream, in productId order; if a line cannot be
 *    reserved (another buyer took the last units meanwhile), release what was reserved.
 * 4. Append OrderPlaced to the new order stream, then clear the cart.
 *
 * Every step is idempotent for one order id (reservations and releases are kept per order
 * by the product decider; OrderPlaced goes to a stream that must not exist), and the order
 * id is derived from the buyer and the request's idempotency key, so a retried request,
 * even one that crashed half-way, completes and returns the same order.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { cartDecider } from '../domain/cart/decider.ts';
import { cartStream } from '../domain/cart/events.ts';
import { type CheckoutLine, type OrderCommand, orderDecider } from '../domain/order/decider.ts';
import { type OrderEvent, orderStream } from '../domain/order/events.ts';
import type { checkoutSchema, orderStatusChangeSchema } from '../domain/order/schemas.ts';
import { productDecider } from '../domain/product/decider.ts';
import { type StockReleaseReason, productStream } from '../domain/product/events.ts';
import type { OrderDoc } from '../projections/models.ts';
import { orderFromEvents } from '../projections/orders.ts';
import { actorOf } from './auth/middleware.ts';
import type { AppContext } from './context.ts';
import type { SessionUser } from './http.ts';
import { type CartLine, loadCart, purchaseFacts, sellerName } from './commands/product-facts.ts';
import type { CommandMetadata } from './streams.ts';

/** The checkout form as `checkoutSchema` gives it: address, delivery and payment. */
export type Checkout = z.output<typeof checkoutSchema>;

export interface OrderResult {
  /** The order as the orders read model shows it once the projection has caught up. */
  order: OrderDoc;
  position: number;
}

/**
 * A UUID (version 8, "custom") from SHA-256 of the buyer and the key: the same request
 * retried names the same order, and two buyers using the same key never collide.
 */
export function orderIdFor(buyerId: string, idempotencyKey: string | undefined): string {
  if (idempotencyKey === undefined) return crypto.randomUUID();
  const bytes = createHash('sha256').update(`${buyerId}\n${idempotencyKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The order from its stream, with the positions of its first (OrderPlaced) and last events; null when absent. */
export async function readOrder(ctx: AppContext, orderId: string) {
  const events = await ctx.streams.read(orderStream(orderId));
  const order = orderFromEvents(events as unknown as OrderEvent[]);
  if (!order) return null;
  return { order, placedPosition: events[0]!.position, position: events[events.length - 1]!.position };
}

/** A cart line as the order will keep it: current price, name, image, category and seller. */
async function checkoutLine(ctx: AppContext, { productId, quantity, product }: CartLine, orderId: string): Promise<CheckoutLine> {
  const { name, pricePaise, imageUrl, categoryId } = product.details;
  return {
    product: {
      ...purchaseFacts(product, orderId),
      productId,
      name,
      pricePaise,
      imageUrl,
      categoryId,
      sellerId: product.sellerId,
      sellerName: await sellerName(ctx, product.sellerId),
    },
    quantity,
  };
}

/** Releases the stock `orderId` holds on each product (a no-op where nothing is held); returns the furthest position. */
export async function releaseStock(
  ctx: AppContext,
  orderId: string,
  productIds: readonly string[],
  reason: StockReleaseReason,
  at: string,
  metadata: CommandMetadata,
): Promise<number> {
  let position = 0;
  for (const productId of productIds) {
    const command = { type: 'ReleaseStock', orderId, reason, at } as const;
    const released = await ctx.streams.decide(productStream(productId), productDecider, command, metadata);
    position = Math.max(position, released.position);
  }
  return position;
}

/**
 * Moves an order through the status machine as `user` (the decider checks who may), and on a
 * cancel releases its stock; also on a repeated cancel, so one that stopped half-way finishes.
 */
export async function changeOrderStatus(ctx: AppContext, user: SessionUser, orderId: string, change: z.output<typeof orderStatusChangeSchema>) {
  const at = new Date().toISOString();
  const metadata = { actor: user.id, correlationId: orderId };
  const command = { type: 'ChangeOrderStatus', actor: actorOf(user), at, ...change } as const;
  const moved = await ctx.streams.decide(orderStream(orderId), orderDecider, command, metadata);
  const { order } = (await readOrder(ctx, orderId))!;
  const released =
    change.status === 'cancelled'
      ? await releaseStock(ctx, orderId, order.lines.map((line) => line.productId), 'order_cancelled', at, metadata)
      : 0;
  return { order, position: Math.max(moved.position, released) };
}

/** Reserves every line or none: a line that cannot be reserved releases the ones before it and rethrows. */
async function reserveStock(ctx: AppContext, orderId: string, lines: readonly CheckoutLine[], at: string, metadata: CommandMetadata) {
  const reserved: string[] = [];
  try {
    for (const { product, quantity } of lines) {
      const command = { type: 'ReserveStock', orderId, quantity, at } as const;
      await ctx.streams.decide(productStream(product.productId), productDecider, command, metadata);
      reserved.push(product.productId);
    }
  } catch (error) {
    await releaseStock(ctx, orderId, reserved, 'order_failed', at, metadata);
    throw error;
  }
}

/**
 * Empties the cart the order was placed from, unless the cart changed after the order was
 * placed: a late retry must not empty a cart the buyer has filled again since.
 */
async function clearOrderedCart(ctx: AppContext, user: SessionUser, orderId: string, placedPosition: number, metadata: CommandMetadata) {
  const stream = cartStream(user.id);
  const cart = await ctx.streams.load(stream, cartDecider);
  if (cart.position > placedPosition) return cart.position;
  const cleared = await ctx.streams.decide(stream, cartDecider, { type: 'ClearCart', actor: actorOf(user), orderId }, metadata);
  return cleared.position;
}

/** Places the order of `user`'s cart, or completes and returns the order an earlier attempt with the same key placed. */
export async function placeOrder(
  ctx: AppContext,
  user: SessionUser,
  checkout: Checkout,
  idempotencyKey: string | undefined,
  at: string,
): Promise<OrderResult> {
  const orderId = orderIdFor(user.id, idempotencyKey);
  const metadata: CommandMetadata = { actor: user.id, correlationId: orderId };
  // The cart is read before looking for the order: the order is placed before the cart is
  // cleared, so a concurrent twin request either finds the order or still sees the full cart.
  const cart = await loadCart(ctx, user.id);
  let placed = await readOrder(ctx, orderId);
  if (!placed) {
    // A cart holds each product once, so productIds never tie.
    const byProductId = [...cart.lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
    const lines = await Promise.all(byProductId.map((line) => checkoutLine(ctx, line, orderId)));
    const command: OrderCommand = { type: 'PlaceOrder', actor: actorOf(user), orderId, buyerName: user.fullName, lines, ...checkout, at };
    // Decided once without storing: what the buyer must fix is refused before any stock moves.
    orderDecider.decide(command, null);
    await reserveStock(ctx, orderId, lines, at, metadata);
    await ctx.streams.decide(orderStream(orderId), orderDecider, command, metadata);
    placed = (await readOrder(ctx, orderId))!;
  }
  const cartPosition = await clearOrderedCart(ctx, user, orderId, placed.placedPosition, metadata);
  return { order: placed.order, position: Math.max(placed.position, cartPosition) };
}
