/** Test fixtures for the ledger routes: purchases placed and moved through the order routes, as buyers and sellers do. */
import { expect } from 'vitest';
import { type Client, expectStatus, type TestApi } from '../testing/harness.ts';
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
  for (const item of items) expect((await buyer.api.cart.items.$post({ json: item })).status).toBe(200);
  const placed = await buyer.api.orders.$post({ header: {}, json: checkoutBody() });
  expectStatus(placed, 201);
  const { order } = placed.body;
  const parts = new Map<string, string>(order.sellerOrders.map((part) => [part.sellerId, part.id]));
  return { orderId: order.id, parts, buyer };
}

/** Moves a seller order through processing and shipped to delivered, as its seller. */
export async function deliver(seller: Client, sellerOrderId: string): Promise<number> {
  let position = 0;
  for (const status of ['processing', 'shipped', 'delivered'] as const) {
    const moved = await seller.api['seller-orders'][':id'].status.$post({
      param: { id: sellerOrderId },
      json: { status },
    });
    expectStatus(moved, 200);
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
  const asked = await buyer.api['seller-orders'][':id'].returns.$post({
    param: { id: sellerOrderId },
    json: {
      lines,
      reason: 'The colour is not as shown',
    },
  });
  expectStatus(asked, 201);
  const returnId = asked.body.sellerOrder.returns.at(-1)!.returnId;
  const decided = await seller.api['seller-orders'][':id'].returns[':returnId'].decision.$post({
    param: { id: sellerOrderId, returnId },
    json: {
      accept: true,
      reason: 'Returned unused',
    },
  });
  expectStatus(decided, 200);
  return decided.body.position;
}

/** Today and yesterday as UTC days. */
export const today = (): string => new Date().toISOString().slice(0, 10);
export const yesterday = (): string => new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
