/**
 * Test fixtures for export, import and rebuild: a small marketplace made through the API
 * routes (sign-up, listing, cart, order, delivery, review), so the log holds the events real
 * use appends (a delivery and an accepted return, a cancel).
 */
import { listProduct } from '../../api/routes/catalog.fixtures.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import type { Client, Reply, TestApi } from '../../api/testing/harness.ts';
import type { Doc, ReadStore } from '../../platform/readstore/port.ts';
import { projections } from '../../projections/index.ts';
import { collectionsOf } from '../../projections/rebuild.ts';

function expectStatus<R extends Reply<unknown>, S extends R['status']>(
  reply: R,
  status: S,
  what: string,
): asserts reply is Extract<R, { status: S }> {
  if (reply.status !== status) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
}

/** Puts `quantity` in the buyer's cart and checks out; answers the order id. */
async function order(buyer: Client, productId: string, quantity: number): Promise<string> {
  expectStatus(await buyer.api.cart.items.$post({ json: { productId, quantity } }), 200, 'add to cart');
  const placed = await buyer.api.orders.$post({
    header: {},
    json: { shippingAddress: PUNE_ADDRESS, delivery: 'express', payment: 'cod' },
  });
  expectStatus(placed, 201, 'checkout');
  return placed.body.order.id;
}

/**
 * A seller lists two products (and edits one); a buyer orders, receives, returns one unit of and
 * reviews one; another buyer orders and cancels. Answers the people and the products.
 */
/** Event types the marketplace's log holds, one of each step it takes (among others). */
export const MARKETPLACE_EVENT_TYPES = [
  'ProductListed',
  'OrderPlaced',
  'SellerOrderDelivered',
  'ReturnRequested',
  'ReturnAccepted',
  'StockReturned',
  'ReviewSubmitted',
];

export async function marketplace(api: TestApi) {
  const seller = await api.signUp({ role: 'seller', fullName: 'Meera Crafts' });
  const buyer = await api.signUp({ fullName: 'Ravi Kumar' });
  const other = await api.signUp({ fullName: 'Kiran Das' });
  const elephant = (
    await listProduct(seller, { name: 'Dhokra Brass Elephant', stockQuantity: 5, categoryId: 'handicrafts' })
  ).id;
  const saree = (await listProduct(seller)).id;
  expectStatus(
    await seller.api.seller.products[':id'].$patch({ param: { id: elephant }, json: { pricePaise: 269_900 } }),
    200,
    'price change',
  );

  // One seller each: each purchase is one seller order, `${orderId}-1`.
  const delivered = { id: `${await order(buyer, elephant, 2)}-1` };
  for (const status of ['processing', 'shipped', 'delivered'] as const) {
    expectStatus(
      await seller.api['seller-orders'][':id'].status.$post({ param: delivered, json: { status } }),
      200,
      `order ${status}`,
    );
  }
  const returned = await buyer.api['seller-orders'][':id'].returns.$post({
    param: delivered,
    json: { lines: [{ productId: elephant, quantity: 1 }], reason: 'One arrived chipped' },
  });
  expectStatus(returned, 201, 'return');
  expectStatus(
    await seller.api['seller-orders'][':id'].returns[':returnId'].decision.$post({
      param: { ...delivered, returnId: `${delivered.id}-R1` },
      json: { accept: true, reason: 'Sorry' },
    }),
    200,
    'return accepted',
  );
  const cancelled = await order(other, saree, 1);
  expectStatus(
    await other.api['seller-orders'][':id'].status.$post({
      param: { id: `${cancelled}-1` },
      json: { status: 'cancelled', reason: 'Changed my mind' },
    }),
    200,
    'cancel',
  );
  await api.settle();
  expectStatus(
    await buyer.api.products[':id'].reviews.$post({
      param: { id: elephant },
      json: { rating: 5, comment: 'Beautiful work.' },
    }),
    201,
    'review',
  );
  await api.settle();
  return { seller, buyer, other, products: { elephant, saree } };
}

/** Every document of every projection's collection, by collection, in id order. */
export async function everyDocument(read: ReadStore): Promise<Record<string, Doc[]>> {
  const out: Record<string, Doc[]> = {};
  for (const collection of collectionsOf(projections))
    out[collection] = await read.collection(collection).find({ sort: [['id', 'asc']] });
  return out;
}
