import { describe, expect, it } from 'vitest';
import { PUNE_ADDRESS } from '../order/addresses.fixtures.ts';
import { tcsRecord, tcsTotal } from './collected.ts';
import { creditNote, invoice } from './documents.fixtures.ts';

const saree = { productId: 'saree', pricePaise: 1050_00, hsn: '5208', rateBps: 500 };
const ring = { productId: 'ring', pricePaise: 333_33, hsn: '7113', rateBps: 300 };

describe('tcsRecord', () => {
  it('collects 0.25% CGST + 0.25% SGST on a supply within the seller’s state', () => {
    const within = invoice(1, '2026-05-10', [{ ...saree, quantity: 2 }]);
    const record = tcsRecord(within, within, 50);
    expect(record).toMatchObject({ kind: 'invoice', month: '2026-05', taxablePaise: 2000_00, rateBps: 50 });
    expect(record).toMatchObject({ cgstPaise: 5_00, sgstPaise: 5_00, igstPaise: 0 });
    expect(record.supplies).toEqual([
      { hsn: '5208', rateBps: 500, taxablePaise: 2000_00, cgstPaise: 50_00, sgstPaise: 50_00, igstPaise: 0 },
    ]);
  });

  it('collects 0.5% IGST on a supply to another state, at the rate it is given', () => {
    const across = invoice(2, '2026-05-20', [{ ...saree, quantity: 2 }], { address: PUNE_ADDRESS });
    expect(tcsRecord(across, across, 50)).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 10_00 });
    expect(tcsRecord(across, across, 100)).toMatchObject({ igstPaise: 20_00 });
  });

  it('gives back on a credit note the TCS of its taxable value, signed below zero, at its invoice’s rate and date', () => {
    const sold = invoice(3, '2026-05-10', [{ ...ring, quantity: 3 }]);
    const note = creditNote(1, sold, { ring: 1 }, '2026-06-02');
    const record = tcsRecord(note, sold, 50);
    expect(record).toMatchObject({
      kind: 'credit_note',
      month: '2026-06',
      invoiceId: sold.id,
      invoiceDate: '2026-05-10',
    });
    expect(record.taxablePaise).toBe(0 - note.totals.taxablePaise);
    // 323.62 at 0.5% is 1.6181, 1.62 of TCS: 0.81 + 0.81.
    expect(record.taxablePaise).toBe(-323_62);
    expect(record).toMatchObject({ cgstPaise: -81, sgstPaise: -81, igstPaise: 0 });
    expect(tcsTotal(record)).toBe(-1_62);
    expect(record.supplies[0]).toMatchObject({ hsn: '7113', rateBps: 300, taxablePaise: -323_62 });
  });

  it('sums the lines of one HSN code and rate, each kept apart from the others', () => {
    const mixed = invoice(4, '2026-05-10', [
      { ...saree, quantity: 1 },
      { ...saree, productId: 'stole', pricePaise: 525_00, quantity: 1 },
      { ...saree, productId: 'shawl', pricePaise: 1180_00, quantity: 1, rateBps: 1800 },
    ]);
    const { supplies } = tcsRecord(mixed, mixed, 50);
    expect(supplies.map(({ hsn, rateBps, taxablePaise }) => [hsn, rateBps, taxablePaise])).toEqual([
      ['5208', 500, 1500_00],
      ['5208', 1800, 1000_00],
    ]);
  });
});
