/**
 * Order placement: a saga over the cart, product and order streams.
 *
 * 1. Read the cart and the current price, stock and seller of each product (write side).
 * 2. Decide the order without storing it, so an empty cart, online payment or a line that
 *    cannot be bought (or that a seller not registered for GST would ship out of its state)
 *    is refused before any stock moves.
 * 3. Reserve stock on each product stream, in productId order; if a line cannot be
 *    reserved (another buyer took the last units meanwhile), release what was reserved.
 * 4. Append OrderPlaced to the new order stream, then clear the cart.
 *
 * Every step is idempotent for one order id (reservations and releases are kept per order
 * by the product decider; OrderPlaced goes to a stream that must not exist), and the order
 * id is derived from the buyer and the request's idempotency key, so a retried request,
 * even one that crashed half-way, completes and returns the same order.
 *
 * Idempotency-Key semantics follow the IETF draft and Stripe: the same key with the same body
 * answers the first order; with another body, 422 and nothing changes; while the first request
 * with a key is still running in this process, 409. (Across API processes the twin is not
 * refused, but the idempotent steps above still make one order of the two.)
 */
import { isDeepStrictEqual } from 'node:util';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '../../domain/actor.ts';
import { cartDecider } from '../../domain/cart/decider.ts';
import { cartStream } from '../../domain/cart/events.ts';
import { type CheckoutLine, type OrderCommand, orderDecider } from '../../domain/order/decider.ts';
import { orderStream } from '../../domain/order/events.ts';
import type { checkoutSchema } from '../../domain/order/schemas.ts';
import { productDecider } from '../../domain/product/decider.ts';
import { madeToOrderDaysOf } from '../../domain/product/made-to-order.ts';
import { productStream } from '../../domain/product/events.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandMetadata } from '../../platform/eventstore/streams.ts';
import type { CommandContext } from './context.ts';
import { byProduct } from '../../domain/order/line-key.ts';
import { transitsFor } from './delivery.ts';
import { assertIntraStateSupplies } from './tax-profiles.ts';
import { type OrderResult, readPurchase, releaseStock } from './orders.ts';
import { type CartLine, loadCart, purchaseFacts, sellerName, variantOnLine } from './product-facts.ts';

/** The checkout form as `checkoutSchema` gives it: address, delivery and payment. */
export type Checkout = z.output<typeof checkoutSchema>;

export interface CheckoutContext extends CommandContext {
  /** Ids of the orders this process is placing right now, for the in-flight answer. */
  placing: Set<string>;
  /** How long an order paid online waits for its payment (PAYMENT_WINDOW_MIN). */
  paymentWindowMs: number;
}

export const KEY_IN_FLIGHT =
  'An order with this Idempotency-Key is still being placed. Wait for its answer, then try again.';
export const KEY_REUSED = 'This Idempotency-Key was used for another order request. Send a new key for a new order.';

export interface PlaceOrderInput {
  /** The buyer's full name, kept on the order. */
  buyerName: string;
  checkout: Checkout;
  /** Retrying with the same key returns the first order instead of placing another. */
  idempotencyKey?: string | undefined;
}

/**
 * The order id of a request: without a key a new one; with a key a UUID (version 8, "custom")
 * from SHA-256 of the buyer and the key, so the same request retried names the same order,
 * and two buyers using the same key never collide.
 */
export function orderIdFor(cx: CommandContext, buyerId: string, idempotencyKey: string | undefined): string {
  if (idempotencyKey === undefined) return cx.newId();
  const bytes = createHash('sha256').update(`${buyerId}\n${idempotencyKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A cart line as the order will keep it: the variant's current price, label, SKU and image, the answers, name, category and seller. */
async function checkoutLine(
  cx: CommandContext,
  { productId, variantId, personalisation, quantity, product }: CartLine,
  orderId: string,
): Promise<CheckoutLine> {
  const { name, categoryId } = product.details;
  const { variantLabel, sku, pricePaise, imageUrl } = variantOnLine(product, variantId);
  return {
    product: {
      ...purchaseFacts(product, variantId, orderId),
      productId,
      variantId,
      variantLabel,
      sku,
      personalisation,
      name,
      pricePaise,
      imageUrl,
      categoryId,
      madeToOrderDays: madeToOrderDaysOf(product.details, variantId),
      sellerId: product.sellerId,
      sellerName: await sellerName(cx, product.sellerId),
    },
    quantity,
  };
}

/**
 * Reserves every line or none: a product that cannot reserve its lines releases the products
 * before it and rethrows. The lines of one product (its variants, or one variant with several
 * answers) are reserved together, in one append to its stream.
 */
async function reserveStock(
  cx: CommandContext,
  orderId: string,
  lines: readonly CheckoutLine[],
  at: string,
  metadata: CommandMetadata,
) {
  const products = byProduct(lines, (line) => line.product.productId);
  const reserved: string[] = [];
  try {
    for (const [productId, own] of products) {
      const variants = own.map(({ product, quantity }) => ({ variantId: product.variantId ?? 'default', quantity }));
      const command = { type: 'ReserveStock', orderId, lines: variants, at } as const;
      await cx.streams.handle(productStream(productId), productDecider, command, metadata);
      reserved.push(productId);
    }
  } catch (error) {
    await releaseStock(cx, orderId, reserved, 'order_failed', at, metadata);
    throw error;
  }
}

/**
 * Empties the cart the order was placed from, unless the cart changed after the order was
 * placed: a late retry must not empty a cart the buyer has filled again since.
 */
async function clearOrderedCart(
  cx: CommandContext,
  actor: Actor,
  orderId: string,
  placedPosition: number,
  metadata: CommandMetadata,
) {
  const stream = cartStream(actor.userId);
  const cart = await cx.streams.load(stream, cartDecider);
  if (cart.position > placedPosition) return cart.position;
  const cleared = await cx.streams.handle(stream, cartDecider, { type: 'ClearCart', actor, orderId }, metadata);
  return cleared.position;
}

/** Places the order of `actor`'s cart, or completes and returns the order an earlier attempt with the same key placed. */
export async function placeOrder(cx: CheckoutContext, actor: Actor, input: PlaceOrderInput): Promise<OrderResult> {
  const orderId = orderIdFor(cx, actor.userId, input.idempotencyKey);
  if (cx.placing.has(orderId)) throw new ApiError(409, 'idempotency_key_in_flight', KEY_IN_FLIGHT);
  cx.placing.add(orderId);
  try {
    return await place(cx, actor, orderId, input);
  } finally {
    cx.placing.delete(orderId);
  }
}

/** The address, delivery and payment of a placed order: what its request asked for. */
const requestOf = ({ shippingAddress, delivery, payment }: Checkout): Checkout => ({
  shippingAddress,
  delivery,
  payment,
});

async function place(
  cx: CheckoutContext,
  actor: Actor,
  orderId: string,
  { buyerName, checkout }: PlaceOrderInput,
): Promise<OrderResult> {
  const metadata: CommandMetadata = { actor: actor.userId, correlationId: orderId };
  const at = cx.now();
  // The cart is read before looking for the order: the order is placed before the cart is
  // cleared, so a concurrent twin request either finds the order or still sees the full cart.
  const cart = await loadCart(cx, actor.userId);
  let placed = await readPurchase(cx, orderId);
  if (placed && !isDeepStrictEqual(requestOf(placed.order), requestOf(checkout))) {
    throw new ApiError(422, 'idempotency_key_reused', KEY_REUSED);
  }
  if (!placed) {
    // A cart holds each line key once, so keys never tie; the lines of a product stay together.
    const byProductId = [...cart.lines].sort((a, b) => (a.key < b.key ? -1 : 1));
    const lines = await Promise.all(byProductId.map((line) => checkoutLine(cx, line, orderId)));
    const { paymentWindowMs } = cx;
    const sellerIds = lines.map((line) => line.product.sellerId);
    const { pincode } = checkout.shippingAddress;
    const transits = await transitsFor(cx, sellerIds, pincode, checkout.delivery, at);
    const command: OrderCommand = {
      type: 'PlaceOrder',
      actor,
      orderId,
      buyerName,
      lines,
      ...checkout,
      paymentWindowMs,
      transits,
      at,
    };
    // Decided once without storing: what the buyer must fix is refused before any stock moves.
    orderDecider.decide(command, null);
    await assertIntraStateSupplies(cx, lines, checkout.shippingAddress.state);
    await reserveStock(cx, orderId, lines, at, metadata);
    await cx.streams.handle(orderStream(orderId), orderDecider, command, metadata);
    placed = (await readPurchase(cx, orderId))!;
  }
  const cartPosition = await clearOrderedCart(cx, actor, orderId, placed.placedPosition, metadata);
  return { order: placed.order, position: Math.max(placed.position, cartPosition) };
}
