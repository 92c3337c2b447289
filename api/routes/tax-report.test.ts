import { describe, expect, it } from 'vitest';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import { indianDate } from '../../domain/tax/rates.ts';
import { errorOf, expectStatus, ok } from '../testing/harness.ts';
import { fileApi, signInAdmin } from './catalog.fixtures.ts';
import { invoiceFixtures } from './invoices.fixtures.ts';
import { acceptedReturn } from './ledger.fixtures.ts';
import { signedIn } from './orders.fixtures.ts';

const api = await fileApi();
const admin = await signInAdmin(api);
const { karnatakaSeller, move, shipped } = invoiceFixtures(api);

const today = () => indianDate(new Date().toISOString());
const month = () => today().slice(0, 7);

describe('TCS, the seller’s tax report and GSTR-8', () => {
  it('collects TCS at the rate in force on each invoice, gives a credit note’s back, and reports the month', async () => {
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    // Within Karnataka at 0.5%: two sarees, ₹2,000 taxable, ₹5 CGST + ₹5 SGST.
    const within = await shipped(seller, buyer, [{ productId: saree, quantity: 2 }]);
    const rate = { rateBps: 100, effectiveFrom: today(), source: 'Test notification' };
    expectStatus(await admin.api.admin['tax-policy']['tcs-rate'].$put({ json: rate }), 200);
    // To Maharashtra at 1% from today: ₹1,000 taxable, ₹10 IGST.
    await shipped(seller, buyer, [{ productId: saree }], PUNE_ADDRESS);
    await move(seller, within, 'delivered');
    // A saree of the first invoice comes back: its ₹2.50 + ₹2.50 at that invoice's 0.5%.
    await acceptedReturn(buyer, seller, within, [{ productId: saree, quantity: 1 }]);
    await api.settle();

    const ledger = ok(await seller.api.seller.ledger.$get({ query: {} }));
    const tcs = ledger.entries.items.filter((entry) => entry.kind === 'tcs').map((entry) => entry.amountPaise);
    expect(tcs.sort((a, b) => a - b)).toEqual([-10_00, -10_00, 5_00]);
    expect(ledger.balance.tcsPaise).toBe(15_00);
    expect(ledger.balance.balancePaise).toBe(ledger.balance.earnedPaise - 15_00);

    const report = ok(await seller.api.seller['tax-report'].$get({ query: { month: month() } }));
    expect(report).toEqual({
      month: month(),
      supplies: [
        { hsn: '5208', rateBps: 500, taxablePaise: 2000_00, cgstPaise: 25_00, sgstPaise: 25_00, igstPaise: 50_00 },
      ],
      invoicedPaise: 3000_00,
      creditedPaise: 1000_00,
      tcs: { cgstPaise: 2_50, sgstPaise: 2_50, igstPaise: 10_00 },
    });
    const csv = await seller.api.seller['tax-report'].csv.$get({ query: { month: month() } });
    expectStatus(csv, 200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="mibi-tax-report-${month()}.csv"`);
    expect(csv.body.split('\r\n')).toEqual([
      'hsn,gst rate,taxable value,igst,cgst,sgst',
      '5208,5%,2000.00,50.00,25.00,25.00',
      'total supplies,,2000.00,50.00,25.00,25.00',
      'tcs credited,,2000.00,10.00,2.50,2.50',
      '',
    ]);

    const gstr8 = ok(await admin.api.admin.gstr8.$get({ query: { month: month() } }));
    expect(gstr8).toEqual({
      month: month(),
      lines: [
        {
          gstin: '29ABCDE1234F1ZW',
          legalName: 'Meera Handlooms Private Limited',
          grossPaise: 3000_00,
          returnsPaise: 1000_00,
          netPaise: 2000_00,
          cgstPaise: 2_50,
          sgstPaise: 2_50,
          igstPaise: 10_00,
        },
      ],
    });
    const file = await admin.api.admin.gstr8.csv.$get({ query: { month: month() } });
    expectStatus(file, 200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="mibi-gstr8-${month()}.csv"`);
    expect(file.body.split('\r\n')).toEqual([
      'gstin of supplier,legal name,gross value of supplies,value of supplies returned,net amount liable for tcs,igst,cgst,sgst',
      '29ABCDE1234F1ZW,Meera Handlooms Private Limited,3000.00,1000.00,2000.00,10.00,2.50,2.50',
      '',
    ]);
    // Another month has none of it.
    expect(ok(await admin.api.admin.gstr8.$get({ query: { month: '2026-01' } })).lines).toEqual([]);
  });

  it('shows a seller only their own report, and GSTR-8 to admins only', async () => {
    const stranger = await signedIn(api, 'seller');
    expect(ok(await stranger.api.seller['tax-report'].$get({ query: { month: month() } }))).toMatchObject({
      supplies: [],
      invoicedPaise: 0,
      tcs: { cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
    });
    const buyer = await signedIn(api);
    const query = { query: { month: month() } };
    expect(errorOf(await buyer.api.seller['tax-report'].$get(query))).toMatchObject({ code: 'forbidden' });
    expect((await buyer.api.seller['tax-report'].csv.$get(query)).status).toBe(403);
    expect((await admin.api.seller['tax-report'].$get(query)).status).toBe(403);
    for (const user of [stranger, buyer]) {
      expect((await user.api.admin.gstr8.$get(query)).status).toBe(403);
      expect((await user.api.admin.gstr8.csv.$get(query)).status).toBe(403);
    }
    const anonymous = api.anonymous();
    expect((await anonymous.api.seller['tax-report'].$get(query)).status).toBe(401);
    expect((await anonymous.api.seller['tax-report'].csv.$get(query)).status).toBe(401);
    expect((await anonymous.api.admin.gstr8.$get(query)).status).toBe(401);
    expect((await anonymous.api.admin.gstr8.csv.$get(query)).status).toBe(401);
  });

  it('refuses a month not written YYYY-MM on every route', async () => {
    const seller = await signedIn(api, 'seller');
    const routes = [
      (month: string) => seller.api.seller['tax-report'].$get({ query: { month } }),
      (month: string) => seller.api.seller['tax-report'].csv.$get({ query: { month } }),
      (month: string) => admin.api.admin.gstr8.$get({ query: { month } }),
      (month: string) => admin.api.admin.gstr8.csv.$get({ query: { month } }),
    ];
    for (const route of routes) {
      for (const bad of ['2026-13', '2026-5', '2026-05-01', 'May', '', '=1+1']) {
        expect(errorOf(await route(bad)).fields, bad).toEqual({ month: 'Month must be a month like 2026-04' });
      }
    }
    expectStatus(await seller.raw.get('/api/seller/tax-report'), 400);
  });
});
