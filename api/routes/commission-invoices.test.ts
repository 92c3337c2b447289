import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { type Operator, operatorOf, SAMPLE_ADDRESS } from '../../domain/invoice/commission.ts';
import { indianDate } from '../../domain/tax/rates.ts';
import { splitExclusive } from '../../domain/tax/split.ts';
import { REGISTERED_FORM } from '../../domain/seller/tax-profile.fixtures.ts';
import { commissionInvoicesEffect } from '../../workers/commission-invoices.ts';
import { reconcileEffect } from '../../workers/reconcile.ts';
import { workerContext } from '../../workers/worker.ts';
import { LINKS } from '../../workers/workers.fixtures.ts';
import { type Client, expectStatus, ORIGIN, ok, startTestApi } from '../testing/harness.ts';
import { signInAdmin } from './catalog.fixtures.ts';
import { invoiceFixtures, rebuiltFromZero } from './invoices.fixtures.ts';
import { listedProduct, signedIn } from './orders.fixtures.ts';

// MIBI in Karnataka (the demo's sample GSTIN).
const api = await startTestApi({
  MIBI_GSTIN: '29AAACM1234A1Z4',
  MIBI_LEGAL_NAME: 'MIBI Marketplace',
  MIBI_ADDRESS: SAMPLE_ADDRESS,
});
afterAll(() => api.close());
const admin = await signInAdmin(api);
const fixtures = invoiceFixtures(api);
const { karnatakaSeller } = fixtures;

const delivered = async (seller: Client, items: Array<{ productId: string; quantity?: number }>) =>
  fixtures.delivered(seller, await signedIn(api), items);

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

describe("MIBI's commission credit notes", () => {
  it('credit each accepted return the commission it gave back, against the invoice, once; all of them the invoice', async () => {
    const { seller } = await karnatakaSeller();
    const ring = await listedProduct(api, seller, { name: 'Silver ring', pricePaise: 333_33, categoryId: 'jewelry' });
    const buyer = await signedIn(api);
    const sellerOrderId = await fixtures.delivered(seller, buyer, [{ productId: ring, quantity: 3 }]);
    for (const quantity of [2, 1]) await fixtures.returnAccepted(seller, buyer, sellerOrderId, ring, quantity);
    const docs = await invoicesOf(seller, sellerOrderId);
    const invoice = docs.find((d) => d.kind === 'commission_invoice')!;
    const notes = docs.filter((d) => d.kind === 'commission_credit_note').sort((a, b) => a.seq - b.seq);
    expect(notes).toHaveLength(2);
    const fy = invoice.fy;
    const [two, one] = notes;
    // At the rate changed above (5%). The commission on 3 rings is 10% of 999.99, rounded: 100.00; on 2, 66.67; the last ring's is the rest.
    expect(two).toMatchObject({
      number: `MIB/CN${fy.slice(2, 4)}${fy.slice(5)}/0001`,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      recipient: invoice.recipient,
      lines: [{ quantity: 2, sac: invoice.lines[0]!.sac, rateBps: 500, ...splitExclusive(66_67, 500, true) }],
    });
    expect(one!.number).toBe(`MIB/CN${fy.slice(2, 4)}${fy.slice(5)}/0002`);
    for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'amountPaise'] as const)
      expect(two!.totals[key] + one!.totals[key]).toBe(invoice.totals[key]);
    // Another seller is not told of them; an admin finds a credit note by its number.
    const other = await signedIn(api, 'seller');
    expect(await invoicesOf(other, sellerOrderId)).toEqual([]);
    expectStatus(await other.api['commission-invoices'][':id'].$get({ param: { id: two!.id } }), 404);
    const found = ok(await admin.api['commission-invoices'].$get({ query: { number: two!.number } })).items;
    expect(found).toEqual([two]);
  });
});

describe("MIBI's commission credit notes for help refunds", () => {
  it('credit the commission a refund after delivery gave back, at the invoice rate, once', async () => {
    const { seller } = await karnatakaSeller();
    const ring = await listedProduct(api, seller, { name: 'Silver ring', pricePaise: 333_33, categoryId: 'jewelry' });
    const buyer = await signedIn(api);
    const sellerOrderId = await fixtures.delivered(seller, buyer, [{ productId: ring, quantity: 3 }]);
    await fixtures.helpRefunded(seller, buyer, sellerOrderId, 500_00);
    await fixtures.returnAccepted(seller, buyer, sellerOrderId, ring, 1);
    const docs = await invoicesOf(seller, sellerOrderId);
    const invoice = docs.find((d) => d.kind === 'commission_invoice')!;
    const [refunded, returned] = docs.filter((d) => d.kind === 'commission_credit_note').sort((a, b) => a.seq - b.seq);
    // 10% of the ₹500 refund gives back ₹50.00 of commission, taxed at the invoice's rate (5%, changed above).
    expect(refunded).toMatchObject({
      reason: 'refunded',
      invoiceId: invoice.id,
      lines: [{ productId: ring, quantity: 0, rateBps: 500, ...splitExclusive(50_00, 500, true) }],
    });
    // The return after it credits its own ₹33.33 after the ₹50.00 already credited.
    expect(returned).not.toHaveProperty('reason');
    const upTo = (paise: number) => splitExclusive(paise, 500, true);
    expect(returned!.lines[0]).toMatchObject({
      quantity: 1,
      taxablePaise: 33_33,
      cgstPaise: upTo(83_33).cgstPaise - upTo(50_00).cgstPaise,
    });
  });
});

describe('GET /api/commission-invoices/{id}/pdf', () => {
  it("writes MIBI's GSTIN, the seller's, the SAC and the tax split; for its seller and admins only", async () => {
    const { seller, saree } = await karnatakaSeller();
    const [invoice] = await invoicesOf(seller, await delivered(seller, [{ productId: saree }]));
    const path = `/api/commission-invoices/${invoice!.id}/pdf`;
    for (const viewer of [seller, admin]) {
      const reply = await viewer.raw.get(path);
      expectStatus(reply, 200);
      expect(reply.headers.get('content-type')).toBe('application/pdf');
    }
    const bytes = new Uint8Array(await (await seller.raw.send(`${ORIGIN}${path}`)).arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    for (const shown of [
      'Tax Invoice',
      invoice!.number,
      'GSTIN: 29AAACM1234A1Z4',
      'GSTIN: 29ABCDE1234F1ZW',
      'Place of supply: Karnataka (29)',
      'SAC',
      `CGST ${(invoice!.totals.cgstPaise / 100).toFixed(2)} + SGST ${(invoice!.totals.sgstPaise / 100).toFixed(2)}`,
    ])
      expect(text).toContain(shown);
    for (const [viewer, status] of [
      [await signedIn(api, 'seller'), 404],
      [await signedIn(api), 403],
      [api.anonymous(), 401],
    ] as const)
      expectStatus(await viewer.raw.get(path), status);
  });

  it('refuses bad input: an unknown or overlong id, a number search by a seller or of 17 characters', async () => {
    const seller = await signedIn(api, 'seller');
    expectStatus(await admin.raw.get('/api/commission-invoices/mib-2026-27-99999/pdf'), 404);
    expectStatus(await admin.raw.get(`/api/commission-invoices/${'x'.repeat(201)}/pdf`), 400);
    expectStatus(await admin.raw.get(`/api/commission-invoices/${'x'.repeat(201)}`), 400);
    expectStatus(await seller.api['commission-invoices'].$get({ query: { number: 'MIB/2026-27/0001' } }), 403);
    expectStatus(await admin.api['commission-invoices'].$get({ query: { number: 'M'.repeat(17) } }), 400);
    expectStatus(await admin.api['commission-invoices'].$get({ query: { sellerOrderId: ' ' } }), 400);
  });
});

describe('exactly once', () => {
  it('leaves mibi reconcile nothing to add: each delivery, accepted return and help refund has its document', async () => {
    await api.settle();
    const operator = operatorOf('29AAACM1234A1Z4', 'MIBI Marketplace', SAMPLE_ADDRESS) as Operator;
    const cx = workerContext(api.platform, LINKS, { operator });
    const found = await reconcileEffect(cx, commissionInvoicesEffect(operator));
    // 9 deliveries (one of a seller without a GSTIN, which calls for none), 3 accepted returns and a help refund.
    expect(found).toMatchObject({ checked: 13, requeued: 0, dead: 0 });
  });
});

describe('rebuild', () => {
  // Last in the file: the log then holds commission invoices, credit notes and a rate change.
  it('gives read models equal to the live ones (mibi rebuild --all --compare)', async () => {
    const commission = await rebuiltFromZero(api, 'mibi_documents', { kind: 'commission_invoice' });
    expect(commission.count).toBe(8);
    expect(commission.differences).toEqual([]);
    const { count, differences } = await rebuiltFromZero(api, 'mibi_documents', { kind: 'commission_credit_note' });
    expect(count).toBe(4);
    expect(differences).toEqual([]);
  });
});
