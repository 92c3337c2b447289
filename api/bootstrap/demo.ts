import { createApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { LocalClient, type Reply } from '../local-client.ts';
import { DEMO_BUYER, DEMO_PASSWORD, DEMO_SELLERS, type DemoProduct, productSvg } from './demo-catalog.ts';

const SEED_STREAM = 'demo-seed';
const address = { firstName: 'Ananya', lastName: 'Sharma', phone: '9820012345', address: '14 Carter Road, Bandra West', city: 'Mumbai', state: 'Maharashtra', pincode: '400050' };

function ok<T>(reply: Reply<T>, what: string): T {
  if (reply.status >= 300) throw new Error(`demo seed: ${what} failed with ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/**
 * Seeds the demo marketplace once, on the first start with DEMO_DATA, through the same
 * routes a person would use. A start that finds the seed begun (another process, or a
 * crash half-way) leaves it alone rather than listing everything twice.
 */
export async function seedDemo(ctx: AppContext, admin: { email: string; password: string }): Promise<boolean> {
  if (!ctx.config.DEMO_DATA || (await ctx.platform.events.streamRevision(SEED_STREAM)) >= 0) return false;
  try {
    await ctx.streams.append(SEED_STREAM, [{ type: 'DemoSeedStarted', data: {} }], 'no_stream', { actor: 'system' });
  } catch {
    return false; // another process is seeding
  }
  const app = createApp(ctx);
  const signUp = async (fullName: string, email: string, role: 'buyer' | 'seller') => {
    const client = new LocalClient(app);
    const { user } = ok(await client.post<{ user: { id: string } }>('/api/auth/signup', { fullName, email, password: DEMO_PASSWORD, role }), `sign-up of ${email}`);
    return Object.assign(client, { userId: user.id });
  };
  const settle = async () => {
    await ctx.progress.waitFor(await ctx.platform.events.lastPosition(), 10_000);
  };

  const staff = new LocalClient(app);
  ok(await staff.post('/api/auth/signin', admin), 'admin sign-in');
  const productIds = new Map<string, string>();
  for (const seller of DEMO_SELLERS) {
    const client = await signUp(seller.fullName, seller.email, 'seller');
    ok(await staff.post(`/api/admin/sellers/${client.userId}/verify`, { reason: 'Documents checked' }), `verifying ${seller.email}`);
    for (const product of seller.products) {
      const id = await listProduct(ctx, client, product);
      // Verifying twice is a no-op, so this also holds with AUTO_VERIFY on.
      ok(await staff.post(`/api/admin/products/${id}/verify`), `verifying ${product.name}`);
      if (product.featured) ok(await staff.post(`/api/admin/products/${id}/feature`), `featuring ${product.name}`);
      productIds.set(product.name, id);
    }
  }

  const buyer = await signUp(DEMO_BUYER.fullName, DEMO_BUYER.email, 'buyer');
  const order = async (items: Array<[string, number]>, delivery: string, moves: string[]) => {
    for (const [name, quantity] of items) ok(await buyer.post('/api/cart/items', { productId: productIds.get(name), quantity }), `add ${name}`);
    const { order } = ok(await buyer.post<{ order: { id: string } }>('/api/orders', { shippingAddress: address, delivery, payment: 'cod' }), 'order');
    for (const status of moves) {
      const body = status === 'cancelled' ? { status, reason: 'Ordered the wrong size' } : { status };
      ok(await staff.post(`/api/orders/${order.id}/status`, body), `move to ${status}`);
    }
  };
  await order([['Banarasi Silk Saree', 1], ['Kashmiri Saffron (2 g)', 2]], 'express', ['processing', 'shipped', 'delivered']);
  await order([['Jaipur Blue Pottery Vase', 1], ['Neem Wood Comb', 3]], 'standard', ['processing', 'shipped', 'delivered']);
  await order([['Dhokra Brass Elephant', 1]], 'standard', ['processing', 'shipped']);
  await order([['Malabar Black Pepper (250 g)', 2], ['Green Cardamom (100 g)', 1]], 'overnight', ['processing']);
  await order([['Khadi Cotton Kurta', 2]], 'standard', []);
  await order([['Oxidised Silver Jhumkas', 1]], 'standard', ['cancelled']);
  await settle();

  const reviews: Array<[string, number, string]> = [
    ['Banarasi Silk Saree', 5, 'The zari work is exquisite and the silk feels rich. Wore it to my cousin’s wedding and got so many compliments.'],
    ['Kashmiri Saffron (2 g)', 5, 'Deep colour and a wonderful aroma; a few strands are enough for a whole pot of kheer.'],
    ['Jaipur Blue Pottery Vase', 4, 'Beautiful hand painting. Slightly smaller than I imagined, but it was packed very carefully.'],
    ['Neem Wood Comb', 4, 'Smooth teeth and no static at all. Good value.'],
  ];
  for (const [name, rating, comment] of reviews) {
    ok(await buyer.post(`/api/products/${productIds.get(name)}/reviews`, { rating, comment }), `review of ${name}`);
  }
  await ctx.streams.append(SEED_STREAM, [{ type: 'DemoSeedFinished', data: { products: productIds.size } }], 0, { actor: 'system' });
  await settle();
  return true;
}

async function listProduct(ctx: AppContext, seller: LocalClient, product: DemoProduct): Promise<string> {
  const { featured: _featured, ...fields } = product;
  const key = `demo/${product.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.svg`;
  await ctx.platform.blobs.put(key, Buffer.from(productSvg(product)), 'image/svg+xml');
  const listed = { ...fields, originalPricePaise: fields.originalPricePaise ?? null, imageUrl: ctx.platform.blobs.publicUrl(key) };
  return ok(await seller.post<{ id: string }>('/api/seller/products', listed), `listing ${product.name}`).id;
}
