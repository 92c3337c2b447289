import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indianDate } from '../../domain/tax/rates.ts';
import { splitExclusive } from '../../domain/tax/split.ts';
import { REGISTERED_FORM } from '../../domain/seller/tax-profile.fixtures.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { projections } from '../../projections/index.ts';
import { collectionsOf, compareReadStores, replay } from '../../projections/rebuild.ts';
import { type Client, expectStatus, ok, startTestApi } from '../testing/harness.ts';
import { signInAdmin } from './catalog.fixtures.ts';
import { invoiceFixtures } from './invoices.fixtures.ts';
import { listedProduct, signedIn } from './orders.fixtures.ts';
import { placedOrder } from './purchases.fixtures.ts';

// MIBI in Karnataka (the demo's sample GSTIN).
const api = await startTestApi({ MIBI_GSTIN: '29AAACM1234A1Z4', MIBI_LEGAL_NAME: 'MIBI Marketplace' });
afterAll(() => api.close());
const admin = await signInAdmin(api);
const { karnatakaSeller, move } = invoiceFixtures(api);

async function delivered(seller: Client, items: Array<{ productId: string; quantity?: number }>) {
  const { orderId } = await placedOrder(api, await signedIn(api), items);
  const sellerOrderId = `${orderId}-1`;
  for (const status of ['processing', 'shipped', 'delivered'] as const) await move(seller, sellerOrderId, status);
  await api.settle();
  return sellerOrderId;
}

const invoicesOf = async (viewer: Client, sellerOrderId: string) =>
  ok(await viewer.api['commission-invoices'].$get({ query: { sellerOrderId } })).items;

describe("MIBI's commission invoice on delivery", () => {
  it('invoices the 10% commission with 18% GST: CGST + SGST within Karnataka, IGST to Maharashtra', async () => {
    const { seller, saree, toy } = await karnatakaSeller();
    const within = await delivered(seller, [{ productId: saree, quantity: 2 }, { productId: toy }]);
    const [invoice, ...more] = await invoicesOf(seller, within);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'commission_invoice',
      number: `MIB/${invoice!.fy}/0001`,
      sellerOrderId: within,
      supplier: { legalName: 'MIBI Marketplace', gstin: '29AAACM1234A1Z4', stateCode: '29' },
      recipient: { legalName: 'Meera Handlooms Private Limited', gstin: '29ABCDE1234F1ZW', stateCode: '29' },
      intraState: true,
      lines: [
        {
          description: 'Marketplace commission: Ilkal saree',
          sac: '996211',
          quantity: 2,
          rateBps: 1800,
          taxablePaise: 210_00,
          cgstPaise: 18_90,
          sgstPaise: 18_90,
          igstPaise: 0,
          amountPaise: 247_80,
        },
        { sac: '996211', quantity: 1, ...splitExclusive(49_90, 1800, true) },
      ],
      totals: { taxablePaise: 259_90, igstPaise: 0, amountPaise: 247_80 + 49_90 + 8_98 },
    });
    expect(ok(await admin.api['commission-invoices'][':id'].$get({ param: { id: invoice!.id } }))).toEqual(invoice);

    const other = await signedIn(api, 'seller', 'Pune Crafts');
    ok(
      await other.api.sellers[':id']['tax-profile'].$put({
        param: { id: other.user!.id },
        json: {
          ...REGISTERED_FORM,
          legalName: 'Pune Crafts LLP',
          gstin: '27AAACM1234A1Z8',
          pan: 'AAACM1234A',
          city: 'Pune',
          stateCode: '27',
          pincode: '411001',
        },
      }),
    );
    const diya = await listedProduct(api, other, {
      name: 'Brass diya',
      pricePaise: 1000_00,
      categoryId: 'handicrafts',
    });
    const across = await delivered(other, [{ productId: diya }]);
    const [igst] = await invoicesOf(other, across);
    expect(igst).toMatchObject({
      number: `MIB/${invoice!.fy}/0002`,
      recipient: { gstin: '27AAACM1234A1Z8', stateCode: '27', stateName: 'Maharashtra' },
      intraState: false,
      totals: { taxablePaise: 100_00, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_00, amountPaise: 118_00 },
    });

    // Another seller is told it is not there; a seller order is invoiced once.
    expectStatus(await other.api['commission-invoices'][':id'].$get({ param: { id: invoice!.id } }), 404);
    expect(await invoicesOf(other, within)).toEqual([]);
    expect(ok(await seller.api['commission-invoices'].$get({ query: {} })).items.map((doc) => doc.id)).toEqual([
      invoice!.id,
    ]);
  });

  it('issues none to a seller without a GSTIN', async () => {
    const seller = await signedIn(api, 'seller');
    const diya = await listedProduct(api, seller);
    expect(await invoicesOf(admin, await delivered(seller, [{ productId: diya }]))).toEqual([]);
  });

  it("takes the commission's SAC code and rate from the tax policy: a rate changed today applies from today only", async () => {
    const { seller, saree } = await karnatakaSeller();
    const before = await delivered(seller, [{ productId: saree }]);
    const today = indianDate(new Date().toISOString());
    const setRate = async (rateBps: number, effectiveFrom: string) =>
      ok(
        await admin.api.admin['tax-policy'].services[':service'].$put({
          param: { service: 'commission' },
          json: { sac: '996219', rateBps, effectiveFrom, source: 'Notification 99/2026-Central Tax (Rate)' },
        }),
      );
    // A rate from a later day leaves today's deliveries at the rate in force.
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await setRate(4000, tomorrow);
    const scheduled = await delivered(seller, [{ productId: saree }]);
    await setRate(500, today);
    const after = await delivered(seller, [{ productId: saree }]);
    const line = async (sellerOrderId: string) => (await invoicesOf(seller, sellerOrderId))[0]?.lines[0];
    expect(await line(before)).toMatchObject({ sac: '996211', rateBps: 1800, taxablePaise: 105_00, cgstPaise: 9_45 });
    expect(await line(scheduled)).toMatchObject({ sac: '996211', rateBps: 1800, cgstPaise: 9_45 });
    expect(await line(after)).toMatchObject({ sac: '996219', rateBps: 500, taxablePaise: 105_00, cgstPaise: 2_63 });
  });
});

describe('rebuild', () => {
  it('gives read models equal to the live ones (mibi rebuild --all --compare)', async () => {
    await api.settle();
    const last = await api.platform.events.lastPosition();
    const rebuilt = new SqliteReadStore(join(api.dir, 'rebuilt.db'));
    await replay(
      api.platform.events,
      rebuilt,
      projections.map((projection) => ({ projection, toPosition: last })),
    );
    expect(await rebuilt.collection('mibi_documents').count({ kind: 'commission_invoice' })).toBe(5);
    expect(await compareReadStores(api.platform.read, rebuilt, collectionsOf(projections))).toEqual([]);
    await rebuilt.close();
  });
});
