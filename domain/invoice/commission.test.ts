import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sum } from '../money.ts';
import { REGISTERED } from '../seller/tax-profile.fixtures.ts';
import { GSTIN_MESSAGES } from '../tax/gstin.ts';
import {
  type Commissioned,
  commissionCreditBody,
  commissionInvoiceBody,
  type Operator,
  operatorOf,
  recipientFromProfile,
  SAMPLE_ADDRESS,
  SAMPLE_GSTIN,
} from './commission.ts';

const KARNATAKA = operatorOf(SAMPLE_GSTIN, 'MIBI Marketplace', SAMPLE_ADDRESS) as Operator;
const MAHARASHTRA = operatorOf('27AAACM1234A1Z8', 'MIBI Marketplace', 'Mumbai') as Operator;
const seller = recipientFromProfile(REGISTERED);

const facts = (operator: Operator) => ({
  orderId: 'o1',
  sellerOrderId: 'o1-1',
  sellerId: 'seller-1',
  operator,
  recipient: seller,
  service: { sac: '996211', rateBps: 1800 },
  date: '2026-11-27',
  at: '2026-11-27T10:00:00.000Z',
});

const when = { date: '2026-12-01', at: '2026-12-01T10:00:00.000Z' };

const settled = (productId: string, quantity: number, commissionPaise: number): Commissioned => ({
  productId,
  name: `Product ${productId}`,
  quantity,
  commissionPaise,
});

describe("MIBI's commission invoice", () => {
  it('takes its state from the GSTIN and refuses a GSTIN that is not one', () => {
    expect(KARNATAKA).toMatchObject({ gstin: SAMPLE_GSTIN, stateCode: '29', stateName: 'Karnataka' });
    expect(operatorOf('29AAACM1234A1Z7', 'MIBI', 'Bengaluru')).toBe(GSTIN_MESSAGES.checkCharacter);
    expect(operatorOf('29aaacm1234a1z4', 'MIBI', 'Bengaluru')).toBe(GSTIN_MESSAGES.lowerCase);
  });

  it('adds 18% GST on top of the commission, CGST + SGST for a seller in MIBI state', () => {
    const body = commissionInvoiceBody(facts(KARNATAKA), [settled('p1', 2, 31_251), settled('p2', 1, 1_000)]);
    expect(body.intraState).toBe(true);
    expect(body.supplier.gstin).toBe(SAMPLE_GSTIN);
    expect(body.recipient).toMatchObject({ gstin: '29ABCDE1234F1ZW', stateName: 'Karnataka' });
    // 31,251 × 18% = 5,625.18 -> 5,625 paise: 2,813 CGST (the odd paisa) + 2,812 SGST.
    expect(body.lines[0]).toMatchObject({
      sac: '996211',
      rateBps: 1800,
      taxablePaise: 31_251,
      cgstPaise: 2_813,
      sgstPaise: 2_812,
      igstPaise: 0,
      amountPaise: 36_876,
    });
    expect(body.totals).toEqual({
      taxablePaise: 32_251,
      cgstPaise: 2_813 + 90,
      sgstPaise: 2_812 + 90,
      igstPaise: 0,
      amountPaise: 32_251 + 5_625 + 180,
    });
  });

  it('charges IGST when the seller is in another state than MIBI', () => {
    const body = commissionInvoiceBody(facts(MAHARASHTRA), [settled('p1', 2, 31_251)]);
    expect(body.intraState).toBe(false);
    expect(body.lines[0]).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 5_625, amountPaise: 36_876 });
  });

  it("credits a return at the invoice's parties, SAC code and rate, the returned product's line only", () => {
    const invoice = commissionInvoiceBody({ ...facts(MAHARASHTRA), service: { sac: '996219', rateBps: 500 } }, [
      settled('p1', 2, 20_000),
      settled('p2', 1, 5_000),
    ]);
    const note = commissionCreditBody(invoice, [settled('p1', 1, 10_000)], new Map(), when);
    expect(note).toMatchObject({ date: when.date, issuedAt: when.at, supplier: MAHARASHTRA, recipient: seller });
    expect(note.lines).toEqual([
      expect.objectContaining({ productId: 'p1', sac: '996219', rateBps: 500, taxablePaise: 10_000, igstPaise: 500 }),
    ]);
    expect(() => commissionCreditBody(invoice, [settled('p3', 1, 100)], new Map(), when)).toThrow(/not on the/);
  });

  it("returns' credit notes add up to the invoice to the paisa once every unit is back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (commission, weights, intra) => {
          // The commission reversed return by return, each a share of it by weight (the last takes the rest).
          const total = sum(weights);
          let given = 0;
          const parts = weights.map((_, i) => {
            const upTo = Math.floor((commission * sum(weights.slice(0, i + 1))) / total);
            const part = upTo - given;
            given = upTo;
            return part;
          });
          const operator = intra ? KARNATAKA : MAHARASHTRA;
          const invoice = commissionInvoiceBody(facts(operator), [settled('p1', weights.length, commission)]);
          let before = 0;
          const credits = parts.map((part) => {
            const note = commissionCreditBody(invoice, [settled('p1', 1, part)], new Map([['p1', before]]), when);
            before += part;
            return note.totals;
          });
          for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'amountPaise'] as const)
            expect(sum(credits.map((c) => c[key]))).toBe(invoice.totals[key]);
        },
      ),
    );
  });
});
