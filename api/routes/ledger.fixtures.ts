/** Test fixtures for the ledger routes: purchases placed and moved through the order routes, as buyers and sellers do. */
import { expect } from 'vitest';
import type { Client, TestApi } from '../testing/harness.ts';
import { checkoutBody, signedIn } from './orders.fixtures.ts';

export interface Purchase {
  orderId: string;
  /** Seller order id by seller id. */
  parts: Map<string, string>;
  buyer: Client;
}

/** One checkout by a new buyer of `items`; answers the purchase and each seller's part. */
export async function purchase(api: TestApi, items: Array<{ productId: string; quantity: number }>): Promise<Purchase> {
  const buyer = await signedIn(api, 'buyer');
  for (const item of items) expect((await buyer.post('/api/cart/items', item)).status).toBe(200);
  const placed = await buyer.post('/api/orders', checkoutBody());
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const { order } = placed.body;
  const parts = new Map<string, string>(
    order.sellerOrders.map((part: { id: string; sellerId: string }) => [part.sellerId, part.id]),
  );
  return { orderId: order.id, parts, buyer };
}

/** Moves a seller order through processing and shipped to delivered, as its seller. */
export async function deliver(seller: Client, sellerOrderId: string): Promise<number> {
  let position = 0;
  for (const status of ['processing', 'shipped', 'delivered']) {
    const moved = await seller.post(`/api/seller-orders/${sellerOrderId}/status`, { status });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    position = moved.body.position;
  }
  return position;
}

/** The buyer asks to return `lines`, and the seller accepts; answers the log position reached. */
export async function acceptedReturn(
  buyer: Client,
  seller: Client,
  sellerOrderId: string,
  lines: Array<{ productId: string; quantity: number }>,
): Promise<number> {
  const asked = await buyer.post(`/api/seller-orders/${sellerOrderId}/returns`, {
    lines,
    reason: 'The colour is not as shown',
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const returnId = asked.body.sellerOrder.returns.at(-1).returnId;
  const decided = await seller.post(`/api/seller-orders/${sellerOrderId}/returns/${returnId}/decision`, {
    accept: true,
    reason: 'Returned unused',
  });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  return decided.body.position;
}

/** Today and yesterday as UTC days. */
export const today = (): string => new Date().toISOString().slice(0, 10);
export const yesterday = (): string => new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
