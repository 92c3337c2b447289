/**
 * A marketplace's event log, generated through an event store's append as the API would write
 * it (sign-ups, listings, orders with their stock reservations and seller notices, deliveries
 * and cancellations, reviews): what `npm run bench:replay` replays and the rebuild tests compare.
 */
import { CATEGORIES } from '../domain/catalog/categories.ts';
import { type CategoryEvent, categoryStream } from '../domain/catalog/events.ts';
import type { AccountEvent } from '../domain/account/events.ts';
import { accountStream } from '../domain/account/events.ts';
import { newOrderNotice } from '../domain/notification/decider.ts';
import { type NotificationEvent, notificationId, notificationStream } from '../domain/notification/events.ts';
import { type OrderEvent, type OrderLine, type SellerOrderPart, orderStream } from '../domain/order/events.ts';
import { DELIVERY_METHODS } from '../domain/order/options.ts';
import { priceOrder } from '../domain/order/pricing.ts';
import { settleLine } from '../domain/order/settlement.ts';
import { sellerOrdersOf } from '../domain/order/upcast.ts';
import { type ProductEvent, productStream } from '../domain/product/events.ts';
import { type ReviewEvent, reviewStream } from '../domain/review/events.ts';
import type { EventStore, ExpectedRevision } from '../platform/eventstore/port.ts';
import { PUNE_ADDRESS } from '../domain/order/addresses.fixtures.ts';

/** The marketplace a log is generated for. */
export interface MarketplaceSize {
  sellers: number;
  buyers: number;
  /** Products listed before the first order. */
  products: number;
  /** Orders placed per wave; a wave's orders move on one wave later and are reviewed two waves later. */
  wave: number;
}

/** The marketplace of `npm run bench:replay`. */
export const BENCH_MARKETPLACE: MarketplaceSize = { sellers: 2_000, buyers: 20_000, products: 20_000, wave: 1_000 };

type DomainEvent = ProductEvent | OrderEvent | NotificationEvent | ReviewEvent | AccountEvent | CategoryEvent;

/** A deterministic pseudo-random sequence (mulberry32), so every run writes the same log. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const CRAFTS = [
  'Brass Diya',
  'Banarasi Silk Saree',
  'Dhokra Elephant',
  'Kashmiri Pashmina',
  'Blue Pottery Vase',
  'Madhubani Painting',
  'Kanjeevaram Saree',
  'Sandalwood Box',
];

interface Product {
  id: string;
  sellerId: string;
  line: Omit<OrderLine, 'quantity'>;
  stock: number;
  revision: number;
}

interface Order {
  id: string;
  buyer: { id: string; name: string };
  lines: OrderLine[];
  sellerOrders: SellerOrderPart[];
}

/** The commission the generated deliveries settle at: the default rate. */
const COMMISSION_BPS = 1000;

/** Writes the log through the store's append: one append per command, as the API would. */
class MarketplaceLog {
  events = 0;
  private clock = Date.parse('2024-01-01T00:00:00Z');
  private readonly pick = random(42);
  private readonly sellers: Array<{ id: string; name: string }> = [];
  private readonly buyers: Array<{ id: string; name: string }> = [];
  private readonly products: Product[] = [];
  private readonly productsById = new Map<string, Product>();
  private readonly reviewed = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly size: MarketplaceSize,
  ) {}

  /** Three seconds of marketplace time per event: a million events span about five weeks. */
  private now(): string {
    this.clock += 3000;
    return new Date(this.clock).toISOString();
  }

  private any<T>(items: T[]): T {
    return items[Math.floor(this.pick() * items.length)]!;
  }

  private async append(
    stream: string,
    actor: string | null,
    events: DomainEvent[],
    expected: ExpectedRevision,
  ): Promise<void> {
    const time = new Date(this.clock).toISOString();
    await this.store.append(
      stream,
      events.map((event) => ({ ...event, metadata: { actor, time } })),
      expected,
    );
    this.events += events.length;
  }

  async openShop(): Promise<void> {
    for (const { id, name, description } of CATEGORIES) {
      await this.append(
        categoryStream(id),
        'system',
        [{ type: 'CategoryCreated', data: { categoryId: id, name, description, createdAt: this.now() } }],
        'no_stream',
      );
    }
    const { sellers, buyers, products } = this.size;
    for (let i = 0; i < sellers + buyers; i++) {
      const role = i < sellers ? 'seller' : 'buyer';
      const user = { id: crypto.randomUUID(), name: `${role === 'seller' ? 'Artisan' : 'Buyer'} ${i}` };
      (role === 'seller' ? this.sellers : this.buyers).push(user);
      const email = `${role}${i}@mibi.bench`;
      const data = {
        userId: user.id,
        fullName: user.name,
        email,
        emailNormalized: email,
        passwordHash: 'bench',
        role,
        registeredAt: this.now(),
      } as const;
      await this.append(accountStream(user.id), null, [{ type: 'AccountRegistered', data }], 'no_stream');
    }
    for (let i = 0; i < products; i++) await this.listProduct(i);
  }

  private async listProduct(i: number): Promise<void> {
    const seller = this.any(this.sellers);
    const productId = crypto.randomUUID();
    const categoryId = this.any(CATEGORIES.map((c) => c.id));
    const name = `${this.any(CRAFTS)} ${i}`;
    const pricePaise = 199_00 + Math.floor(this.pick() * 5000) * 100;
    const details = {
      name,
      description: `${name}, made by hand in India.`,
      pricePaise,
      originalPricePaise: null,
      categoryId,
      imageUrl: null,
      tags: ['handmade'],
    };
    const listedAt = this.now();
    const events: ProductEvent[] = [
      { type: 'ProductListed', data: { ...details, productId, sellerId: seller.id, stockQuantity: 100, listedAt } },
      { type: 'ProductVerified', data: { productId, by: 'system', at: listedAt } },
    ];
    if (i % 50 === 0) events.push({ type: 'ProductFeatured', data: { productId, by: 'system', at: listedAt } });
    await this.append(productStream(productId), seller.id, events, 'no_stream');
    const line = {
      productId,
      name,
      pricePaise,
      imageUrl: null,
      sellerId: seller.id,
      sellerName: seller.name,
      categoryId,
    };
    const product = { id: productId, sellerId: seller.id, line, stock: 100, revision: events.length - 1 };
    this.products.push(product);
    this.productsById.set(productId, product);
  }

  private async onProduct(product: Product, actor: string | null, event: ProductEvent): Promise<void> {
    await this.append(productStream(product.id), actor, [event], product.revision);
    product.revision++;
  }

  /** Reserves each line's stock (restocking first when low), then places the order and notifies its sellers. */
  async placeOrder(): Promise<Order> {
    const buyer = this.any(this.buyers);
    const orderId = crypto.randomUUID();
    const chosen = new Set<Product>();
    const count = 1 + Math.floor(this.pick() * 3);
    while (chosen.size < count) chosen.add(this.any(this.products));
    const lines: OrderLine[] = [];
    for (const product of chosen) {
      const quantity = 1 + Math.floor(this.pick() * 3);
      if (product.stock < quantity) {
        await this.onProduct(product, product.sellerId, {
          type: 'StockAdjusted',
          data: {
            productId: product.id,
            by: product.sellerId,
            at: this.now(),
            from: product.stock,
            to: 100,
            reason: 'manual',
          },
        });
        product.stock = 100;
      }
      product.stock -= quantity;
      await this.onProduct(product, buyer.id, {
        type: 'StockReserved',
        data: { productId: product.id, orderId, quantity, remaining: product.stock, at: this.now() },
      });
      lines.push({ ...product.line, quantity });
    }
    const delivery = this.any([...DELIVERY_METHODS]);
    const placedAt = this.now();
    const sellerOrders = sellerOrdersOf(orderId, lines, placedAt);
    const data = {
      orderId,
      buyerId: buyer.id,
      buyerName: buyer.name,
      lines,
      sellerOrders,
      shippingAddress: PUNE_ADDRESS,
      delivery,
      payment: 'cod' as const,
      ...priceOrder(lines, delivery),
      placedAt,
    };
    await this.append(orderStream(orderId), buyer.id, [{ type: 'OrderPlaced', data }], 'no_stream');
    for (const { sellerOrderId, sellerId } of sellerOrders) {
      const id = notificationId(sellerId, orderId);
      const notice = newOrderNotice(
        sellerOrderId,
        lines.filter((line) => line.sellerId === sellerId),
      );
      const notified = { notificationId: id, sellerId, orderId, sellerOrderId, ...notice, at: this.now() };
      await this.append(notificationStream(id), 'system', [{ type: 'SellerNotified', data: notified }], 'no_stream');
    }
    return { id: orderId, buyer, lines, sellerOrders };
  }

  /** Most orders are delivered (their sellers read the notice); one in twenty is cancelled by its buyer and its stock released. */
  async moveOrder(order: Order): Promise<boolean> {
    const sellerId = order.lines[0]!.sellerId;
    const part = (type: OrderEvent['type'], { sellerOrderId, sellerId: owner }: SellerOrderPart, by: string) =>
      ({ type, data: { orderId: order.id, sellerOrderId, sellerId: owner, by, at: this.now() } }) as const;
    if (this.pick() < 0.05) {
      const cancels = order.sellerOrders.map((p) => ({
        ...part('SellerOrderCancelled', p, order.buyer.id),
        data: { ...part('SellerOrderCancelled', p, order.buyer.id).data, reason: 'Changed my mind' },
      }));
      await this.append(orderStream(order.id), order.buyer.id, cancels as OrderEvent[], 0);
      for (const line of order.lines) {
        const product = this.productsById.get(line.productId)!;
        product.stock += line.quantity;
        await this.onProduct(product, order.buyer.id, {
          type: 'StockReleased',
          data: {
            productId: product.id,
            orderId: order.id,
            quantity: line.quantity,
            remaining: product.stock,
            reason: 'order_cancelled',
            at: this.now(),
          },
        });
      }
      return false;
    }
    const id = notificationId(sellerId, order.id);
    await this.append(
      notificationStream(id),
      sellerId,
      [{ type: 'NotificationRead', data: { notificationId: id, by: sellerId, at: this.now() } }],
      0,
    );
    const steps = order.sellerOrders.flatMap((p): OrderEvent[] => {
      const own = order.lines.filter((line) => line.sellerId === p.sellerId);
      const settlement = own.map((line) => settleLine(line, line.quantity, COMMISSION_BPS));
      const delivered = part('SellerOrderDelivered', p, p.sellerId);
      return [
        part('SellerOrderProcessing', p, p.sellerId),
        part('SellerOrderShipped', p, p.sellerId),
        { ...delivered, data: { ...delivered.data, settlement } },
      ] as OrderEvent[];
    });
    await this.append(orderStream(order.id), sellerId, steps, 0);
    return true;
  }

  /** A third of the buyers review what they received, once per product. */
  async review(order: Order): Promise<void> {
    for (const line of order.lines) {
      const key = `${line.productId}:${order.buyer.id}`;
      if (this.pick() > 0.33 || this.reviewed.has(key)) continue;
      this.reviewed.add(key);
      const rating = 3 + Math.floor(this.pick() * 3);
      const data = {
        productId: line.productId,
        buyerId: order.buyer.id,
        authorName: order.buyer.name,
        rating,
        comment: 'Beautiful work, as described.',
        at: this.now(),
      };
      await this.append(
        reviewStream(line.productId, order.buyer.id),
        order.buyer.id,
        [{ type: 'ReviewSubmitted', data }],
        'no_stream',
      );
    }
  }
}

/**
 * Appends marketplace waves to `store` until it holds at least `events` events: new orders,
 * the previous wave moved on, the one before reviewed. Answers the number of events written.
 */
export async function generateLog(
  store: EventStore,
  events: number,
  size: MarketplaceSize,
  onProgress?: (events: number) => void,
): Promise<number> {
  const log = new MarketplaceLog(store, size);
  await log.openShop();
  let placed: Order[] = [];
  let moved: Order[] = [];
  while (log.events < events) {
    const delivered: Order[] = [];
    for (const order of moved) await log.review(order);
    for (const order of placed) if (await log.moveOrder(order)) delivered.push(order);
    moved = delivered;
    placed = [];
    for (let i = 0; i < size.wave && log.events < events; i++) placed.push(await log.placeOrder());
    onProgress?.(log.events);
  }
  return log.events;
}
