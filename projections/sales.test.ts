import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OrderEvent, type OrderLine, orderStream } from '../domain/order/events.ts';
import { MemoryBus } from '../platform/bus/memory.ts';
import { SqliteEventStore } from '../platform/eventstore/sqlite.ts';
import type { Doc } from '../platform/readstore/port.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { ProjectionRunner } from '../platform/projection/runner.ts';
import { SALES_BY_DAY, SALES_BY_SELLER, sales } from './sales.ts';

type Placed = Extract<OrderEvent, { type: 'OrderPlaced' }>['data'];

let events: SqliteEventStore;
let read: SqliteReadStore;

beforeEach(() => {
  events = new SqliteEventStore(':memory:');
  read = new SqliteReadStore(':memory:');
});
afterEach(async () => {
  await read.close();
  await events.close();
});

const runner = (batchSize = 500) => new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: [sales], batchSize });

/** Every document of the projection's collections, by collection, in id order. */
async function documents(): Promise<Record<string, Doc[]>> {
  const entries = await Promise.all(
    sales.collections.map(async ({ name }) => [name, await read.collection(name).find({ sort: [['id', 'asc']] })] as const),
  );
  return Object.fromEntries(entries);
}

const line = (sellerId: string, categoryId: string, pricePaise: number, quantity: number): OrderLine => ({
  productId: `${sellerId}-${categoryId}-${pricePaise}`,
  name: 'Product',
  pricePaise,
  quantity,
  imageUrl: null,
  sellerId,
  sellerName: sellerId,
  categoryId,
});

function placed(orderId: string, placedAt: string, lines: OrderLine[]): OrderEvent {
  const address = { firstName: 'Asha', lastName: 'Rao', phone: '9876543210', address: '12 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' };
  const subtotalPaise = lines.reduce((total, l) => total + l.pricePaise * l.quantity, 0);
  return {
    type: 'OrderPlaced',
    data: {
      orderId,
      buyerId: 'buyer-1',
      buyerName: 'Asha Rao',
      lines,
      shippingAddress: address,
      delivery: 'standard',
      payment: 'cod',
      subtotalPaise,
      deliveryChargePaise: 50_00,
      totalPaise: subtotalPaise + 50_00,
      placedAt,
    },
  };
}

const moved = (orderId: string, type: 'OrderProcessing' | 'OrderShipped' | 'OrderDelivered', at: string): OrderEvent => ({
  type,
  data: { orderId, by: 'seller-1', at },
});
const cancelled = (orderId: string, at: string): OrderEvent => ({ type: 'OrderCancelled', data: { orderId, by: 'buyer-1', at, reason: 'Changed my mind' } });

const appendTo = async (orderId: string, event: OrderEvent) => events.append(orderStream(orderId), [event], 'any');

describe('sales projection', () => {
  it('counts revenue, units and orders per day, seller and category, and takes a cancelled order back off the day it was placed', async () => {
    await appendTo('o-1', placed('o-1', '2024-05-01T10:00:00.000Z', [line('s-1', 'textiles', 1_000_00, 2), line('s-1', 'spices', 250_00, 1), line('s-2', 'textiles', 99_50, 3)]));
    await appendTo('o-2', placed('o-2', '2024-05-01T23:59:59.000Z', [line('s-1', 'textiles', 500_00, 1)]));
    await appendTo('o-2', cancelled('o-2', '2024-05-03T09:00:00.000Z'));
    await runner().catchUp(sales.name);
    const { [SALES_BY_SELLER]: bySeller, [SALES_BY_DAY]: byDay, sales_open_orders: open } = await documents();
    expect(bySeller).toEqual([
      {
        id: '2024-05-01:s-1',
        day: '2024-05-01',
        sellerId: 's-1',
        revenuePaise: 2_250_00,
        units: 3,
        orders: 1,
        categories: { textiles: { revenuePaise: 2_000_00, units: 2, orders: 1 }, spices: { revenuePaise: 250_00, units: 1, orders: 1 } },
      },
      { id: '2024-05-01:s-2', day: '2024-05-01', sellerId: 's-2', revenuePaise: 298_50, units: 3, orders: 1, categories: { textiles: { revenuePaise: 298_50, units: 3, orders: 1 } } },
    ]);
    expect(byDay).toEqual([
      {
        id: '2024-05-01',
        day: '2024-05-01',
        revenuePaise: 2_548_50,
        units: 6,
        orders: 1,
        categories: { textiles: { revenuePaise: 2_298_50, units: 5, orders: 1 }, spices: { revenuePaise: 250_00, units: 1, orders: 1 } },
      },
    ]);
    expect(open!.map((doc) => doc.id)).toEqual(['o-1']);
  });

  it('forgets an order once shipped, and deletes a day whose only order was cancelled', async () => {
    await appendTo('o-1', placed('o-1', '2024-05-01T10:00:00.000Z', [line('s-1', 'textiles', 100_00, 1)]));
    await appendTo('o-1', moved('o-1', 'OrderProcessing', '2024-05-01T11:00:00.000Z'));
    await appendTo('o-1', moved('o-1', 'OrderShipped', '2024-05-02T11:00:00.000Z'));
    await appendTo('o-2', placed('o-2', '2024-05-02T10:00:00.000Z', [line('s-1', 'textiles', 100_00, 1)]));
    await appendTo('o-2', moved('o-2', 'OrderProcessing', '2024-05-02T11:00:00.000Z'));
    await appendTo('o-2', cancelled('o-2', '2024-05-02T12:00:00.000Z'));
    await runner().catchUp(sales.name);
    const docs = await documents();
    expect(docs[SALES_BY_DAY]!.map((doc) => doc.id)).toEqual(['2024-05-01']);
    expect(docs[SALES_BY_SELLER]!.map((doc) => doc.id)).toEqual(['2024-05-01:s-1']);
    expect(docs.sales_open_orders).toEqual([]);
  });
});

/** Mulberry32: a small seeded PRNG, so the random log is the same on every run. */
function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A log of `orders` random orders over a week, of five sellers in four categories; about
 * a third cancelled (some after processing), a third shipped. Follow-up events interleave
 * with later placements.
 */
async function randomLog(seed: number, orders: number, idPrefix = 'o'): Promise<void> {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const upTo = (n: number) => 1 + Math.floor(random() * n);
  const sellers = ['s-1', 's-2', 's-3', 's-4', 's-5'];
  const categories = ['textiles', 'spices', 'jewelry', 'ayurveda'];
  const followUps: Array<[string, OrderEvent]> = [];
  for (let n = 1; n <= orders; n++) {
    const orderId = `${idPrefix}-${n}`;
    const placedAt = `2024-05-0${upTo(7)}T${String(upTo(23)).padStart(2, '0')}:00:00.000Z`;
    const lines = Array.from({ length: upTo(4) }, () => line(pick(sellers), pick(categories), upTo(5_000_00), upTo(5)));
    await appendTo(orderId, placed(orderId, placedAt, lines));
    const fate = random();
    const later = '2024-05-09T10:00:00.000Z';
    if (fate < 0.15) followUps.push([orderId, cancelled(orderId, later)]);
    else if (fate < 0.35) followUps.push([orderId, moved(orderId, 'OrderProcessing', later)], [orderId, cancelled(orderId, later)]);
    else if (fate < 0.7) followUps.push([orderId, moved(orderId, 'OrderProcessing', later)], [orderId, moved(orderId, 'OrderShipped', later)]);
    // Follow-ups of different orders interleave; those of one order stay in order.
    while (followUps.length > 0 && random() < 0.5) {
      const [chosen] = pick(followUps);
      const [[id, event]] = followUps.splice(followUps.findIndex(([other]) => other === chosen), 1) as [[string, OrderEvent]];
      await appendTo(id, event);
    }
  }
  for (const [orderId, event] of followUps) await appendTo(orderId, event);
}

/** The figures computed straight from the log: every OrderPlaced whose order was never cancelled. */
async function expectedFromLog(): Promise<{ bySeller: Doc[]; byDay: Doc[] }> {
  const log = (await events.readAll()) as unknown as OrderEvent[];
  const cancelledIds = new Set(log.filter((e) => e.type === 'OrderCancelled').map((e) => e.data.orderId));
  const kept = log.flatMap((e) => (e.type === 'OrderPlaced' && !cancelledIds.has(e.data.orderId) ? [e.data] : []));

  type Sums = { revenuePaise: number; units: number; orders: Set<string> };
  const sums = new Map<string, Sums>();
  const addLine = (key: string, orderId: string, l: OrderLine) => {
    const s = sums.get(key) ?? { revenuePaise: 0, units: 0, orders: new Set<string>() };
    s.revenuePaise += l.pricePaise * l.quantity;
    s.units += l.quantity;
    s.orders.add(orderId);
    sums.set(key, s);
  };
  const dayOf = (order: Placed) => order.placedAt.slice(0, 10);
  for (const order of kept) {
    for (const l of order.lines) {
      const day = dayOf(order);
      addLine(`seller|${day}|${l.sellerId}`, order.orderId, l);
      addLine(`seller-category|${day}|${l.sellerId}|${l.categoryId}`, order.orderId, l);
      addLine(`day|${day}`, order.orderId, l);
      addLine(`day-category|${day}|${l.categoryId}`, order.orderId, l);
    }
  }
  const tally = (key: string) => {
    const s = sums.get(key)!;
    return { revenuePaise: s.revenuePaise, units: s.units, orders: s.orders.size };
  };
  const under = (prefix: string) =>
    Object.fromEntries([...sums.keys()].filter((k) => k.startsWith(prefix)).map((k) => [k.slice(prefix.length), tally(k)]));
  const byId = (a: Doc, b: Doc) => (a.id < b.id ? -1 : 1);

  const bySeller = [...sums.keys()]
    .filter((k) => k.startsWith('seller|'))
    .map((k) => {
      const [, day, sellerId] = k.split('|') as [string, string, string];
      return { id: `${day}:${sellerId}`, day, sellerId, ...tally(k), categories: under(`seller-category|${day}|${sellerId}|`) };
    });
  const byDay = [...sums.keys()]
    .filter((k) => k.startsWith('day|'))
    .map((k) => {
      const day = k.slice('day|'.length);
      return { id: day, day, ...tally(k), categories: under(`day-category|${day}|`) };
    });
  return { bySeller: bySeller.sort(byId), byDay: byDay.sort(byId) };
}

describe('sales projection over a random log', () => {
  it.each([1, 2, 3])('equals a direct computation from the order events (seed %i)', async (seed) => {
    await randomLog(seed, 48);
    await runner().catchUp(sales.name);
    const docs = await documents();
    const expected = await expectedFromLog();
    expect(expected.byDay.length).toBeGreaterThan(3);
    expect(docs[SALES_BY_SELLER]).toEqual(expected.bySeller);
    expect(docs[SALES_BY_DAY]).toEqual(expected.byDay);
  });

  it('gives the same documents when rebuilt from zero as when followed live in small batches', async () => {
    const live = runner(7);
    // Half the log, caught up, then the rest: as if the projection ran while orders came in.
    await randomLog(11, 24, 'earlier');
    await live.catchUp(sales.name);
    await randomLog(12, 24, 'later');
    await live.catchUp(sales.name);
    const followed = await documents();
    expect(followed[SALES_BY_DAY]!.length).toBeGreaterThan(0);
    await live.rebuild(sales.name);
    await live.catchUp(sales.name);
    expect(await documents()).toEqual(followed);
  });
});
