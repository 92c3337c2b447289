/** Sellers registered for GST and their shipments, for the tests of tax invoices and of what builds on them. */
import { join } from 'node:path';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import type { ShippingAddress } from '../../domain/order/events.ts';
import { REGISTERED_FORM } from '../../domain/seller/tax-profile.fixtures.ts';
import { askForHelp, resolveHelp } from '../commands/help-requests.ts';
import { changeSellerOrderStatus, decideReturn, requestReturn } from '../commands/orders.ts';
import type { Scalar } from '../../platform/readstore/port.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { projections } from '../../projections/index.ts';
import { collectionsOf, compareReadStores, replay } from '../../projections/rebuild.ts';
import { type Client, ok, type TestApi } from '../testing/harness.ts';
import { actorOfClient, listedProduct, signedIn } from './orders.fixtures.ts';
import { placedOrder } from './purchases.fixtures.ts';

export const BENGALURU: ShippingAddress = { ...PUNE_ADDRESS, city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };

export function invoiceFixtures(api: TestApi) {
  /** A seller registered for GST in Karnataka (Meera Weaves), with a saree (5%) and a wooden toy (handicrafts). */
  async function karnatakaSeller() {
    const seller = await signedIn(api, 'seller', 'Meera Weaves');
    ok(await seller.api.sellers[':id']['tax-profile'].$put({ param: { id: seller.user!.id }, json: REGISTERED_FORM }));
    const saree = await listedProduct(api, seller, {
      name: 'Ilkal saree',
      pricePaise: 1050_00,
      categoryId: 'textiles',
    });
    const toy = await listedProduct(api, seller, {
      name: 'Channapatna toy',
      pricePaise: 499_00,
      categoryId: 'handicrafts',
    });
    return { seller, saree, toy };
  }

  const move = (seller: Client, sellerOrderId: string, status: 'processing' | 'shipped' | 'delivered') =>
    changeSellerOrderStatus(api.ctx, actorOfClient(seller), sellerOrderId, { status });

  /** A purchase of `items` shipped by `seller`: its seller order id once the tax documents are issued. */
  async function shipped(
    seller: Client,
    buyer: Client,
    items: Array<{ productId: string; quantity?: number }>,
    address = BENGALURU,
  ): Promise<string> {
    const { orderId } = await placedOrder(api, buyer, items, address);
    const sellerOrderId = `${orderId}-1`;
    await move(seller, sellerOrderId, 'processing');
    await move(seller, sellerOrderId, 'shipped');
    await api.settle();
    return sellerOrderId;
  }

  /** A purchase of `items` shipped and delivered by `seller`: its seller order id once the documents are issued. */
  async function delivered(
    seller: Client,
    buyer: Client,
    items: Array<{ productId: string; quantity?: number }>,
    address = BENGALURU,
  ): Promise<string> {
    const sellerOrderId = await shipped(seller, buyer, items, address);
    await move(seller, sellerOrderId, 'delivered');
    await api.settle();
    return sellerOrderId;
  }

  /** The buyer returns `quantity` units of `productId` and the seller accepts: its documents issued once settled. */
  async function returnAccepted(
    seller: Client,
    buyer: Client,
    sellerOrderId: string,
    productId: string,
    quantity: number,
  ) {
    const asked = await requestReturn(api.ctx, actorOfClient(buyer), sellerOrderId, {
      lines: [{ productId, quantity }],
      reason: 'Too small',
    });
    const returnId = asked.sellerOrder.returns.at(-1)!.returnId;
    await decideReturn(api.ctx, actorOfClient(seller), sellerOrderId, returnId, { accept: true, reason: 'Fine' });
    await api.settle();
  }

  /** The buyer asks for help (damaged) and the seller refunds `amountPaise`: its documents issued once settled. */
  async function helpRefunded(seller: Client, buyer: Client, sellerOrderId: string, amountPaise: number) {
    const { helpId } = await askForHelp(api.ctx, actorOfClient(buyer), sellerOrderId, {
      reason: 'damaged',
      text: 'The border came torn',
      images: [],
    });
    const input = { resolution: 'refund', amountPaise, text: 'Sorry: part refunded' } as const;
    await resolveHelp(api.ctx, actorOfClient(seller), helpId, input);
    await api.settle();
  }

  return { karnatakaSeller, move, shipped, delivered, returnAccepted, helpRefunded };
}

/**
 * `mibi rebuild --all --compare` on the log so far: every read model rebuilt from zero, how many
 * documents of `collection` (those matching `where`) it then holds, and where the rebuilt read
 * models differ from the live ones.
 */
export async function rebuiltFromZero(api: TestApi, collection: string, where?: Record<string, Scalar>) {
  await api.settle();
  const last = await api.platform.events.lastPosition();
  const rebuilt = new SqliteReadStore(join(api.dir, 'rebuilt.db'));
  try {
    await replay(
      api.platform.events,
      rebuilt,
      projections.map((projection) => ({ projection, toPosition: last })),
    );
    const count = await rebuilt.collection(collection).count(where);
    return { count, differences: await compareReadStores(api.platform.read, rebuilt, collectionsOf(projections)) };
  } finally {
    await rebuilt.close();
  }
}
