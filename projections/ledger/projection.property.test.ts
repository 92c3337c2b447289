/**
 * The ledger's accounting identities over random logs: several sellers, purchases, deliveries
 * settled at random category rates, accepted returns of random quantities (each refunded to the
 * buyer), payouts, and transfers of delivered orders with their releases and the reversals of
 * returns. Every paisa of delivered sales ends up either in a seller's earnings or in the
 * marketplace's commission, each balance is exactly its entries, what returns took off the
 * sales is what the buyers got back, and what was paid is the payouts and the transfers less
 * their reversals. Delivered parts are invoiced (at GST rates of their own) and their returns
 * credited, under TCS rates that change as the log goes: the TCS kept off the balances is
 * exactly each invoice's TCS at the rate in force on its date less its credit notes' at the
 * same rate, and the GSTR-8 of every month adds up to the same.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type CreditNote, creditBody, type Invoice, invoiceBody } from '../../domain/invoice/document.ts';
import { seriesStream } from '../../domain/invoice/series.ts';
import { multiply, sum } from '../../domain/money.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import { TAX_POLICY_STREAM } from '../../domain/tax/policy.ts';
import { INITIAL_TAX_POLICY } from '../../domain/tax/initial-policy.ts';
import { indianDate, rateOn } from '../../domain/tax/rates.ts';
import { tcsOn } from '../../domain/tax/split.ts';
import { tcsTotal } from '../../domain/tcs/collected.ts';
import { BENGALURU, KARNATAKA } from '../../domain/tcs/documents.fixtures.ts';
import { type OrderEvent, type OrderLine, orderStream } from '../../domain/order/events.ts';
import { payoutStream } from '../../domain/payout/events.ts';
import { MemoryBus } from '../../platform/bus/memory.ts';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.ts';
import { ProjectionRunner } from '../../platform/projection/runner.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { placed } from '../../domain/order/events.fixtures.ts';
import { delivered, orderLine, partOf, payout, returnAccepted } from './events.fixtures.ts';
import type { LedgerEntryDoc, SellerBalanceDoc } from './documents.ts';
import { LEDGER_ENTRIES, SELLER_BALANCES, ledger } from './projection.ts';
import { gstr8Of } from './queries.ts';

const SELLERS = ['s-1', 's-2', 's-3', 's-4'];
const CATEGORIES = ['textiles', 'spices', 'jewelry', 'ayurveda'];

const lineArb = fc.record({
  seller: fc.nat(SELLERS.length - 1),
  category: fc.nat(CATEGORIES.length - 1),
  pricePaise: fc.integer({ min: 1, max: 50_000_00 }),
  quantity: fc.integer({ min: 1, max: 6 }),
});
/** A rate per category: the edges (0 and 100%) and odd rates that round, as well as ordinary ones. */
const ratesArb = fc.array(
  fc.oneof(fc.constantFrom(0, 1, 999, 1000, 1250, 10_000), fc.integer({ min: 0, max: 10_000 })),
  {
    minLength: CATEGORIES.length,
    maxLength: CATEGORIES.length,
  },
);
const stepArb = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat(), rates: ratesArb }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('return' as const),
      pick: fc.nat(),
      quantities: fc.array(fc.nat(4), { minLength: 5, maxLength: 5 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      seller: fc.nat(SELLERS.length - 1),
      percent: fc.integer({ min: 1, max: 100 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constantFrom('transfer' as const, 'release' as const), pick: fc.nat() }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('invoice' as const),
      pick: fc.nat(),
      gstBps: fc.constantFrom(0, 300, 500, 1800, 4000),
      across: fc.boolean(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('tcsRate' as const),
      rateBps: fc.oneof(fc.constantFrom(0, 50, 100), fc.integer({ min: 1, max: 200 })),
    }),
    weight: 1,
  },
);

type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

interface DeliveredPart {
  orderId: string;
  order: Extract<OrderEvent, { type: 'OrderPlaced' }>;
  sellerId: string;
  /** Units not returned yet, and the rate each line was settled at, by product. */
  left: Map<string, { quantity: number; bps: number }>;
  returns: number;
  earningPaise: number;
  /** Once transferred (its whole earning): whether released, and the returns accepted after it, each reversed at once. */
  transfer: { released: boolean } | null;
  /** Returns accepted before the transfer, reversed as soon as it is made. */
  unreversed: Array<{ returnId: string; earningPaise: number }>;
  /** Once invoiced: the invoice, and the units credited so far by product. */
  invoice: { doc: Invoice; credited: Map<string, number>; notes: number } | null;
}

/** What the test expects of TCS, from the documents it issues and the rates it sets (not from the projection). */
interface ExpectedTcs {
  bySeller: Map<string, number>;
  /** Taxable value invoiced less credited, over every document. */
  netTaxablePaise: number;
  months: Set<string>;
}

/** Appends the log the steps describe; payouts take a share of the balance due, which the test tracks from its own events. */
async function writeLog(events: SqliteEventStore, steps: Step[]): Promise<ExpectedTcs> {
  const expected: ExpectedTcs = { bySeller: new Map(), netTaxablePaise: 0, months: new Set() };
  const tcsRates = [...INITIAL_TAX_POLICY.tcsRate];
  const invoiceRates = new Map<string, number>();
  const collect = (doc: Invoice | CreditNote, rateBps: number) => {
    const sign = doc.kind === 'invoice' ? 1 : -1;
    const taxable = sign * doc.totals.taxablePaise;
    const tcs = tcsTotal(tcsOn(taxable, rateBps, doc.intraState));
    expected.bySeller.set(doc.sellerId, (expected.bySeller.get(doc.sellerId) ?? 0) + tcs);
    expected.netTaxablePaise += taxable;
    expected.months.add(doc.date.slice(0, 7));
    due.set(doc.sellerId, (due.get(doc.sellerId) ?? 0) - tcs);
  };
  const pending: Array<{ order: DeliveredPart['order']; sellerId: string }> = [];
  const deliveredParts: DeliveredPart[] = [];
  const due = new Map<string, number>();
  let orders = 0;
  let payouts = 0;
  let clock = Date.parse('2026-04-01T00:00:00.000Z');
  // Hours apart, so a long log spans months (and the returns they report to).
  const now = () => new Date((clock += 7 * 60 * 60_000)).toISOString();
  const append = (stream: string, event: { type: string; data: object }) =>
    events.append(stream, [event as never], 'any');
  /** The reversals a transferred part owes: one per return accepted and not reversed yet (none of an earning of 0). */
  const reverse = async (part: DeliveredPart) => {
    const { sellerOrderId } = partOf(part.order, part.sellerId).part;
    for (const { returnId, earningPaise } of part.unreversed.splice(0)) {
      if (earningPaise === 0) continue;
      const transferId = `trf-${part.order.data.orderId}-${part.sellerId}`;
      const data = { orderId: part.orderId, sellerOrderId, transferId, reversalId: `rv-${returnId}`, returnId };
      await append(orderStream(part.orderId), {
        type: 'TransferReversed',
        data: { ...data, amountPaise: earningPaise, at: now() },
      });
      due.set(part.sellerId, due.get(part.sellerId)! + earningPaise);
    }
  };

  for (const step of steps) {
    if (step.kind === 'place') {
      const orderId = `o-${++orders}`;
      const lines: OrderLine[] = step.lines.map((line, i) =>
        orderLine({
          productId: `p-${orders}-${i}`,
          sellerId: SELLERS[line.seller]!,
          categoryId: CATEGORIES[line.category]!,
          pricePaise: line.pricePaise,
          quantity: line.quantity,
        }),
      );
      const order = placed(orderId, lines, now());
      await append(orderStream(orderId), order);
      for (const part of order.data.sellerOrders) pending.push({ order, sellerId: part.sellerId });
    } else if (step.kind === 'deliver' && pending.length > 0) {
      const [{ order, sellerId }] = pending.splice(step.pick % pending.length, 1) as [(typeof pending)[number]];
      const rates = Object.fromEntries(CATEGORIES.map((category, i) => [category, step.rates[i]!]));
      const event = delivered(order.data.orderId, partOf(order, sellerId), now(), rates);
      await append(orderStream(order.data.orderId), event);
      const { settlement } = (event as Extract<OrderEvent, { type: 'SellerOrderDelivered' }>).data;
      due.set(sellerId, (due.get(sellerId) ?? 0) + sum(settlement.map((line) => line.earningPaise)));
      const left = new Map(
        settlement.map((line) => [line.productId, { quantity: line.quantity, bps: line.commissionBps }]),
      );
      const earningPaise = sum(settlement.map((line) => line.earningPaise));
      deliveredParts.push({
        orderId: order.data.orderId,
        order,
        sellerId,
        left,
        returns: 0,
        earningPaise,
        transfer: null,
        unreversed: [],
        invoice: null,
      });
    } else if (step.kind === 'return' && deliveredParts.length > 0) {
      const part = deliveredParts[step.pick % deliveredParts.length]!;
      const chosen = [...part.left].map(([productId, { quantity, bps }], i) => ({
        productId,
        bps,
        quantity: Math.min(quantity, step.quantities[i % 5]!),
      }));
      const returned = chosen.filter((line) => line.quantity > 0);
      // A return holds the lines of one rate here: the fixture settles it at one rate.
      const [first] = returned;
      if (!first) continue;
      const sameRate = returned.filter((line) => line.bps === first.bps);
      const event = returnAccepted(
        part.orderId,
        partOf(part.order, part.sellerId),
        ++part.returns,
        Object.fromEntries(sameRate.map((l) => [l.productId, l.quantity])),
        now(),
        first.bps,
      );
      await append(orderStream(part.orderId), event);
      for (const line of sameRate) part.left.get(line.productId)!.quantity -= line.quantity;
      const { settlement, returnId, sellerOrderId } = (event as Extract<OrderEvent, { type: 'ReturnAccepted' }>).data;
      const earningPaise = sum(settlement.map((line) => line.earningPaise));
      due.set(part.sellerId, due.get(part.sellerId)! - earningPaise);
      // Paid online, the buyer gets the returned units' amount back: the ledger's reversal is the seller's side of it.
      const amountPaise = sum(settlement.map((line) => line.amountPaise));
      const reason = 'returned';
      const refund = { orderId: part.orderId, refundId: returnId, sellerOrderId, returnId, amountPaise, reason };
      await append(orderStream(part.orderId), { type: 'RefundRequested', data: { ...refund, at: now() } });
      part.unreversed.push({ returnId, earningPaise });
      if (part.transfer) await reverse(part);
      if (part.invoice) {
        const { doc, credited } = part.invoice;
        const units = new Map(sameRate.map((line) => [line.productId, line.quantity]));
        const at = now();
        const seq = ++part.invoice.notes;
        const body = creditBody(doc, units, credited, { date: indianDate(at), at });
        const note: CreditNote = {
          kind: 'credit_note',
          id: `cn-${doc.sellerOrderId}-${seq}`,
          number: `CN/${seq}`,
          fy: doc.fy,
          seq,
          invoiceId: doc.id,
          invoiceNumber: doc.number,
          reason: 'returned',
          causeId: returnId,
          ...body,
        };
        await append(seriesStream('credit_note', doc.sellerId, doc.fy), { type: 'CreditNoteIssued', data: note });
        for (const [productId, quantity] of units) credited.set(productId, (credited.get(productId) ?? 0) + quantity);
        collect(note, invoiceRates.get(doc.id)!);
      }
    } else if (step.kind === 'transfer') {
      const untransferred = deliveredParts.filter((part) => !part.transfer && part.earningPaise > 0);
      const part = untransferred[step.pick % Math.max(1, untransferred.length)];
      if (!part) continue;
      const transferId = `trf-${part.order.data.orderId}-${part.sellerId}`;
      const { sellerOrderId } = partOf(part.order, part.sellerId).part;
      const data = {
        orderId: part.orderId,
        sellerOrderId,
        sellerId: part.sellerId,
        transferId,
        account: 'acc',
        at: now(),
      };
      await append(orderStream(part.orderId), {
        type: 'TransferCreated',
        data: { ...data, amountPaise: part.earningPaise },
      });
      due.set(part.sellerId, due.get(part.sellerId)! - part.earningPaise);
      part.transfer = { released: false };
      await reverse(part);
    } else if (step.kind === 'release') {
      const held = deliveredParts.filter((part) => part.transfer && !part.transfer.released);
      const part = held[step.pick % Math.max(1, held.length)];
      if (!part) continue;
      const { sellerOrderId } = partOf(part.order, part.sellerId).part;
      const transferId = `trf-${part.order.data.orderId}-${part.sellerId}`;
      await append(orderStream(part.orderId), {
        type: 'TransferReleased',
        data: { orderId: part.orderId, sellerOrderId, transferId, at: now() },
      });
      part.transfer!.released = true;
    } else if (step.kind === 'invoice') {
      // Invoiced here after delivery (MIBI invoices at shipping): what matters is that returns come after it.
      const uninvoiced = deliveredParts.filter((part) => !part.invoice && part.returns === 0);
      const part = uninvoiced[step.pick % Math.max(1, uninvoiced.length)];
      if (!part) continue;
      const { part: sellerPart, lines } = partOf(part.order, part.sellerId);
      const at = now();
      const date = indianDate(at);
      const seller = SELLERS.indexOf(part.sellerId);
      const body = invoiceBody({
        orderId: part.orderId,
        sellerOrderId: sellerPart.sellerOrderId,
        sellerId: part.sellerId,
        buyerId: 'buyer-1',
        lines,
        shippingAddress: step.across ? PUNE_ADDRESS : BENGALURU,
        supplier: { ...KARNATAKA, gstin: `29ABCDE123${seller}F1ZW`, legalName: `Seller ${seller}` },
        taxOf: () => ({ hsn: '5208', rateBps: step.gstBps }),
        date,
        at,
      });
      const fy = '2026-27';
      const doc: Invoice = {
        kind: 'invoice',
        id: `inv-${sellerPart.sellerOrderId}`,
        number: `INV/${sellerPart.sellerOrderId}`,
        fy,
        seq: 1,
        shipmentId: `ship-${sellerPart.sellerOrderId}`,
        ...body,
      };
      await append(seriesStream('invoice', part.sellerId, fy), { type: 'InvoiceIssued', data: doc });
      const rateBps = rateOn(tcsRates, date)!.rateBps;
      invoiceRates.set(doc.id, rateBps);
      part.invoice = { doc, credited: new Map(), notes: 0 };
      collect(doc, rateBps);
    } else if (step.kind === 'tcsRate') {
      const at = now();
      const data = { rateBps: step.rateBps, effectiveFrom: indianDate(at), source: 'Test', by: 'admin-1', at };
      await append(TAX_POLICY_STREAM, { type: 'TcsRateSet', data });
      tcsRates.push(data);
    } else if (step.kind === 'payout') {
      const sellerId = SELLERS[step.seller]!;
      const amount = Math.floor(((due.get(sellerId) ?? 0) * step.percent) / 100);
      if (amount <= 0) continue;
      await append(payoutStream(sellerId), payout(sellerId, `p-${++payouts}`, amount, now()));
      due.set(sellerId, due.get(sellerId)! - amount);
    }
  }
  return expected;
}

/** Delivered sales net of returned sales, from the purchases' own prices (not from the settlements). */
async function netSalesFromLog(events: SqliteEventStore): Promise<number> {
  const log = (await events.readAll()) as unknown as OrderEvent[];
  const prices = new Map<string, OrderLine>();
  let net = 0;
  for (const event of log) {
    if (event.type === 'OrderPlaced') for (const line of event.data.lines) prices.set(line.productId, line);
    if (event.type === 'SellerOrderDelivered') {
      const { orderId, sellerId } = event.data;
      const placedLines = log.flatMap((e) =>
        e.type === 'OrderPlaced' && e.data.orderId === orderId ? e.data.lines : [],
      );
      for (const line of placedLines.filter((l) => l.sellerId === sellerId))
        net += multiply(line.pricePaise, line.quantity);
    }
    if (event.type === 'ReturnAccepted')
      for (const line of event.data.settlement) net -= multiply(prices.get(line.productId)!.pricePaise, line.quantity);
  }
  return net;
}

const MONEY_FIELDS = ['salesPaise', 'commissionPaise', 'earnedPaise', 'tcsPaise', 'paidPaise', 'balancePaise'] as const;

it('balances are their entries, and earnings plus commissions are delivered sales net of returns, to the paisa', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 120, size: 'large' }), async (steps) => {
      const events = new SqliteEventStore(':memory:');
      const read = new SqliteReadStore(':memory:');
      try {
        const expectedTcs = await writeLog(events, steps);
        await new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: [ledger], batchSize: 7 }).catchUp(
          ledger.name,
        );
        const balances = await read.collection<SellerBalanceDoc>(SELLER_BALANCES).find();
        const entries = await read.collection<LedgerEntryDoc>(LEDGER_ENTRIES).find();

        for (const balance of balances) {
          const own = entries.filter((entry) => entry.sellerId === balance.id);
          for (const field of MONEY_FIELDS) expect(Number.isSafeInteger(balance[field]), field).toBe(true);
          expect(balance.balancePaise).toBe(sum(own.map((entry) => entry.amountPaise)));
          expect(balance.balancePaise).toBe(balance.earnedPaise - balance.tcsPaise - balance.paidPaise);
          expect(balance.tcsPaise).toBe(0 - sum(own.filter((entry) => entry.kind === 'tcs').map((e) => e.amountPaise)));
          expect(balance.tcsPaise).toBe(expectedTcs.bySeller.get(balance.id) ?? 0);
          expect(balance.earnedPaise + balance.commissionPaise).toBe(balance.salesPaise);
          // A balance may be below zero: a return accepted after its earning was paid out leaves the seller owing.
          const paidBy = (...kinds: string[]) =>
            sum(own.filter((entry) => kinds.includes(entry.kind)).map((entry) => 0 - entry.amountPaise));
          expect(balance.paidPaise).toBe(paidBy('payout', 'transfer', 'reversal'));
          expect(balance.transferredPaise).toBe(paidBy('transfer', 'reversal'));
        }
        for (const entry of entries) {
          for (const field of ['salesPaise', 'commissionPaise', 'amountPaise', 'balanceAfterPaise'] as const)
            expect(Number.isSafeInteger(entry[field])).toBe(true);
        }
        expect(new Set(entries.map((entry) => entry.sellerId))).toEqual(new Set(balances.map((balance) => balance.id)));

        const earned = sum(balances.map((balance) => balance.earnedPaise));
        const commissions = sum(balances.map((balance) => balance.commissionPaise));
        expect(earned + commissions).toBe(await netSalesFromLog(events));
        // What returns took off the sellers' sales is what went back to the buyers, to the paisa.
        const log = (await events.readAll()) as unknown as OrderEvent[];
        const refunded = sum(
          log.flatMap((event) => (event.type === 'RefundRequested' ? [event.data.amountPaise] : [])),
        );
        const deliveredSales = sum(
          log.flatMap((event) =>
            event.type === 'SellerOrderDelivered' ? event.data.settlement.map((line) => line.amountPaise) : [],
          ),
        );
        expect(sum(balances.map((balance) => balance.salesPaise))).toBe(deliveredSales - refunded);
        const amounts = (type: string) =>
          sum(
            log
              .filter((event) => event.type === type)
              .map((event) => (event.data as { amountPaise: number }).amountPaise),
          );
        const transferred = amounts('TransferCreated') - amounts('TransferReversed');
        expect(sum(balances.map((balance) => balance.transferredPaise))).toBe(transferred);
        expect(sum(balances.map((balance) => balance.paidPaise))).toBe(amounts('PayoutRecorded') + transferred);

        // The GSTR-8 of every month adds up to the TCS the ledgers kept and the net taxable value invoiced.
        const returns = await Promise.all([...expectedTcs.months].map((month) => gstr8Of(read, month)));
        const lines = returns.flatMap((month) => month.lines);
        expect(sum(lines.map((line) => line.netPaise))).toBe(expectedTcs.netTaxablePaise);
        expect(sum(lines.map((line) => line.grossPaise - line.returnsPaise - line.netPaise))).toBe(0);
        expect(sum(lines.map(tcsTotal))).toBe(sum(balances.map((balance) => balance.tcsPaise)));

        // Each transfer shows where it stands: reversed whole, else released, else on hold.
        for (const entry of entries.filter((e) => e.kind === 'transfer')) {
          const of = log.filter(
            (event) => (event.data as { sellerOrderId?: string }).sellerOrderId === entry.sellerOrderId,
          );
          const reversed = sum(
            of.filter((e) => e.type === 'TransferReversed').map((e) => (e.data as { amountPaise: number }).amountPaise),
          );
          const expected =
            // (>=: this log's returns are settled at one rate each, so they may round to a paisa more than the delivery.)
            reversed >= 0 - entry.amountPaise
              ? 'reversed'
              : of.some((e) => e.type === 'TransferReleased')
                ? 'released'
                : 'on_hold';
          expect(entry.transferState).toBe(expected);
        }
      } finally {
        await read.close();
        await events.close();
      }
    }),
    { numRuns: 100 },
  );
});
