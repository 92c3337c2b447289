import { describe, expect, it } from 'vitest';
import { type OrderEvent, type OrderLine, orderStream } from '../../domain/order/events.ts';
import { placed } from '../../domain/order/events.fixtures.ts';
import { settleLine } from '../../domain/order/settlement.ts';
import { type LegacyOrderEvent, sellerOrdersOf } from '../../domain/order/upcast.ts';
import type { Doc } from '../../platform/readstore/port.ts';
import { projectionStores } from '../projection.fixtures.ts';
import { SALES_BY_DAY, SALES_BY_SELLER, sales } from './projection.ts';

type Placed = Extract<OrderEvent | LegacyOrderEvent, { type: 'OrderPlaced' }>['data'];

const stores = projectionStores(sales);
const { runner, documents } = stores;

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

/** An OrderPlaced as written before seller orders existed: no `sellerOrders`. */
function legacyPlaced(orderId: string, lines: OrderLine[], placedAt: string): LegacyOrderEvent {
  const { sellerOrders: _, ...data } = placed(orderId, lines, placedAt).data;
  return { type: 'OrderPlaced', data };
}

const stamp = (orderId: string, n: number, sellerId: string, at: string) => ({
  orderId,
  sellerOrderId: `${orderId}-${n}`,
  sellerId,
  by: sellerId,
  at,
});
const moved = (
  orderId: string,
  n: number,
  sellerId: string,
  type: 'SellerOrderProcessing' | 'SellerOrderShipped',
  at: string,
): OrderEvent => ({
  type,
  data: stamp(orderId, n, sellerId, at),
});
const delivered = (orderId: string, n: number, sellerId: string, lines: OrderLine[], at: string): OrderEvent => ({
  type: 'SellerOrderDelivered',
  data: { ...stamp(orderId, n, sellerId, at), settlement: lines.map((l) => settleLine(l, l.quantity, 1000)) },
});
const cancelled = (orderId: string, n: number, sellerId: string, at: string): OrderEvent => ({
  type: 'SellerOrderCancelled',
  data: { ...stamp(orderId, n, sellerId, at), reason: 'Out of stock' },
});
/** The return of `quantity` units of each line given, accepted. */
const returned = (
  orderId: string,
  n: number,
  sellerId: string,
  back: Array<[OrderLine, number]>,
  at: string,
): OrderEvent => ({
  type: 'ReturnAccepted',
  data: {
    ...stamp(orderId, n, sellerId, at),
    returnId: `${orderId}-${n}-R1`,
    reason: 'Damaged in transit',
    settlement: back.map(([l, quantity]) => settleLine(l, quantity, 1000)),
  },
});

const legacyMoved = (
  orderId: string,
  type: 'OrderProcessing' | 'OrderShipped' | 'OrderDelivered',
  at: string,
): LegacyOrderEvent => ({
  type,
  data: { orderId, by: 'seller-1', at },
});
const legacyCancelled = (orderId: string, at: string): LegacyOrderEvent => ({
  type: 'OrderCancelled',
  data: { orderId, by: 'buyer-1', at, reason: 'Changed my mind' },
});

const appendTo = async (orderId: string, event: OrderEvent | LegacyOrderEvent) =>
  stores.events.append(orderStream(orderId), [event], 'any');

const tally = (revenuePaise: number, units: number, orders: number) => ({ revenuePaise, units, orders });
type Tally = ReturnType<typeof tally>;
/** The sales document of `sellerId` on `day`, as SALES_BY_SELLER holds it. */
const sellerDay = (day: string, sellerId: string, total: Tally, categories: Record<string, Tally>) => ({
  id: `${day}:${sellerId}`,
  day,
  sellerId,
  ...total,
  categories,
});
/** The sales document of `day`, as SALES_BY_DAY holds it. */
const dayTotal = (day: string, total: Tally, categories: Record<string, Tally>) => ({
  id: day,
  day,
  ...total,
  categories,
});

describe('sales projection', () => {
  it("takes back only the cancelling seller's lines of a two-seller purchase; the purchase still counts once", async () => {
    const lines = [
      line('s-1', 'textiles', 1_000_00, 2),
      line('s-1', 'spices', 250_00, 1),
      line('s-2', 'textiles', 99_50, 3),
    ];
    await appendTo('o-1', placed('o-1', lines, '2024-05-01T10:00:00.000Z'));
    await appendTo('o-1', moved('o-1', 1, 's-1', 'SellerOrderProcessing', '2024-05-02T09:00:00.000Z'));
    await appendTo('o-1', cancelled('o-1', 2, 's-2', '2024-05-03T09:00:00.000Z'));
    await runner().catchUp(sales.name);
    const { [SALES_BY_SELLER]: bySeller, [SALES_BY_DAY]: byDay, sales_open_orders: open } = await documents();
    expect(bySeller).toEqual([
      sellerDay('2024-05-01', 's-1', tally(2_250_00, 3, 1), {
        textiles: tally(2_000_00, 2, 1),
        spices: tally(250_00, 1, 1),
      }),
    ]);
    expect(byDay).toEqual([
      dayTotal('2024-05-01', tally(2_250_00, 3, 1), { textiles: tally(2_000_00, 2, 1), spices: tally(250_00, 1, 1) }),
    ]);
    expect(open).toEqual([
      expect.objectContaining({ id: 'o-1', sellerOrders: [expect.objectContaining({ sellerOrderId: 'o-1-1' })] }),
    ]);

    // The other seller cancels too: nothing of the purchase is left, on any day.
    await appendTo('o-1', cancelled('o-1', 1, 's-1', '2024-05-03T10:00:00.000Z'));
    await runner().catchUp(sales.name);
    expect(await documents()).toEqual({
      [SALES_BY_SELLER]: [],
      [SALES_BY_DAY]: [],
      sales_variants: [],
      sales_open_orders: [],
      sales_legacy_orders: [],
    });
  });

  it("counts each seller order as one of its seller's orders, and the purchase as one of the day's", async () => {
    await appendTo(
      'o-1',
      placed(
        'o-1',
        [line('s-1', 'textiles', 100_00, 1), line('s-2', 'textiles', 200_00, 1)],
        '2024-05-01T10:00:00.000Z',
      ),
    );
    await appendTo('o-2', placed('o-2', [line('s-1', 'spices', 300_00, 1)], '2024-05-01T11:00:00.000Z'));
    await runner().catchUp(sales.name);
    const docs = await documents();
    expect(docs[SALES_BY_SELLER]!.map(({ id, orders }) => [id, orders])).toEqual([
      ['2024-05-01:s-1', 2],
      ['2024-05-01:s-2', 1],
    ]);
    expect(docs[SALES_BY_DAY]).toEqual([
      dayTotal('2024-05-01', tally(600_00, 3, 2), { textiles: tally(300_00, 2, 1), spices: tally(300_00, 1, 1) }),
    ]);
  });

  it('takes an accepted return back off the day the purchase was placed: units and amounts, not the order', async () => {
    const saree = line('s-1', 'textiles', 1_000_00, 3);
    const diya = line('s-1', 'handicrafts', 50_00, 2);
    const spice = line('s-2', 'spices', 250_00, 1);
    await appendTo('o-1', placed('o-1', [saree, diya, spice], '2024-05-01T10:00:00.000Z'));
    await appendTo('o-1', moved('o-1', 1, 's-1', 'SellerOrderProcessing', '2024-05-01T11:00:00.000Z'));
    await appendTo('o-1', moved('o-1', 1, 's-1', 'SellerOrderShipped', '2024-05-02T11:00:00.000Z'));
    await appendTo('o-1', delivered('o-1', 1, 's-1', [saree, diya], '2024-05-03T11:00:00.000Z'));
    await appendTo(
      'o-1',
      returned(
        'o-1',
        1,
        's-1',
        [
          [saree, 1],
          [diya, 2],
        ],
        '2024-05-06T11:00:00.000Z',
      ),
    );
    await runner().catchUp(sales.name);
    const docs = await documents();
    expect(docs[SALES_BY_SELLER]).toEqual([
      sellerDay('2024-05-01', 's-1', tally(2_000_00, 2, 1), {
        textiles: tally(2_000_00, 2, 1),
        handicrafts: tally(0, 0, 1),
      }),
      sellerDay('2024-05-01', 's-2', tally(250_00, 1, 1), { spices: tally(250_00, 1, 1) }),
    ]);
    expect(docs[SALES_BY_DAY]).toEqual([
      dayTotal('2024-05-01', tally(2_250_00, 3, 1), {
        textiles: tally(2_000_00, 2, 1),
        handicrafts: tally(0, 0, 1),
        spices: tally(250_00, 1, 1),
      }),
    ]);
    // A later return of the rest of the same seller order is taken back as well.
    await appendTo('o-1', returned('o-1', 1, 's-1', [[saree, 2]], '2024-05-07T11:00:00.000Z'));
    await runner().catchUp(sales.name);
    expect((await documents())[SALES_BY_SELLER]![0]).toMatchObject(tally(0, 0, 1));
  });
});

describe('sales projection over a log written before seller orders', () => {
  it('gives the figures it gave then: a cancelled order taken back whole off the day it was placed', async () => {
    await appendTo(
      'o-1',
      legacyPlaced(
        'o-1',
        [line('s-1', 'textiles', 1_000_00, 2), line('s-1', 'spices', 250_00, 1), line('s-2', 'textiles', 99_50, 3)],
        '2024-05-01T10:00:00.000Z',
      ),
    );
    await appendTo(
      'o-2',
      legacyPlaced(
        'o-2',
        [line('s-1', 'textiles', 500_00, 1), line('s-2', 'spices', 10_00, 1)],
        '2024-05-01T23:59:59.000Z',
      ),
    );
    await appendTo('o-2', legacyCancelled('o-2', '2024-05-03T09:00:00.000Z'));
    await runner().catchUp(sales.name);
    const { [SALES_BY_SELLER]: bySeller, [SALES_BY_DAY]: byDay } = await documents();
    expect(bySeller).toEqual([
      sellerDay('2024-05-01', 's-1', tally(2_250_00, 3, 1), {
        textiles: tally(2_000_00, 2, 1),
        spices: tally(250_00, 1, 1),
      }),
      sellerDay('2024-05-01', 's-2', tally(298_50, 3, 1), { textiles: tally(298_50, 3, 1) }),
    ]);
    expect(byDay).toEqual([
      dayTotal('2024-05-01', tally(2_548_50, 6, 1), { textiles: tally(2_298_50, 5, 1), spices: tally(250_00, 1, 1) }),
    ]);
  });

  it('keeps a shipped order counted, and deletes a day whose only order was cancelled after processing', async () => {
    await appendTo('o-1', legacyPlaced('o-1', [line('s-1', 'textiles', 100_00, 1)], '2024-05-01T10:00:00.000Z'));
    await appendTo('o-1', legacyMoved('o-1', 'OrderProcessing', '2024-05-01T11:00:00.000Z'));
    await appendTo('o-1', legacyMoved('o-1', 'OrderShipped', '2024-05-02T11:00:00.000Z'));
    await appendTo('o-2', legacyPlaced('o-2', [line('s-1', 'textiles', 100_00, 1)], '2024-05-02T10:00:00.000Z'));
    await appendTo('o-2', legacyMoved('o-2', 'OrderProcessing', '2024-05-02T11:00:00.000Z'));
    await appendTo('o-2', legacyCancelled('o-2', '2024-05-02T12:00:00.000Z'));
    await runner().catchUp(sales.name);
    const docs = await documents();
    expect(docs[SALES_BY_DAY]!.map((doc) => doc.id)).toEqual(['2024-05-01']);
    expect(docs[SALES_BY_SELLER]!.map((doc) => doc.id)).toEqual(['2024-05-01:s-1']);
    expect(docs.sales_open_orders!.map((doc) => doc.id)).toEqual(['o-1']);
  });

  it('replays the log the old version wrote (projections/fixtures/legacy-multi-seller.ndjson)', async () => {
    await stores.importLegacyLog();
    await runner().catchUp(sales.name);
    const docs = await documents();
    const day = '2026-11-23';
    const [crafts, spices] = ['68d9bb09-ff63-4c5c-a733-06e5d49f9cef', '1e360922-1b3c-4cc8-a9ed-75a47dbf9146'];
    // Orders 1 (delivered), 3 (shipped) and 4 (pending) count; order 2, cancelled whole, does not.
    expect(docs[SALES_BY_SELLER]).toEqual([
      sellerDay(day, spices, tally(2_250_00, 5, 2), { spices: tally(2_250_00, 5, 2) }),
      sellerDay(day, crafts, tally(7_497_00, 3, 2), { jewelry: tally(7_497_00, 3, 2) }),
    ]);
    expect(docs[SALES_BY_DAY]).toEqual([
      dayTotal(day, tally(9_747_00, 8, 3), { spices: tally(2_250_00, 5, 2), jewelry: tally(7_497_00, 3, 2) }),
    ]);
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
 * A log of `orders` random purchases over a week, of five sellers in four categories. Each
 * seller order (each whole purchase, in a log written before seller orders) meets its fate:
 * about a third cancelled (some after processing), the rest shipped or delivered, and half of
 * the delivered ones partly or wholly returned. Follow-up events interleave with later
 * placements and with those of the purchase's other seller orders.
 */
async function randomLog(seed: number, orders: number, { idPrefix = 'o', legacy = false } = {}): Promise<void> {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const upTo = (n: number) => 1 + Math.floor(random() * n);
  const sellers = ['s-1', 's-2', 's-3', 's-4', 's-5'];
  const categories = ['textiles', 'spices', 'jewelry', 'ayurveda'];
  const later = '2024-05-09T10:00:00.000Z';
  /** [who moves, the stream's order id, the event]: the events of one mover stay in order. */
  const followUps: Array<[string, string, OrderEvent | LegacyOrderEvent]> = [];
  for (let n = 1; n <= orders; n++) {
    const orderId = `${idPrefix}-${n}`;
    const placedAt = `2024-05-0${upTo(7)}T${String(upTo(23)).padStart(2, '0')}:00:00.000Z`;
    // One line per product, as the cart keeps them.
    const lines = Array.from({ length: upTo(4) }, (_, i) => ({
      ...line(pick(sellers), pick(categories), upTo(5_000_00), upTo(5)),
      productId: `${orderId}-p${i}`,
    }));
    if (legacy) {
      await appendTo(orderId, legacyPlaced(orderId, lines, placedAt));
      const fate = random();
      const steps: LegacyOrderEvent[] =
        fate < 0.15
          ? [legacyCancelled(orderId, later)]
          : fate < 0.35
            ? [legacyMoved(orderId, 'OrderProcessing', later), legacyCancelled(orderId, later)]
            : fate < 0.7
              ? [legacyMoved(orderId, 'OrderProcessing', later), legacyMoved(orderId, 'OrderShipped', later)]
              : [];
      for (const step of steps) followUps.push([orderId, orderId, step]);
    } else {
      await appendTo(orderId, placed(orderId, lines, placedAt));
      sellerOrdersOf(orderId, lines, placedAt).forEach(({ sellerId }, i) => {
        const part = i + 1;
        const own = lines.filter((l) => l.sellerId === sellerId);
        const fate = random();
        const processing = moved(orderId, part, sellerId, 'SellerOrderProcessing', later);
        const shipped = moved(orderId, part, sellerId, 'SellerOrderShipped', later);
        const steps: OrderEvent[] =
          fate < 0.15
            ? [cancelled(orderId, part, sellerId, later)]
            : fate < 0.35
              ? [processing, cancelled(orderId, part, sellerId, later)]
              : fate < 0.55
                ? [processing, shipped]
                : [processing, shipped, delivered(orderId, part, sellerId, own, later)];
        if (steps.length === 3 && random() < 0.5) {
          const back = own.filter(() => random() < 0.7).map((l): [OrderLine, number] => [l, upTo(l.quantity)]);
          if (back.length > 0) steps.push(returned(orderId, part, sellerId, back, later));
        }
        for (const step of steps) followUps.push([`${orderId}-${part}`, orderId, step]);
      });
    }
    while (followUps.length > 0 && random() < 0.5) {
      const [mover] = pick(followUps);
      const [[, id, event]] = followUps.splice(
        followUps.findIndex(([other]) => other === mover),
        1,
      ) as [[string, string, OrderEvent]];
      await appendTo(id, event);
    }
  }
  for (const [, orderId, event] of followUps) await appendTo(orderId, event);
}

/**
 * The figures computed straight from the log: the lines of every seller order never cancelled
 * (every seller order of a purchase cancelled whole), less what returns took back.
 */
async function expectedFromLog(): Promise<{ bySeller: Doc[]; byDay: Doc[] }> {
  const log = (await stores.events.readAll()) as unknown as Array<OrderEvent | LegacyOrderEvent>;
  const purchases = log.flatMap((e) => (e.type === 'OrderPlaced' ? [e.data] : []));
  const cancelledParts = new Set(log.flatMap((e) => (e.type === 'SellerOrderCancelled' ? [e.data.sellerOrderId] : [])));
  const cancelledWhole = new Set(log.flatMap((e) => (e.type === 'OrderCancelled' ? [e.data.orderId] : [])));
  const back = new Map<string, { units: number; revenuePaise: number }>();
  for (const e of log) {
    if (e.type !== 'ReturnAccepted') continue;
    for (const { productId, quantity, amountPaise } of e.data.settlement) {
      const sofar = back.get(productId) ?? { units: 0, revenuePaise: 0 };
      back.set(productId, { units: sofar.units + quantity, revenuePaise: sofar.revenuePaise + amountPaise });
    }
  }

  type Sums = { revenuePaise: number; units: number; orders: Set<string> };
  const sums = new Map<string, Sums>();
  const addLine = (key: string, orderId: string, l: OrderLine) => {
    const s = sums.get(key) ?? { revenuePaise: 0, units: 0, orders: new Set<string>() };
    const returned = back.get(l.productId) ?? { units: 0, revenuePaise: 0 };
    s.revenuePaise += l.pricePaise * l.quantity - returned.revenuePaise;
    s.units += l.quantity - returned.units;
    s.orders.add(orderId);
    sums.set(key, s);
  };
  const dayOf = (order: Placed) => order.placedAt.slice(0, 10);
  for (const order of purchases) {
    if (cancelledWhole.has(order.orderId)) continue;
    const parts = sellerOrdersOf(order.orderId, order.lines, order.placedAt);
    for (const l of order.lines) {
      if (cancelledParts.has(parts.find((part) => part.sellerId === l.sellerId)!.sellerOrderId)) continue;
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
    Object.fromEntries(
      [...sums.keys()].filter((k) => k.startsWith(prefix)).map((k) => [k.slice(prefix.length), tally(k)]),
    );
  const byId = (a: Doc, b: Doc) => (a.id < b.id ? -1 : 1);

  const bySeller = [...sums.keys()]
    .filter((k) => k.startsWith('seller|'))
    .map((k) => {
      const [, day, sellerId] = k.split('|') as [string, string, string];
      return {
        id: `${day}:${sellerId}`,
        day,
        sellerId,
        ...tally(k),
        categories: under(`seller-category|${day}|${sellerId}|`),
      };
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
  it.each([
    [1, false],
    [2, false],
    [3, false],
    [4, true],
    [5, true],
  ])(
    'equals a direct computation from the order events (seed %i, written before seller orders: %s)',
    async (seed, legacy) => {
      await randomLog(seed, 48, { legacy });
      await runner().catchUp(sales.name);
      const docs = await documents();
      const expected = await expectedFromLog();
      expect(expected.byDay.length).toBeGreaterThan(3);
      expect(docs[SALES_BY_SELLER]).toEqual(expected.bySeller);
      expect(docs[SALES_BY_DAY]).toEqual(expected.byDay);
    },
  );

  it('gives the same documents when rebuilt from zero as when followed live in small batches, across the upgrade', async () => {
    const live = runner(7);
    // Half the log written before seller orders, caught up, then the rest: as if the projection ran while orders came in.
    await randomLog(11, 24, { idPrefix: 'earlier', legacy: true });
    await live.catchUp(sales.name);
    await randomLog(12, 24, { idPrefix: 'later' });
    await live.catchUp(sales.name);
    const followed = await documents();
    expect(followed[SALES_BY_DAY]!.length).toBeGreaterThan(0);
    expect(followed[SALES_BY_DAY]).toEqual((await expectedFromLog()).byDay);
    await live.rebuild(sales.name);
    await live.catchUp(sales.name);
    expect(await documents()).toEqual(followed);
  });
});
