import { describe, expect, it } from 'vitest';
import { PUNE_ADDRESS } from '../order/addresses.fixtures.ts';
import { tcsRecord } from './collected.ts';
import { creditNote, invoice, KARNATAKA } from './documents.fixtures.ts';
import { gstr8, gstr8Csv, isMonth, sellerTaxReport, sellerTaxReportCsv } from './returns.ts';

const saree = { productId: 'saree', pricePaise: 1050_00, hsn: '5208', rateBps: 500 };
const toy = { productId: 'toy', pricePaise: 1180_00, hsn: '9503', rateBps: 1800 };
/** A seller in Maharashtra whose legal name a spreadsheet would take for a formula. */
const PUNE = { ...KARNATAKA, gstin: '27AAPFU0939F1ZV', legalName: '=HYPERLINK("x")', stateCode: '27' };

/**
 * May 2026: TCS 0.5% until the 15th, 1% from the 16th (a change for the test). Meera (Karnataka) invoices within
 * her state on the 10th and to Pune on the 20th; the 10th's saree comes back on the 25th (credited at the 10th's
 * rate). The Pune seller invoices within Maharashtra on the 18th. A credit note of April's invoice, dated in May,
 * counts in May; the April invoice does not.
 */
function may() {
  const rateOn = (date: string) => (date < '2026-05-16' ? 50 : 100);
  const april = invoice(1, '2026-04-28', [{ ...saree, quantity: 1 }]);
  const tenth = invoice(2, '2026-05-10', [
    { ...saree, quantity: 2 },
    { ...toy, quantity: 1 },
  ]);
  const twentieth = invoice(3, '2026-05-20', [{ ...saree, quantity: 1 }], { address: PUNE_ADDRESS });
  const pune = invoice(1, '2026-05-18', [{ ...toy, quantity: 2 }], {
    sellerId: 'seller-2',
    address: PUNE_ADDRESS,
    supplier: PUNE,
  });
  const returned = creditNote(1, tenth, { saree: 1 }, '2026-05-25');
  const aprilReturned = creditNote(2, april, { saree: 1 }, '2026-05-26');
  const records = [
    ...[april, tenth, twentieth, pune].map((doc) => tcsRecord(doc, doc, rateOn(doc.date))),
    tcsRecord(returned, tenth, rateOn(tenth.date)),
    tcsRecord(aprilReturned, april, rateOn(april.date)),
  ];
  return records.filter((record) => record.month === '2026-05');
}

describe('GSTR-8 of a month', () => {
  it('gives each supplier GSTIN its gross supplies, returns, net and TCS, each document at its invoice’s rate', () => {
    expect(gstr8(may())).toEqual([
      {
        gstin: '27AAPFU0939F1ZV',
        legalName: '=HYPERLINK("x")',
        grossPaise: 2000_00,
        returnsPaise: 0,
        netPaise: 2000_00,
        // Within Maharashtra at 1%: 10 + 10.
        cgstPaise: 10_00,
        sgstPaise: 10_00,
        igstPaise: 0,
      },
      {
        gstin: '29ABCDE1234F1ZW',
        legalName: 'Meera Handlooms Private Limited',
        // The 10th: 2000 + 1000 taxable; the 20th: 1000.
        grossPaise: 4000_00,
        // A saree of the 10th, and April's.
        returnsPaise: 2000_00,
        netPaise: 2000_00,
        // The 10th at 0.5%: 7.50 + 7.50; its return at 0.5%: -2.50 - 2.50; April's return at 0.5%: -2.50 - 2.50.
        cgstPaise: 2_50,
        sgstPaise: 2_50,
        // The 20th, to Pune at 1%.
        igstPaise: 10_00,
      },
    ]);
  });

  it('writes them as CSV, a name that looks like a formula kept as text', () => {
    expect(gstr8Csv(gstr8(may()))).toBe(
      [
        'gstin of supplier,legal name,gross value of supplies,value of supplies returned,net amount liable for tcs,igst,cgst,sgst',
        `27AAPFU0939F1ZV,"'=HYPERLINK(""x"")",2000.00,0.00,2000.00,0.00,10.00,10.00`,
        '29ABCDE1234F1ZW,Meera Handlooms Private Limited,4000.00,2000.00,2000.00,10.00,2.50,2.50',
        '',
      ].join('\r\n'),
    );
  });

  it('has no line for a month without documents', () => {
    expect(gstr8([])).toEqual([]);
    expect(gstr8Csv([])).toBe(
      'gstin of supplier,legal name,gross value of supplies,value of supplies returned,net amount liable for tcs,igst,cgst,sgst\r\n',
    );
  });
});

describe('a seller’s tax report', () => {
  it('gives the supplies by HSN code and rate net of credit notes, and the TCS credited', () => {
    const report = sellerTaxReport(may().filter((record) => record.sellerId === 'seller-1'));
    expect(report).toEqual({
      supplies: [
        // Within Karnataka two sarees sold and two credited; one to Pune.
        { hsn: '5208', rateBps: 500, taxablePaise: 1000_00, cgstPaise: 0, sgstPaise: 0, igstPaise: 50_00 },
        { hsn: '9503', rateBps: 1800, taxablePaise: 1000_00, cgstPaise: 90_00, sgstPaise: 90_00, igstPaise: 0 },
      ],
      invoicedPaise: 4000_00,
      creditedPaise: 2000_00,
      tcs: { cgstPaise: 2_50, sgstPaise: 2_50, igstPaise: 10_00 },
    });
    expect(sellerTaxReportCsv(report)).toBe(
      [
        'hsn,gst rate,taxable value,igst,cgst,sgst',
        '5208,5%,1000.00,50.00,0.00,0.00',
        '9503,18%,1000.00,0.00,90.00,90.00',
        'total supplies,,2000.00,50.00,90.00,90.00',
        'tcs credited,,2000.00,10.00,2.50,2.50',
        '',
      ].join('\r\n'),
    );
  });
});

describe('isMonth', () => {
  it('takes YYYY-MM only', () => {
    expect(isMonth('2026-05')).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-5', '202605', '2026-05-01', 'May 2026', '1999-12', ''])
      expect(isMonth(bad), bad).toBe(false);
  });
});
