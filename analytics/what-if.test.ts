/**
 * What-if replays of the ledger over logs made by the order decider's settlement functions:
 * the control case (the rates as they were give the ledger as it was, document by document),
 * and over random baskets, random new rates and a random start, each seller's commission
 * changes by exactly the sum over the lines delivered from then on in the changed categories
 * (their returns reversed at the same rate), rounded line by line.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basisPoints, multiply } from '../domain/money.ts';
import { placed } from '../domain/order/events.fixtures.ts';
import { type OrderEvent, type OrderLine, orderStream } from '../domain/order/events.ts';
import { settleLine, settleReturn } from '../domain/order/settlement.ts';
import { SqliteEventStore } from '../platform/eventstore/sqlite.ts';
import type { LedgerEntryDoc } from '../projections/ledger/documents.ts';
import { orderLine, partOf } from '../projections/ledger/events.fixtures.ts';
import { LEDGER_ENTRIES, ledger } from '../projections/ledger/projection.ts';
import { collectionsOf, compareReadStores } from '../projections/rebuild.ts';
import { type TestApi, startTestApi } from '../api/testing/harness.ts';
import { marketplace } from '../scripts/cli/marketplace.fixtures.ts';
import { type SellerComparison, whatIf, whatIfLedgers } from './what-if.ts';

const SELLERS = ['s-1', 's-2', 's-3'];
const CATEGORIES = ['textiles', 'handicrafts', 'spices'];
/** The rates the log was settled at, per category. */
const RATES: Record<string, number> = { textiles: 1000, handicrafts: 1250, spices: 800 };
const DAY = 86_400_000;
const START = Date.parse('2026-09-01T00:00:00.000Z');
const day = (n: number, hours = 0) => new Date(START + n * DAY + hours * 3_600_000).toISOString();

interface Basket {
  lines: Array<{ seller: number; category: number; pricePaise: number; quantity: number }>;
  /** Day of the delivery of each seller's part. */
  deliveredOn: number;
  /** Returns of each part: units of its first line, asked after so many days. */
  returns: Array<{ units: number; afterDays: number }>;
}

const basketArb: fc.Arbitrary<Basket> = fc.record({
  lines: fc.array(
    fc.record({
      seller: fc.nat(SELLERS.length - 1),
      category: fc.nat(CATEGORIES.length - 1),
      pricePaise: fc.integer({ min: 1, max: 20_000_00 }),
      quantity: fc.integer({ min: 1, max: 5 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  deliveredOn: fc.integer({ min: 0, max: 60 }),
  returns: fc.array(fc.record({ units: fc.integer({ min: 1, max: 2 }), afterDays: fc.integer({ min: 0, max: 12 }) }), {
    maxLength: 2,
  }),
});

/** A return the log holds: its part's first line, the units and the rate its delivery settled at. */
interface Returned {
  sellerId: string;
  line: OrderLine;
  quantity: number;
  before: number;
  bps: number;
  deliveredAt: string;
  requestedAt: string;
}

/**
 * Appends the baskets as the order decider records them: placed, each seller's part delivered at
 * RATES (settleLine), returns asked then accepted, reversed with settleReturn at the delivery's rate.
 */
async function writeLog(events: SqliteEventStore, baskets: Basket[]) {
  const delivered: Array<{ sellerId: string; line: OrderLine; at: string }> = [];
  const returned: Returned[] = [];
  const append = (orderId: string, event: OrderEvent) => events.append(orderStream(orderId), [event], 'any');
  for (const [n, basket] of baskets.entries()) {
    const orderId = `o-${n + 1}`;
    const lines = basket.lines.map((line, i) =>
      orderLine({
        productId: `p-${n + 1}-${i}`,
        sellerId: SELLERS[line.seller]!,
        categoryId: CATEGORIES[line.category]!,
        pricePaise: line.pricePaise,
        quantity: line.quantity,
      }),
    );
    const order = placed(orderId, lines, day(basket.deliveredOn, -1));
    await append(orderId, order);
    for (const { sellerId, sellerOrderId } of order.data.sellerOrders) {
      const mine = partOf(order, sellerId).lines;
      const at = day(basket.deliveredOn);
      const settlement = mine.map((line) => settleLine(line, line.quantity, RATES[line.categoryId]!));
      const stamp = { orderId, sellerOrderId, sellerId, by: sellerId };
      await append(orderId, { type: 'SellerOrderDelivered', data: { ...stamp, at, settlement } });
      for (const line of mine) delivered.push({ sellerId, line, at });
      const first = mine[0]!;
      let before = 0;
      for (const [r, { units, afterDays }] of basket.returns.entries()) {
        const quantity = Math.min(units, first.quantity - before);
        if (quantity <= 0) break;
        const returnId = `${sellerOrderId}-R${r + 1}`;
        const requestedAt = day(basket.deliveredOn + afterDays, 1);
        const asked = { productId: first.productId, quantity };
        await append(orderId, {
          type: 'ReturnRequested',
          data: { ...stamp, returnId, at: requestedAt, lines: [asked], reason: 'Too small' },
        });
        const bps = RATES[first.categoryId]!;
        await append(orderId, {
          type: 'ReturnAccepted',
          data: {
            ...stamp,
            returnId,
            at: day(basket.deliveredOn + afterDays, 2),
            reason: 'Sorry',
            settlement: [settleReturn(first, quantity, before, bps)],
          },
        });
        returned.push({ sellerId, line: first, quantity, before, bps, deliveredAt: at, requestedAt });
        before += quantity;
      }
    }
  }
  return { delivered, returned };
}

const bySeller = (sellers: SellerComparison[]) => new Map(sellers.map((s) => [s.sellerId, s]));

describe('what-if replays of the ledger', () => {
  it('at the rates of the log, reproduces the real ledger document by document (the control case)', async () => {
    const events = new SqliteEventStore(':memory:');
    await writeLog(events, [
      { lines: [{ seller: 0, category: 0, pricePaise: 333, quantity: 3 }], deliveredOn: 1, returns: [] },
      {
        lines: [
          { seller: 1, category: 1, pricePaise: 1_999, quantity: 5 },
          // 10% of 15 paise rounds up, of 30 it does not: the second return gives back 1 paisa, not 2.
          { seller: 0, category: 0, pricePaise: 15, quantity: 3 },
        ],
        deliveredOn: 3,
        returns: [
          { units: 1, afterDays: 2 },
          { units: 1, afterDays: 4 },
        ],
      },
    ]);
    const ledgers = await whatIfLedgers({ events }, { commission: new Map(Object.entries(RATES)) });
    try {
      expect(await compareReadStores(ledgers.real, ledgers.whatIf, collectionsOf([ledger]))).toEqual([]);
      expect(await ledgers.whatIf.collection(LEDGER_ENTRIES).count()).toBe(7);
    } finally {
      await ledgers.close();
      await events.close();
    }
  });

  it('changes each seller’s commission by the sum over the lines delivered from --from in the changed categories', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(basketArb, { minLength: 1, maxLength: 6 }),
        fc.dictionary(fc.constantFrom(...CATEGORIES), fc.oneof(fc.constantFrom(0, 1, 999, 10_000), fc.nat(10_000)), {
          minKeys: 1,
        }),
        fc.integer({ min: 0, max: 61 }),
        async (baskets, rates, fromDay) => {
          const events = new SqliteEventStore(':memory:');
          try {
            const log = await writeLog(events, baskets);
            const from = day(fromDay);
            const report = await whatIf({ events }, { commission: new Map(Object.entries(rates)), from });
            const changed = (category: string, at: string) => category in rates && at >= from;
            const expected = new Map<string, number>();
            const add = (sellerId: string, paise: number) =>
              expected.set(sellerId, (expected.get(sellerId) ?? 0) + paise);
            for (const { sellerId, line, at } of log.delivered) {
              if (!changed(line.categoryId, at)) continue;
              const amount = multiply(line.pricePaise, line.quantity);
              add(
                sellerId,
                basisPoints(amount, rates[line.categoryId]!) - basisPoints(amount, RATES[line.categoryId]!),
              );
            }
            for (const { sellerId, line, quantity, before, bps, deliveredAt } of log.returned) {
              if (!changed(line.categoryId, deliveredAt)) continue;
              const on = (rate: number) =>
                basisPoints(multiply(line.pricePaise, before + quantity), rate) -
                basisPoints(multiply(line.pricePaise, before), rate);
              add(sellerId, -(on(rates[line.categoryId]!) - on(bps)));
            }
            for (const { sellerId, real, whatIf: after } of report.sellers) {
              expect(after.commissionPaise - real.commissionPaise, sellerId).toBe(expected.get(sellerId) ?? 0);
              expect(after.salesPaise).toBe(real.salesPaise);
              expect(after.returnsPaise).toBe(real.returnsPaise);
              expect(after.salesPaise - after.returnsPaise - after.refundsPaise).toBe(
                after.commissionPaise + after.earningPaise,
              );
              expect(after.balancePaise - real.balancePaise).toBe(after.earningPaise - real.earningPaise);
            }
            expect(report.sellers.length).toBe(new Set(log.delivered.map((d) => d.sellerId)).size);
          } finally {
            await events.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('every line of the what-if ledger still adds up: sale = commission + earning', async () => {
    const events = new SqliteEventStore(':memory:');
    await writeLog(events, [
      {
        lines: [{ seller: 0, category: 0, pricePaise: 1_001, quantity: 3 }],
        deliveredOn: 2,
        returns: [
          { units: 1, afterDays: 1 },
          { units: 1, afterDays: 2 },
        ],
      },
    ]);
    const ledgers = await whatIfLedgers({ events }, { commission: new Map([['textiles', 1_333]]) });
    try {
      const entries = await ledgers.whatIf.collection<LedgerEntryDoc>(LEDGER_ENTRIES).find({ sort: [['id', 'asc']] });
      const lines = entries.flatMap((entry) => entry.lines);
      expect(lines.map((line) => line.commissionBps)).toEqual([1_333, 1_333, 1_333]);
      for (const line of lines) expect(line.amountPaise).toBe(line.commissionPaise + line.earningPaise);
      // The two returns give back, in all, what the delivery of those units charged: 1,333 bps of 2,002 paise is 267.
      const returned = entries.filter((e) => e.kind === 'return').map((e) => e.commissionPaise);
      expect(returned).toEqual([-133, -134]);
    } finally {
      await ledgers.close();
      await events.close();
    }
  });

  it('leaves deliveries before --from at the rates they were settled at', async () => {
    const events = new SqliteEventStore(':memory:');
    await writeLog(events, [
      { lines: [{ seller: 0, category: 0, pricePaise: 10_000, quantity: 1 }], deliveredOn: 5, returns: [] },
      { lines: [{ seller: 1, category: 0, pricePaise: 10_000, quantity: 1 }], deliveredOn: 10, returns: [] },
    ]);
    try {
      const report = await whatIf({ events }, { commission: new Map([['textiles', 2_000]]), from: day(10) });
      const sellers = bySeller(report.sellers);
      expect(sellers.get('s-1')!.whatIf).toEqual(sellers.get('s-1')!.real);
      expect(sellers.get('s-2')!.real.commissionPaise).toBe(1_000);
      expect(sellers.get('s-2')!.whatIf.commissionPaise).toBe(2_000);
      expect(sellers.get('s-2')!.whatIf.earningPaise).toBe(8_000);
      expect(report.repriced).toBe(1);
    } finally {
      await events.close();
    }
  });

  it('a shorter return window drops the returns asked after it; a longer one adds none', async () => {
    const events = new SqliteEventStore(':memory:');
    await writeLog(events, [
      {
        lines: [{ seller: 0, category: 1, pricePaise: 50_000, quantity: 3 }],
        deliveredOn: 0,
        returns: [
          { units: 1, afterDays: 2 },
          { units: 1, afterDays: 6 },
        ],
      },
    ]);
    try {
      const [shorter, longer] = await Promise.all(
        [3, 30].map((returnWindowDays) => whatIf({ events }, { commission: new Map(), returnWindowDays })),
      );
      const s1 = bySeller(shorter!.sellers).get('s-1')!;
      expect(s1.real.returnsPaise).toBe(100_000);
      expect(shorter!.droppedReturns).toEqual(['o-1-1-R2']);
      expect(s1.whatIf.returnsPaise).toBe(50_000);
      // 12.5% of the ₹500 kept: the earning keeps 43,750 paise more, the commission 6,250.
      expect(s1.whatIf.earningPaise - s1.real.earningPaise).toBe(43_750);
      expect(s1.whatIf.commissionPaise - s1.real.commissionPaise).toBe(6_250);
      expect(longer!.droppedReturns).toEqual([]);
      const l1 = bySeller(longer!.sellers).get('s-1')!;
      expect(l1.whatIf).toEqual(l1.real);
    } finally {
      await events.close();
    }
  });
});

describe('a what-if over a marketplace made through the API', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await marketplace(api);
  });
  afterAll(() => api.close());

  it('at the configured rate gives the live ledger exactly, and settles its sales again', async () => {
    const rates = new Map(CATEGORIES.map((category) => [category, api.ctx.config.COMMISSION_BPS]));
    const ledgers = await whatIfLedgers(api.platform, { commission: rates });
    try {
      expect(await compareReadStores(api.platform.read, ledgers.whatIf, collectionsOf([ledger]))).toEqual([]);
    } finally {
      await ledgers.close();
    }
    const report = await whatIf(api.platform, { commission: rates });
    expect(report.repriced).toBe(1);
  });
});
