/**
 * Test fixtures for reviews, notifications and live updates: orders placed and moved on
 * the write side directly, so these suites need neither the cart nor the order routes.
 */
import type { Actor } from '../../domain/actor.ts';
import { type CheckoutLine, orderDecider } from '../../domain/order/decider.ts';
import { orderStream } from '../../domain/order/events.ts';
import { changeSellerOrderStatus } from '../commands/orders.ts';
import { loadProduct, purchaseFacts, sellerName } from '../commands/product-facts.ts';
import type { Client, TestApi } from '../testing/harness.ts';
import { actorOfClient } from './orders.fixtures.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';

/** Moves orders along; never signs in. */
const FIXTURE_ADMIN: Actor = { userId: 'fixture-admin', roles: ['admin'] };

const now = () => new Date().toISOString();

/** A pending order of `buyer` (one unit of each product unless told); answers its id and log position. */
export async function placedOrder(
  api: TestApi,
  buyer: Client,
  items: Array<{ productId: string; quantity?: number }>,
  shippingAddress = PUNE_ADDRESS,
): Promise<{ orderId: string; position: number }> {
  const orderId = crypto.randomUUID();
  const lines = await Promise.all(
    items.map(async ({ productId, quantity = 1 }): Promise<CheckoutLine> => {
      const product = await loadProduct(api.ctx, productId);
      const { sellerId, details } = product;
      const { name, pricePaise, imageUrl, categoryId, madeToOrderDays } = details;
      const seller = await sellerName(api.ctx, sellerId);
      return {
        product: {
          ...purchaseFacts(product, 'default'),
          productId,
          name,
          pricePaise,
          imageUrl,
          categoryId,
          madeToOrderDays,
          sellerId,
          sellerName: seller,
        },
        quantity,
      };
    }),
  );
  const command = {
    type: 'PlaceOrder',
    actor: actorOfClient(buyer),
    orderId,
    buyerName: buyer.user!.fullName,
    lines,
    shippingAddress,
    delivery: 'standard',
    payment: 'cod',
    paymentWindowMs: api.ctx.paymentWindowMs,
    at: now(),
  } as const;
  const { position } = await api.ctx.streams.handle(orderStream(orderId), orderDecider, command, {
    actor: buyer.user!.id,
  });
  return { orderId, position };
}

/** Moves every seller order of a pending purchase to `status` through the statuses before it. */
export async function movedOrder(
  api: TestApi,
  orderId: string,
  status: 'processing' | 'shipped' | 'delivered',
): Promise<void> {
  const path = ['processing', 'shipped', 'delivered'] as const;
  const { state } = await api.ctx.streams.load(orderStream(orderId), orderDecider);
  for (const { sellerOrderId } of state!.sellerOrders) {
    for (const step of path.slice(0, path.indexOf(status) + 1))
      await changeSellerOrderStatus(api.ctx, FIXTURE_ADMIN, sellerOrderId, { status: step });
  }
}

/** A delivered order of one unit of each product: its buyer may review them. */
export async function deliveredOrder(api: TestApi, buyer: Client, productIds: string[]): Promise<void> {
  const { orderId } = await placedOrder(
    api,
    buyer,
    productIds.map((productId) => ({ productId })),
  );
  await movedOrder(api, orderId, 'delivered');
}
