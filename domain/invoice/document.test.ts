import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KOCHI_ADDRESS, PUNE_ADDRESS } from '../order/addresses.fixtures.ts';
import type { OrderLine, ShippingAddress } from '../order/events.ts';
import { multiply, sum } from '../money.ts';
import { REGISTERED } from '../seller/tax-profile.fixtures.ts';
import { splitInclusive } from '../tax/split.ts';
import { creditBody, type Invoice, invoiceBody, lineDescription, supplierOf } from './document.ts';

const BENGALURU: ShippingAddress = { ...PUNE_ADDRESS, city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };
const supplier = supplierOf(REGISTERED as Extract<typeof REGISTERED, { registered: true }>);

const line = (productId: string, pricePaise: number, quantity: number, categoryId = 'textiles'): OrderLine => ({
  productId,
  name: `Product ${productId}`,
  pricePaise,
  quantity,
  imageUrl: null,
  sellerId: 'seller-1',
  sellerName: 'Meera Weaves',
  categoryId,
});

const RATES: Record<string, number> = { textiles: 500, jewelry: 300, decor: 1800, luxury: 4000 };

const body = (lines: OrderLine[], shippingAddress: ShippingAddress) =>
  invoiceBody({
    orderId: 'o1',
    sellerOrderId: 'o1-1',
    sellerId: 'seller-1',
    buyerId: 'buyer-1',
    lines,
    shippingAddress,
    supplier,
    taxOf: ({ categoryId }) => ({ hsn: '5208', rateBps: RATES[categoryId]! }),
    date: '2026-11-27',
    at: '2026-11-27T10:00:00.000Z',
  });

const invoiceOf = (lines: OrderLine[], address: ShippingAddress): Invoice => ({
  kind: 'invoice',
  id: 'inv-seller-1-2026-27-1',
  number: 'MEE/2026-27/0001',
  fy: '2026-27',
  seq: 1,
  shipmentId: 'e1',
  ...body(lines, address),
});

describe('invoiceBody', () => {
  it('splits into CGST + SGST when the seller ships within its state (Karnataka to Karnataka)', () => {
    const invoice = body([line('p1', 1050_00, 2)], BENGALURU);
    expect(invoice.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
    expect(invoice.intraState).toBe(true);
    expect(invoice.lines[0]).toMatchObject({
      hsn: '5208',
      quantity: 2,
      rateBps: 500,
      taxablePaise: 2000_00,
      cgstPaise: 50_00,
      sgstPaise: 50_00,
      igstPaise: 0,
      amountPaise: 2100_00,
    });
    expect(invoice.supplier).toMatchObject({ gstin: '29ABCDE1234F1ZW', stateName: 'Karnataka' });
    expect(invoice.recipient).toEqual({ name: 'Asha Rao', address: '12 MG Road, Bengaluru, Karnataka 560001' });
  });

  it('is all IGST across a state line (Karnataka to Maharashtra, Kerala)', () => {
    for (const address of [PUNE_ADDRESS, KOCHI_ADDRESS]) {
      const invoice = body([line('p1', 1050_00, 2)], address);
      expect(invoice.intraState).toBe(false);
      expect(invoice.totals).toEqual({
        taxablePaise: 2000_00,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 100_00,
        amountPaise: 2100_00,
      });
    }
  });

  it('adds up to the paisa for 1,000 random baskets: each line to its amount, the totals to the basket', () => {
    const basket = fc.array(
      fc.record({
        pricePaise: fc.integer({ min: 1, max: 5_00_000_00 }),
        quantity: fc.integer({ min: 1, max: 50 }),
        categoryId: fc.constantFrom(...Object.keys(RATES)),
      }),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(basket, fc.constantFrom(BENGALURU, PUNE_ADDRESS), (items, address) => {
        const lines = items.map((item, i) => line(`p${i}`, item.pricePaise, item.quantity, item.categoryId));
        const invoice = body(lines, address);
        for (const [i, l] of invoice.lines.entries()) {
          expect(l.amountPaise).toBe(multiply(lines[i]!.pricePaise, lines[i]!.quantity));
          expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.amountPaise);
          expect(invoice.intraState ? l.igstPaise : l.cgstPaise + l.sgstPaise).toBe(0);
          expect(l.cgstPaise - l.sgstPaise).toBeGreaterThanOrEqual(0);
          expect(l.cgstPaise - l.sgstPaise).toBeLessThanOrEqual(1);
        }
        const { totals } = invoice;
        expect(totals.amountPaise).toBe(sum(lines.map((l) => multiply(l.pricePaise, l.quantity))));
        expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(totals.amountPaise);
        expect(totals.taxablePaise).toBe(sum(invoice.lines.map((l) => l.taxablePaise)));
        expect(totals.igstPaise).toBe(sum(invoice.lines.map((l) => l.igstPaise)));
        expect(totals.cgstPaise).toBe(sum(invoice.lines.map((l) => l.cgstPaise)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('creditBody', () => {
  const at = { date: '2026-12-01', at: '2026-12-01T10:00:00.000Z' };

  it("reverses exactly the returned units' tax, and every credit together reverses the whole line", () => {
    // ₹0.10 × 3 at 5%: the line holds 1 paisa of tax (1.43), one unit 0 (0.48), two units 1 (0.95).
    const invoice = invoiceOf([line('p1', 10, 3), line('p2', 1050_00, 1)], BENGALURU);
    expect(invoice.lines[0]).toMatchObject({ taxablePaise: 29, cgstPaise: 1, sgstPaise: 0 });
    const first = creditBody(invoice, new Map([['p1', 1]]), new Map(), at);
    expect(first.lines).toEqual([
      expect.objectContaining({ productId: 'p1', quantity: 1, taxablePaise: 10, cgstPaise: 0, amountPaise: 10 }),
    ]);
    const second = creditBody(invoice, new Map([['p1', 2]]), new Map([['p1', 1]]), at);
    expect(second.lines[0]).toMatchObject({
      quantity: 2,
      taxablePaise: 19,
      cgstPaise: 1,
      sgstPaise: 0,
      amountPaise: 20,
    });
    const credited = [first, second].flatMap((c) => c.lines);
    expect(sum(credited.map((l) => l.cgstPaise))).toBe(invoice.lines[0]!.cgstPaise);
    expect(sum(credited.map((l) => l.taxablePaise))).toBe(invoice.lines[0]!.taxablePaise);
    expect(second.date).toBe('2026-12-01');
    expect(second.placeOfSupply).toEqual(invoice.placeOfSupply);
  });

  it('reverses, over random returns, the tax of the units returned so far and all of it at the end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_00_000_00 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(300, 500, 1800, 4000),
        (pricePaise, returns, rateBps) => {
          const quantity = sum(returns);
          const invoice = invoiceOf([line('p1', pricePaise, quantity)], PUNE_ADDRESS);
          invoice.lines[0]!.rateBps = rateBps;
          Object.assign(invoice.lines[0]!, splitInclusive(pricePaise, quantity, rateBps, false));
          let before = 0;
          let igst = 0;
          for (const units of returns) {
            const credit = creditBody(invoice, new Map([['p1', units]]), new Map([['p1', before]]), at);
            before += units;
            igst += credit.totals.igstPaise;
            expect(credit.totals.amountPaise).toBe(multiply(pricePaise, units));
            expect(igst).toBe(splitInclusive(pricePaise, before, rateBps, false).igstPaise);
          }
          expect(igst).toBe(invoice.lines[0]!.igstPaise);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('credits nothing beyond the units invoiced', () => {
    const invoice = invoiceOf([line('p1', 1050_00, 2)], BENGALURU);
    expect(creditBody(invoice, new Map([['p1', 5]]), new Map([['p1', 2]]), at).lines).toEqual([]);
    expect(creditBody(invoice, new Map([['p1', 5]]), new Map(), at).totals.amountPaise).toBe(2100_00);
  });
});

describe('lineDescription', () => {
  it('names the product, its variant and the buyer’s answers', () => {
    expect(lineDescription({ name: 'Brass Pendant' })).toBe('Brass Pendant');
    expect(
      lineDescription({
        name: 'Kolhapuri Chappal',
        variantLabel: 'Size 8 · Tan',
        personalisation: [{ questionId: 'q1', question: 'Name to engrave', answer: 'Asha' }],
      }),
    ).toBe('Kolhapuri Chappal (Size 8 · Tan) · Name to engrave: Asha');
  });
});
