import { describe, expect, it, vi } from 'vitest';
import { cartStream } from '../../domain/cart/events.ts';
import { orderStream } from '../../domain/order/events.ts';
import { productStream } from '../../domain/product/events.ts';
import type { Role } from '../../domain/actor.ts';
import { checkoutSchema } from '../../domain/order/schemas.ts';
import { assemble } from '../roles/assemble.ts';
import { KEY_IN_FLIGHT, KEY_REUSED, placeOrder } from '../commands/checkout.ts';
import type { OrderResult } from '../commands/orders.ts';
import type { ProductDoc } from '../../projections/catalog/documents.ts';
import type { SellerOrderDoc } from '../../projections/orders/documents.ts';
import { type Client, errorOf, expectStatus, ok } from '../testing/harness.ts';
import { fileApi, signInAdmin } from './catalog.fixtures.ts';
import { shipByOf } from '../../domain/order/ship-by.ts';
import { addWorkingDays } from '../../domain/delivery/window.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import {
  actorOfClient,
  buyerWith,
  checkoutBody,
  listedProduct,
  onProduct,
  oversized,
  productState,
  signedIn,
} from './orders.fixtures.ts';
import { PRODUCTS } from '../../projections/catalog/projection.ts';
import { captureLog } from '../../platform/log.fixtures.ts';

/** What a line of a product sold as one thing says of its variant. */
const DEFAULT_LINE = { variantId: 'default', variantLabel: '', sku: '', personalisation: [] };

const api = await fileApi();
const seller = await signedIn(api, 'seller', 'Meera Crafts');
const otherSeller = await signedIn(api, 'seller', 'Kashmir Looms');
const admin = await signInAdmin(api);

const now = () => new Date().toISOString();
/** Checks out `buyer`'s cart with a valid body (`changes` replace its fields), under `idempotencyKey` when given. */
const order = (buyer: Client, changes: Parameters<typeof checkoutBody>[0] = {}, idempotencyKey?: string) =>
  buyer.api.orders.$post({ header: { 'idempotency-key': idempotencyKey }, json: checkoutBody(changes) });
const stockOf = async (productId: string) => (await productState(api, productId)).stockQuantity;
const eventsOf = async (stream: string) =>
  (await api.platform.events.readStream(stream)).map(({ type, data }) => ({ type, data }));
const cartCount = async (buyer: Client) => ok(await buyer.api.cart.$get()).count;

/** A pending order of one unit of a new product of `seller`. */
async function placedOrder(productSeller = seller) {
  const productId = await listedProduct(api, productSeller);
  const buyer = await buyerWith(api, productId, 1);
  const reply = await order(buyer);
  expectStatus(reply, 201);
  return { buyer, productId, orderId: reply.body.order.id as string };
}

/**
 * Runs `before` ahead of the first `streams[method]` call that `when` picks (given the stream
 * and, for handle, the command): a crash, or another request at just that moment. Calls
 * made by `before` itself pass through.
 */
function interceptFirst(
  method: 'load' | 'handle',
  when: (stream: string, command?: { type: string }) => boolean,
  before: () => Promise<unknown>,
) {
  const { streams } = api.ctx;
  const original = streams[method].bind(streams) as (...args: unknown[]) => Promise<unknown>;
  let pending = true;
  return vi.spyOn(streams, method).mockImplementation((async (...args: unknown[]) => {
    if (pending && when(args[0] as string, args[2] as { type: string } | undefined)) {
      pending = false;
      await before();
    }
    return original(...args);
  }) as never);
}

describe('POST /api/orders', () => {
  it('orders the cart at current prices with a snapshot of each line, reserves the stock and empties the cart', async () => {
    const diya = await listedProduct(api, seller, { name: 'Brass Diya', pricePaise: 499_00, stockQuantity: 10 });
    const shawl = await listedProduct(api, otherSeller, {
      name: 'Pashmina Shawl',
      pricePaise: 2_450_50,
      imageUrl: null,
      categoryId: 'textiles',
      stockQuantity: 3,
    });
    const buyer = await buyerWith(api, diya, 2);
    await buyer.api.cart.items.$post({ json: { productId: shawl } });
    // The price changes after the buyer put the diya in the cart: the order takes the current price.
    await onProduct(api, diya, {
      type: 'UpdateProduct',
      actor: actorOfClient(seller),
      changes: { pricePaise: 450_00 },
      at: now(),
    });

    const typed = { ...PUNE_ADDRESS, phone: '+91 98765-43210', pincode: '411 001' };
    const reply = await order(buyer, { delivery: 'express', shippingAddress: typed });
    expectStatus(reply, 201);
    const placed = reply.body.order;
    const lines = [
      {
        productId: diya,
        ...DEFAULT_LINE,
        name: 'Brass Diya',
        pricePaise: 450_00,
        quantity: 2,
        imageUrl: '/media/diya.webp',
        sellerId: seller.user!.id,
        sellerName: 'Meera Crafts',
        categoryId: 'handicrafts',
      },
      {
        productId: shawl,
        ...DEFAULT_LINE,
        name: 'Pashmina Shawl',
        pricePaise: 2_450_50,
        quantity: 1,
        imageUrl: null,
        sellerId: otherSeller.user!.id,
        sellerName: 'Kashmir Looms',
        categoryId: 'textiles',
      },
    ].sort((a, b) => (a.productId < b.productId ? -1 : 1));
    // One seller order per seller, numbered in the order of the seller's first line.
    const sellers = [...new Set(lines.map((line) => line.sellerId))];
    const subtotals: Record<string, number> = { [seller.user!.id]: 2 * 450_00, [otherSeller.user!.id]: 2_450_50 };
    const parts = sellers.map((sellerId, i) => ({
      id: `${placed.id}-${i + 1}`,
      shortId: `${placed.id.slice(0, 8)}-${i + 1}`,
      sellerId,
      sellerName: lines.find((line) => line.sellerId === sellerId)!.sellerName,
      subtotalPaise: subtotals[sellerId],
      status: 'pending',
      shipBy: shipByOf(placed.placedAt, []),
      // Sellers without a PIN on file ship as far as can be: express across India takes 3 to 4 working days.
      promise: {
        zone: 'rest_of_india',
        from: addWorkingDays(shipByOf(placed.placedAt, []), 3),
        to: addWorkingDays(shipByOf(placed.placedAt, []), 4),
      },
      cancelReason: null,
      deliveredAt: null,
      history: [{ status: 'pending', at: placed.placedAt, by: buyer.user!.id }],
      returns: [],
      shipment: null,
    }));
    expect(placed).toEqual({
      id: expect.any(String),
      buyerId: buyer.user!.id,
      buyerName: buyer.user!.fullName,
      lines,
      sellerIds: sellers,
      sellerOrders: parts,
      shippingAddress: PUNE_ADDRESS,
      delivery: 'express',
      payment: 'cod',
      paymentStatus: 'cod',
      paymentDueBy: null,
      paymentFailure: null,
      refunds: [],
      subtotalPaise: 2 * 450_00 + 2_450_50,
      deliveryChargePaise: 150_00,
      totalPaise: 2 * 450_00 + 2_450_50 + 150_00,
      status: 'pending',
      placedAt: expect.any(String),
      updatedAt: placed.placedAt,
    });
    // The delivery charge is kept whole on the purchase: the parts add up to the subtotal.
    expect(parts.reduce((total, part) => total + part.subtotalPaise!, 0)).toBe(placed.subtotalPaise);
    expect(await stockOf(diya)).toBe(8);
    expect(await stockOf(shawl)).toBe(2);
    expect(await buyer.api.cart.$get()).toMatchObject({ body: { lines: [], count: 0 } });

    // The read model shows the same order once the projection has passed the command's position.
    const read = await buyer.after(reply.body.position).orders[':id'].$get({ param: { id: placed.id } });
    expect(read.headers.get('x-read-model')).toBeNull();
    expect(read.body).toEqual(placed);

    // Each seller reads its own part: its lines only, and where to ship them.
    for (const [i, part] of parts.entries()) {
      const reader = part.sellerId === seller.user!.id ? seller : otherSeller;
      const own = await reader.api['seller-orders'][':id'].$get({ param: { id: part.id } });
      expectStatus(own, 200);
      expect(own.body).toEqual({
        ...part,
        orderId: placed.id,
        buyerId: buyer.user!.id,
        buyerName: buyer.user!.fullName,
        lines: lines.filter((line) => line.sellerId === part.sellerId),
        shippingAddress: PUNE_ADDRESS,
        delivery: 'express',
        payment: 'cod',
        paymentStatus: 'cod',
        placedAt: placed.placedAt,
        updatedAt: placed.placedAt,
        openReturns: 0,
        undo: null,
      });
      expect(own.body.id).toBe(`${placed.id}-${i + 1}`);
    }
  });

  it.each([
    ['standard', 50_00],
    ['express', 150_00],
    ['overnight', 300_00],
  ] as const)('adds the %s delivery charge to the total', async (delivery, chargePaise) => {
    const productId = await listedProduct(api, seller, { pricePaise: 199_99 });
    const reply = await order(await buyerWith(api, productId, 3), { delivery });
    expectStatus(reply, 201);
    expectStatus(reply, 201);
    expect(reply.body.order).toMatchObject({
      subtotalPaise: 599_97,
      deliveryChargePaise: chargePaise,
      totalPaise: 599_97 + chargePaise,
    });
  });

  it('takes standard delivery and cash on delivery when not told', async () => {
    const productId = await listedProduct(api, seller);
    const reply = await (await buyerWith(api, productId)).api.orders.$post({
      header: {},
      json: { shippingAddress: PUNE_ADDRESS },
    });
    expectStatus(reply, 201);
    expect(reply.body.order).toMatchObject({ delivery: 'standard', payment: 'cod', deliveryChargePaise: 50_00 });
  });

  it('refuses an empty cart with the spec’s words', async () => {
    const empty = await order(await signedIn(api));
    expectStatus(empty, 422);
    expect(empty.body.error).toMatchObject({ code: 'cart_empty', message: 'Your cart is empty' });
  });

  it('refuses a line that cannot be bought any more, before reserving anything', async () => {
    const kept = await listedProduct(api, seller, { name: 'Kept Lamp', stockQuantity: 5 });
    const lowered = await listedProduct(api, seller, { name: 'Rare Saree', stockQuantity: 5 });
    const buyer = await buyerWith(api, kept, 1);
    await buyer.api.cart.items.$post({ json: { productId: lowered, quantity: 3 } });
    await onProduct(api, lowered, { type: 'AdjustStock', actor: actorOfClient(seller), stockQuantity: 2, at: now() });

    const reply = await order(buyer);
    expectStatus(reply, 409);
    expect(reply.body.error).toMatchObject({
      code: 'insufficient_stock',
      message: 'Only 2 of "Rare Saree" left in stock',
    });
    expect(await stockOf(kept)).toBe(5);
    expect((await eventsOf(productStream(kept))).map((e) => e.type)).toEqual(['ProductListed', 'ProductVerified']);
    expect(await cartCount(buyer)).toBe(4);

    await onProduct(api, lowered, { type: 'DelistProduct', actor: actorOfClient(seller), at: now() });
    const delisted = await order(buyer);
    expectStatus(delisted, 409);
    expect(delisted.body.error).toMatchObject({
      code: 'not_available',
      message: '"Rare Saree" is not available for purchase',
    });
  });

  it('releases what it reserved when a later line is taken by someone else meanwhile', async () => {
    const [first, second] = [await listedProduct(api, seller), await listedProduct(api, seller)].sort();
    const buyer = await buyerWith(api, first!, 2);
    await buyer.api.cart.items.$post({ json: { productId: second! } });
    const spy = interceptFirst(
      'handle',
      (stream, command) => stream === productStream(second!) && command?.type === 'ReserveStock',
      () => onProduct(api, second!, { type: 'AdjustStock', actor: actorOfClient(seller), stockQuantity: 0, at: now() }),
    );
    const reply = await order(buyer).finally(() => spy.mockRestore());

    expectStatus(reply, 409);
    expect(reply.body.error.message).toBe('"Brass Diya" is out of stock');
    const firstEvents = await eventsOf(productStream(first!));
    expect(firstEvents.slice(2)).toEqual([
      { type: 'StockReserved', data: expect.objectContaining({ quantity: 2, remaining: 8 }) },
      { type: 'StockReleased', data: expect.objectContaining({ quantity: 2, remaining: 10, reason: 'order_failed' }) },
    ]);
    expect(await stockOf(first!)).toBe(10);
    expect(await cartCount(buyer)).toBe(3);
    await api.settle();
    expect(ok(await buyer.api.orders.$get())).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    const reply = await order(api.anonymous());
    expectStatus(reply, 401);
  });

  const address = (changes: Record<string, unknown>) => ({ shippingAddress: { ...PUNE_ADDRESS, ...changes } });
  it.each([
    [address({ firstName: '' }), { 'shippingAddress.firstName': 'First name is required' }],
    [address({ lastName: '  ' }), { 'shippingAddress.lastName': 'Last name is required' }],
    [address({ phone: undefined }), { 'shippingAddress.phone': 'Phone number is required' }],
    [address({ phone: '98765' }), { 'shippingAddress.phone': 'Enter a valid 10-digit phone number' }],
    [address({ address: '' }), { 'shippingAddress.address': 'Address is required' }],
    [address({ city: 7 }), { 'shippingAddress.city': 'City is required' }],
    [address({ state: '' }), { 'shippingAddress.state': 'State is required' }],
    [address({ pincode: '' }), { 'shippingAddress.pincode': 'PIN code is required' }],
    [address({ pincode: '12345' }), { 'shippingAddress.pincode': 'Enter a valid 6-digit PIN code' }],
    [address({ pincode: '012345' }), { 'shippingAddress.pincode': 'Enter a valid 6-digit PIN code' }],
    [address({ pincode: '999999' }), { 'shippingAddress.pincode': 'This PIN code does not exist: check it' }],
    [address({ state: 'Goa' }), { 'shippingAddress.state': 'PIN code 411001 is in Maharashtra' }],
    [{ delivery: 'drone' }, { delivery: 'Choose a delivery option' }],
    [{ payment: 'card' }, { payment: 'Choose a payment method' }],
  ])('refuses %j with %j', async (changes, fields) => {
    const productId = await listedProduct(api, seller, { stockQuantity: 3 });
    const buyer = await buyerWith(api, productId);
    const reply = await buyer.raw.post('/api/orders', { ...checkoutBody(), ...changes });
    expectStatus(reply, 400);
    expect(reply.body.error).toMatchObject({ code: 'validation_failed', fields });
    expect(await stockOf(productId)).toBe(3);
  });

  it('refuses a missing address, malformed JSON, an oversized body and a bad Idempotency-Key', async () => {
    const productId = await listedProduct(api, seller, { stockQuantity: 3 });
    const buyer = await buyerWith(api, productId);
    const missing = await buyer.raw.post('/api/orders', {});
    expectStatus(missing, 400);
    expect(Object.keys(missing.body.error.fields)).toEqual(['shippingAddress']);
    expect((await buyer.raw.post('/api/orders', '{bad')).body.error.code).toBe('malformed_json');
    const large = await buyer.raw.post('/api/orders', { ...checkoutBody(), ...oversized() });
    expect([large.status, large.body.error.code]).toEqual([413, 'payload_too_large']);
    for (const key of ['', 'k'.repeat(201)]) {
      const reply = await order(buyer, {}, key);
      expectStatus(reply, 400);
      expect(reply.body.error.fields).toEqual({ 'idempotency-key': 'Idempotency-Key must be 1 to 200 characters' });
    }
    expect(await stockOf(productId)).toBe(3);
    expect(await cartCount(buyer)).toBe(1);
  });
});

describe('POST /api/orders with an Idempotency-Key', () => {
  it('answers a repeated request with the first order instead of a second one', async () => {
    const productId = await listedProduct(api, seller, { stockQuantity: 5 });
    const buyer = await buyerWith(api, productId, 2);
    const first = await order(buyer, {}, 'checkout-1');
    const again = await order(buyer, {}, 'checkout-1');
    expectStatus(first, 201);
    expectStatus(again, 201);
    expect(again.body).toEqual(first.body);
    expect(await stockOf(productId)).toBe(3);
    await api.settle();
    expect(ok(await buyer.api.orders.$get())).toHaveLength(1);
  });

  it('answers 409 to the same key while its first request is still running, and places one order', async () => {
    const productId = await listedProduct(api, seller, { stockQuantity: 5 });
    const buyer = await buyerWith(api, productId, 2);
    const [a, b] = await Promise.all([order(buyer, {}, 'twin'), order(buyer, {}, 'twin')]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const [placed, refused] = a.status === 201 ? [a, b] : [b, a];
    expectStatus(placed, 201);
    expect(errorOf(refused)).toEqual({ code: 'idempotency_key_in_flight', message: KEY_IN_FLIGHT });
    expect(await stockOf(productId)).toBe(3);
    expect((await eventsOf(productStream(productId))).filter((e) => e.type === 'StockReserved')).toHaveLength(1);
    // Once the first has answered, the key gives its order again.
    const again = await order(buyer, {}, 'twin');
    expectStatus(again, 201);
    expect(again.body.order).toEqual(placed.body.order);
  });

  it('answers 422 and changes nothing when the key comes back with another body', async () => {
    const productId = await listedProduct(api, seller, { stockQuantity: 5 });
    const buyer = await buyerWith(api, productId, 2);
    expect((await order(buyer, {}, 'reused')).status).toBe(201);
    await buyer.api.cart.items.$post({ json: { productId, quantity: 1 } });
    const before = await api.platform.events.lastPosition();
    const other = await order(buyer, { delivery: 'express' }, 'reused');
    expectStatus(other, 422);
    expect(other.body.error).toEqual({ code: 'idempotency_key_reused', message: KEY_REUSED });
    expect(await api.platform.events.lastPosition()).toBe(before);
    expect(await cartCount(buyer)).toBe(1);
    expect(await stockOf(productId)).toBe(3);
  });

  it('gives the same answer when a twin in another API process completes just as it starts', async () => {
    const productId = await listedProduct(api, seller, { stockQuantity: 5 });
    const buyer = await buyerWith(api, productId, 2);
    const user = buyer.user!;
    // A second API process on the same stores, with its own stream cache and in-flight set.
    const other = await assemble(api.ctx.config, ['api']);
    let twin: OrderResult | undefined;
    const spy = interceptFirst(
      'load',
      (stream) => stream === cartStream(user.id),
      async () => {
        const input = {
          buyerName: user.fullName,
          checkout: checkoutSchema.parse(checkoutBody()),
          idempotencyKey: 'overtaken',
        };
        twin = await placeOrder(other.ctx!, { userId: user.id, roles: user.roles as Role[] }, input);
      },
    );
    const reply = await order(buyer, {}, 'overtaken').finally(() => spy.mockRestore());
    await other.stop();
    expectStatus(reply, 201);
    expect(reply.body.order).toEqual(twin!.order);
    expect(await stockOf(productId)).toBe(3);
  });

  it('keeps keys apart per buyer, and every request without a key is a new order', async () => {
    const productId = await listedProduct(api, seller);
    const [one, two] = await Promise.all([buyerWith(api, productId), buyerWith(api, productId)]);
    const ids = [ok(await order(one, {}, 'same')).order.id, ok(await order(two, {}, 'same')).order.id];
    await one.api.cart.items.$post({ json: { productId } });
    ids.push(ok(await order(one)).order.id);
    await one.api.cart.items.$post({ json: { productId } });
    ids.push(ok(await order(one)).order.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('completes the same order when retried after a crash half-way', async () => {
    // All the stock: the retry must count the reservation of the first attempt as its own.
    const productId = await listedProduct(api, seller, { stockQuantity: 2 });
    const buyer = await buyerWith(api, productId, 2);
    // The process dies after reserving the stock, before the order is stored.
    const spy = interceptFirst(
      'handle',
      (stream) => stream.startsWith('order-'),
      async () => {
        throw new Error('simulated crash');
      },
    );
    const quiet = captureLog('error');
    const crashed = await order(buyer, {}, 'crash').finally(() => {
      spy.mockRestore();
      quiet.restore();
    });
    expect(crashed.status).toBe(500);
    expect(await stockOf(productId)).toBe(0);

    const retried = await order(buyer, {}, 'crash');
    expectStatus(retried, 201);
    expect(retried.body.order.lines).toMatchObject([{ productId, quantity: 2 }]);
    expect(await stockOf(productId)).toBe(0);
    expect(await eventsOf(orderStream(retried.body.order.id))).toHaveLength(1);
    expect(await cartCount(buyer)).toBe(0);
  });

  it('does not empty a cart filled again after the order, when the request comes again late', async () => {
    const productId = await listedProduct(api, seller);
    const buyer = await buyerWith(api, productId);
    const first = await order(buyer, {}, 'late');
    expectStatus(first, 201);
    expectStatus(first, 201);
    await buyer.api.cart.items.$post({ json: { productId, quantity: 2 } });
    const late = await order(buyer, {}, 'late');
    expectStatus(late, 201);
    expectStatus(late, 201);
    expect(late.body.order).toEqual(first.body.order);
    expect(await cartCount(buyer)).toBe(2);
    expect((await eventsOf(cartStream(buyer.user!.id))).map((e) => e.type)).toEqual([
      'CartItemAdded',
      'CartCleared',
      'CartItemAdded',
    ]);
  });
});

describe('twenty buyers at once for five units', () => {
  it('lets exactly five orders through and never oversells', async () => {
    const productId = await listedProduct(api, seller, { name: 'Limited Edition Vase', stockQuantity: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyerWith(api, productId, 1)));
    const replies = await Promise.all(buyers.map((buyer) => order(buyer)));

    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    for (const reply of replies.filter((r) => r.status === 409)) {
      expect(reply.body.error).toMatchObject({
        code: 'insufficient_stock',
        message: '"Limited Edition Vase" is out of stock',
      });
    }
    const product = await productState(api, productId);
    expect(product.stockQuantity).toBe(0);
    expect(product.reservations.size).toBe(5);

    await api.settle();
    const incoming: SellerOrderDoc[] = ok(await seller.api['seller-orders'].$get());
    const ofVase = incoming.filter((part) => part.lines.some((line) => line.productId === productId));
    expect(ofVase).toHaveLength(5);
    expect(new Set(ofVase.map((part) => part.buyerId)).size).toBe(5);
    const catalog = await api.platform.read.collection<ProductDoc>(PRODUCTS).get(productId);
    expect(catalog?.stockQuantity).toBe(0);
  });
});

describe('GET /api/orders', () => {
  it('lists the buyer’s own orders, newest first, with their lines', async () => {
    const productId = await listedProduct(api, seller);
    const buyer = await buyerWith(api, productId);
    const older = ok(await order(buyer)).order;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await buyer.api.cart.items.$post({ json: { productId, quantity: 2 } });
    const newer = ok(await order(buyer)).order;
    await api.settle();

    const reply = await buyer.api.orders.$get();
    expectStatus(reply, 200);
    expect(reply.body).toEqual([newer, older]);
    expect((await (await signedIn(api)).api.orders.$get()).body).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    expect((await api.anonymous().api.orders.$get()).status).toBe(401);
  });
});

describe('GET /api/orders/{id}', () => {
  it('shows the purchase to its buyer and an admin', async () => {
    const { buyer, orderId } = await placedOrder();
    await api.settle();
    for (const reader of [buyer, admin]) {
      const reply = await reader.api.orders[':id'].$get({ param: { id: orderId } });
      expectStatus(reply, 200);
      expect(reply.body.id).toBe(orderId);
    }
  });

  it('answers 404 to anyone else, its sellers included (they read their parts at /api/seller-orders), as for an unknown order', async () => {
    const { orderId } = await placedOrder();
    await api.settle();
    for (const stranger of [seller, otherSeller, await signedIn(api)]) {
      const reply = await stranger.api.orders[':id'].$get({ param: { id: orderId } });
      expectStatus(reply, 404);
      expect(reply.body.error).toEqual({ code: 'not_found', message: 'Order not found' });
    }
    expect((await admin.api.orders[':id'].$get({ param: { id: 'no-such-order' } })).status).toBe(404);
    expect((await api.anonymous().api.orders[':id'].$get({ param: { id: orderId } })).status).toBe(401);
  });
});

describe('routes that are gone', () => {
  it('answers 404 to the old status route and the old incoming lines: seller orders replace them', async () => {
    const { orderId } = await placedOrder();
    const before = await api.platform.events.lastPosition();
    const moved = await seller.raw.post(`/api/orders/${orderId}/status`, { status: 'processing' });
    expectStatus(moved, 404);
    expect((await seller.api.orders[':id'].$get({ param: { id: 'incoming' } })).status).toBe(404);
    expect(await api.platform.events.lastPosition()).toBe(before);
  });
});
