import { describe, expect, it } from 'vitest';
import { seriesStream } from '../../domain/invoice/series.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import { TAX_POLICY_STREAM } from '../../domain/tax/policy.ts';
import { creditNote, invoice } from '../../domain/tcs/documents.fixtures.ts';
import { projectionStores } from '../projection.fixtures.ts';
import type { LedgerEntryDoc, SellerBalanceDoc } from './documents.ts';
import { LEDGER_ENTRIES, SELLER_BALANCES, ledger } from './projection.ts';
import { gstr8Of, sellerTaxReportOf } from './queries.ts';

const stores = projectionStores(ledger);

const saree = { productId: 'saree', pricePaise: 1050_00, hsn: '5208', rateBps: 500 };

/**
 * TCS at 0.5% until an admin, on 12 May, sets 1% from 16 May: the 10th's and 14th's invoices collect 0.5%, the 20th's
 * 1%, and the 20th's credit note of the 10th's invoice gives back 0.5% of what it credits.
 */
async function mayWithRateChange() {
  const tenth = invoice(1, '2026-05-10', [{ ...saree, quantity: 2 }]);
  const fourteenth = invoice(2, '2026-05-14', [{ ...saree, quantity: 1 }], { address: PUNE_ADDRESS });
  const twentieth = invoice(3, '2026-05-20', [{ ...saree, quantity: 2 }]);
  const returned = creditNote(1, tenth, { saree: 1 }, '2026-05-20');
  const invoices = seriesStream('invoice', 'seller-1', '2026-27');
  const issue = (doc: typeof tenth) => stores.events.append(invoices, [{ type: 'InvoiceIssued', data: doc }], 'any');
  await issue(tenth);
  const rate = { rateBps: 100, effectiveFrom: '2026-05-16', source: 'Test notification', by: 'admin-1' };
  await stores.events.append(
    TAX_POLICY_STREAM,
    [{ type: 'TcsRateSet', data: { ...rate, at: '2026-05-12T09:00:00.000Z' } }],
    'any',
  );
  await issue(fourteenth);
  await issue(twentieth);
  await stores.events.append(
    seriesStream('credit_note', 'seller-1', '2026-27'),
    [{ type: 'CreditNoteIssued', data: returned }],
    'any',
  );
  return { tenth, fourteenth, twentieth, returned };
}

describe('TCS in the ledger', () => {
  it('collects TCS at the rate in force on each invoice’s date, and gives back a credit note’s at its invoice’s', async () => {
    const { tenth, fourteenth, twentieth, returned } = await mayWithRateChange();
    await stores.runner(2).catchUp(ledger.name);
    const entries = await stores.read
      .collection<LedgerEntryDoc>(LEDGER_ENTRIES)
      .find({ where: { sellerId: 'seller-1' }, sort: [['position', 'asc']] });
    expect(entries.map(({ id, kind, reference, amountPaise }) => ({ id, kind, reference, amountPaise }))).toEqual([
      // 2000 taxable at 0.5%.
      { id: `tcs:${tenth.id}`, kind: 'tcs', reference: tenth.number, amountPaise: -10_00 },
      // 1000 at 0.5%, to Maharashtra: IGST.
      { id: `tcs:${fourteenth.id}`, kind: 'tcs', reference: fourteenth.number, amountPaise: -5_00 },
      // 2000 at 1%.
      { id: `tcs:${twentieth.id}`, kind: 'tcs', reference: twentieth.number, amountPaise: -20_00 },
      // 1000 credited at the 10th's 0.5%.
      { id: `tcs:${returned.id}`, kind: 'tcs', reference: returned.number, amountPaise: 5_00 },
    ]);
    const balance = await stores.read.collection<SellerBalanceDoc>(SELLER_BALANCES).get('seller-1');
    expect(balance).toMatchObject({ tcsPaise: 30_00, earnedPaise: 0, paidPaise: 0, balancePaise: -30_00 });

    expect(await gstr8Of(stores.read, '2026-05')).toEqual({
      month: '2026-05',
      lines: [
        {
          gstin: '29ABCDE1234F1ZW',
          legalName: 'Meera Handlooms Private Limited',
          grossPaise: 5000_00,
          returnsPaise: 1000_00,
          netPaise: 4000_00,
          cgstPaise: 12_50,
          sgstPaise: 12_50,
          igstPaise: 5_00,
        },
      ],
    });
    expect(await gstr8Of(stores.read, '2026-06')).toEqual({ month: '2026-06', lines: [] });
    const report = await sellerTaxReportOf(stores.read, 'seller-1', '2026-05');
    expect(report).toMatchObject({
      invoicedPaise: 5000_00,
      creditedPaise: 1000_00,
      tcs: { cgstPaise: 12_50, sgstPaise: 12_50, igstPaise: 5_00 },
    });
    expect(await sellerTaxReportOf(stores.read, 'seller-2', '2026-05')).toMatchObject({
      supplies: [],
      invoicedPaise: 0,
    });
  });

  it('rebuilds to the same documents, and posts each document once', async () => {
    await mayWithRateChange();
    await stores.runner(1).catchUp(ledger.name);
    const first = await stores.documents();
    const again = stores.runner(500);
    await again.rebuild(ledger.name);
    await again.catchUp(ledger.name);
    expect(await stores.documents()).toEqual(first);
  });
});
