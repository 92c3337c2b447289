import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { type Operator, operatorOf, SAMPLE_ADDRESS } from '../../domain/invoice/commission.ts';
import { KOCHI_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import { REGISTERED_FORM } from '../../domain/seller/tax-profile.fixtures.ts';
import { indianDate } from '../../domain/tax/rates.ts';
import { splitInclusive } from '../../domain/tax/split.ts';
import { deliveryInvoicesEffect } from '../../workers/delivery-invoices.ts';
import { reconcileEffect } from '../../workers/reconcile.ts';
import { workerContext } from '../../workers/worker.ts';
import { LINKS } from '../../workers/workers.fixtures.ts';
import { changeSellerOrderStatus, undoSellerOrderStatus } from '../commands/orders.ts';
import { type Client, expectStatus, ORIGIN, ok, startTestApi } from '../testing/harness.ts';
import { signInAdmin } from './catalog.fixtures.ts';
import { BENGALURU, invoiceFixtures, rebuiltFromZero } from './invoices.fixtures.ts';
import { actorOfClient, listedProduct, signedIn } from './orders.fixtures.ts';
import { placedOrder } from './purchases.fixtures.ts';

// MIBI in Karnataka (the demo's sample GSTIN).
const api = await startTestApi({
  MIBI_GSTIN: '29AAACM1234A1Z4',
  MIBI_LEGAL_NAME: 'MIBI Marketplace',
  MIBI_ADDRESS: SAMPLE_ADDRESS,
});
afterAll(() => api.close());
const admin = await signInAdmin(api);
const { karnatakaSeller, move } = invoiceFixtures(api);

const documentsOf = async (viewer: Client, orderId: string) =>
  ok(await viewer.api['delivery-invoices'].$get({ query: { orderId } })).items;

/** A purchase of `items` (standard delivery, ₹50) whose seller orders `shippers` ship, in that order. */
async function shippedPurchase(
  buyer: Client,
  items: Array<{ productId: string }>,
  shippers: Client[],
  address = BENGALURU,
): Promise<string> {
  const { orderId } = await placedOrder(api, buyer, items, address);
  for (const [i, seller] of shippers.entries()) {
    await move(seller, `${orderId}-${i + 1}`, 'processing');
    await move(seller, `${orderId}-${i + 1}`, 'shipped');
  }
  await api.settle();
  return orderId;
}

async function maharashtraSeller(): Promise<{ seller: Client; diya: string }> {
  const seller = await signedIn(api, 'seller', 'Pune Crafts');
  const form = {
    ...REGISTERED_FORM,
    legalName: 'Pune Crafts LLP',
    gstin: '27AAACM1234A1Z8',
    pan: 'AAACM1234A',
    city: 'Pune',
    stateCode: '27',
    pincode: '411001',
  };
  ok(await seller.api.sellers[':id']['tax-profile'].$put({ param: { id: seller.user!.id }, json: form }));
  const diya = await listedProduct(api, seller, { name: 'Brass diya', pricePaise: 1000_00, categoryId: 'handicrafts' });
  return { seller, diya };
}

describe("MIBI's delivery invoice", () => {
  it('invoices the ₹50 charge once per purchase at its first shipment, the tax taken out of it at 18% (SAC 996812)', async () => {
    const { seller, saree } = await karnatakaSeller();
    const pune = await maharashtraSeller();
    const buyer = await signedIn(api);
    const orderId = await shippedPurchase(buyer, [{ productId: saree }, { productId: pune.diya }], [seller]);
    const [invoice, ...more] = await documentsOf(buyer, orderId);
    expect(more).toEqual([]);
    const split = splitInclusive(50_00, 1, 1800, true);
    expect(split).toEqual({ taxablePaise: 42_37, cgstPaise: 3_82, sgstPaise: 3_81, igstPaise: 0 });
    expect(invoice).toMatchObject({
      kind: 'delivery_invoice',
      number: `DLV/${invoice!.fy}/0001`,
      orderId,
      buyerId: buyer.user!.id,
      supplier: { legalName: 'MIBI Marketplace', gstin: '29AAACM1234A1Z4', stateCode: '29' },
      recipient: { name: 'Asha Rao', address: '12 MG Road, Bengaluru, Karnataka 560001' },
      placeOfSupply: { code: '29', name: 'Karnataka' },
      intraState: true,
      lines: [
        { description: 'Delivery of order: Standard Delivery', sac: '996812', quantity: 1, rateBps: 1800, ...split },
      ],
      totals: { ...split, amountPaise: 50_00 },
    });
    // The second seller's shipment issues no second invoice.
    await move(pune.seller, `${orderId}-2`, 'processing');
    await move(pune.seller, `${orderId}-2`, 'shipped');
    await api.settle();
    expect((await documentsOf(buyer, orderId)).map((doc) => doc.id)).toEqual([invoice!.id]);
    expect(ok(await buyer.api['delivery-invoices'].$get({ query: {} })).items).toEqual([invoice]);
  });

  it("takes the place of supply where the parcel is handed over (the seller's state), not where it goes", async () => {
    const { seller, saree } = await karnatakaSeller();
    const pune = await maharashtraSeller();
    const buyer = await signedIn(api);
    // From Karnataka to Kerala: handed over in Karnataka, MIBI's state.
    const [within] = await documentsOf(
      buyer,
      await shippedPurchase(buyer, [{ productId: saree }], [seller], KOCHI_ADDRESS),
    );
    expect(within).toMatchObject({ placeOfSupply: { code: '29', name: 'Karnataka' }, intraState: true });
    // From Maharashtra to Karnataka: handed over in Maharashtra.
    const [across] = await documentsOf(buyer, await shippedPurchase(buyer, [{ productId: pune.diya }], [pune.seller]));
    expect(across).toMatchObject({
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      intraState: false,
      totals: { ...splitInclusive(50_00, 1, 1800, false), amountPaise: 50_00 },
    });
    // A seller without a tax profile named no place: the shipping address's state stands in.
    const plain = await signedIn(api, 'seller');
    const bowl = await listedProduct(api, plain);
    const [unknown] = await documentsOf(
      buyer,
      await shippedPurchase(buyer, [{ productId: bowl }], [plain], KOCHI_ADDRESS),
    );
    expect(unknown).toMatchObject({ placeOfSupply: { code: '32', name: 'Kerala' }, intraState: false });
  });

  it('credits the whole charge when the whole purchase ends cancelled after a shipment, once', async () => {
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const orderId = await shippedPurchase(buyer, [{ productId: saree }], [seller]);
    const sellerOrderId = `${orderId}-1`;
    await undoSellerOrderStatus(api.ctx, actorOfClient(seller), sellerOrderId, { status: 'shipped' });
    await api.settle();
    expect(await documentsOf(buyer, orderId)).toHaveLength(1);
    const cancel = { status: 'cancelled', reason: 'Out of stock' } as const;
    await changeSellerOrderStatus(api.ctx, actorOfClient(seller), sellerOrderId, cancel);
    await api.settle();
    const [note, invoice] = await documentsOf(buyer, orderId);
    expect(note).toMatchObject({
      kind: 'delivery_credit_note',
      number: `DLV/CN${invoice!.fy.slice(2, 4)}${invoice!.fy.slice(5)}/0001`,
      invoiceId: invoice!.id,
      invoiceNumber: invoice!.number,
      lines: invoice!.lines,
      totals: invoice!.totals,
    });
    expect(note!.number.length).toBeLessThanOrEqual(16);
  });

  it('issues nothing for a purchase cancelled before any shipment', async () => {
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const { orderId } = await placedOrder(api, buyer, [{ productId: saree }]);
    await changeSellerOrderStatus(api.ctx, actorOfClient(seller), `${orderId}-1`, {
      status: 'cancelled',
      reason: 'Out of stock',
    });
    await api.settle();
    expect(await documentsOf(admin, orderId)).toEqual([]);
  });
});

describe('GET /api/delivery-invoices', () => {
  it('gives a document and its PDF to the purchase’s buyer and the admins, to no one else (404)', async () => {
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const orderId = await shippedPurchase(buyer, [{ productId: saree }], [seller]);
    const [invoice] = await documentsOf(buyer, orderId);
    const param = { param: { id: invoice!.id } };
    for (const viewer of [buyer, admin]) {
      expect(ok(await viewer.api['delivery-invoices'][':id'].$get(param))).toEqual(invoice);
      const pdf = await viewer.raw.get(`/api/delivery-invoices/${invoice!.id}/pdf`);
      expectStatus(pdf, 200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    }
    const stranger = await signedIn(api);
    for (const viewer of [stranger, seller]) {
      expectStatus(await viewer.api['delivery-invoices'][':id'].$get(param), 404);
      expectStatus(await viewer.raw.get(`/api/delivery-invoices/${invoice!.id}/pdf`), 404);
      expect(await documentsOf(viewer, orderId)).toEqual([]);
      expect(ok(await viewer.api['delivery-invoices'].$get({ query: {} })).items).toEqual([]);
    }
    expectStatus(await api.anonymous().api['delivery-invoices'][':id'].$get(param), 401);
    expectStatus(await api.anonymous().api['delivery-invoices'].$get({ query: { orderId } }), 401);
    // A commission invoice's or a seller's document id is not a delivery invoice.
    expectStatus(await admin.api['delivery-invoices'][':id'].$get({ param: { id: 'mib-2026-27-1' } }), 404);
    expectStatus(await buyer.api['delivery-invoices'][':id'].$get({ param: { id: 'dlv-1999-00-1' } }), 404);
    expectStatus(await buyer.raw.get(`/api/delivery-invoices/${'x'.repeat(201)}`), 400);
    expectStatus(await buyer.raw.get(`/api/delivery-invoices/${'x'.repeat(201)}/pdf`), 400);
    expectStatus(await buyer.raw.get(`/api/delivery-invoices?orderId=${'x'.repeat(201)}`), 400);
    expectStatus(await buyer.raw.get('/api/delivery-invoices?orderId=%20'), 400);
    // Admins find it by its number; no one else searches.
    const byNumber = { query: { number: invoice!.number } };
    expect(ok(await admin.api['delivery-invoices'].$get(byNumber)).items).toEqual([invoice]);
    expectStatus(await buyer.api['delivery-invoices'].$get(byNumber), 403);
    expectStatus(await admin.api['delivery-invoices'].$get({ query: { number: 'X'.repeat(17) } }), 400);
  });

  it('writes the PDF with MIBI’s GSTIN and address, the SAC, the place of supply and the tax split', async () => {
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const [invoice] = await documentsOf(buyer, await shippedPurchase(buyer, [{ productId: saree }], [seller]));
    const reply = await buyer.raw.send(`${ORIGIN}/api/delivery-invoices/${invoice!.id}/pdf`);
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="${invoice!.number.replaceAll('/', '-')}.pdf"`,
    );
    const bytes = new Uint8Array(await reply.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(`Invoice number: ${invoice!.number}`);
    expect(text).toContain('GSTIN: 29AAACM1234A1Z4');
    expect(text).toContain(SAMPLE_ADDRESS);
    expect(text).toContain('996812');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('CGST 3.82 + SGST 3.81');
  });
});

describe('the delivery rate', () => {
  // After the other tests: it changes the rate for the rest of the file.
  it("is the tax policy's on the shipment's day: a rate changed today applies from today only", async () => {
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const before = await shippedPurchase(buyer, [{ productId: saree }], [seller]);
    const today = indianDate(new Date().toISOString());
    ok(
      await admin.api.admin['tax-policy'].services[':service'].$put({
        param: { service: 'delivery' },
        json: { sac: '996813', rateBps: 500, effectiveFrom: today, source: 'Notification 99/2026-Central Tax (Rate)' },
      }),
    );
    const after = await shippedPurchase(buyer, [{ productId: saree }], [seller]);
    const line = async (orderId: string) => (await documentsOf(buyer, orderId))[0]?.lines[0];
    expect(await line(before)).toMatchObject({ sac: '996812', rateBps: 1800, ...splitInclusive(50_00, 1, 1800, true) });
    expect(await line(after)).toMatchObject({ sac: '996813', rateBps: 500, ...splitInclusive(50_00, 1, 500, true) });
  });
});

describe('exactly once', () => {
  it('leaves mibi reconcile nothing to add: each first shipment and whole cancellation has its document', async () => {
    await api.settle();
    const operator = operatorOf('29AAACM1234A1Z4', 'MIBI Marketplace', SAMPLE_ADDRESS) as Operator;
    const cx = workerContext(api.platform, LINKS, { operator });
    const found = await reconcileEffect(cx, deliveryInvoicesEffect(operator));
    expect(found).toMatchObject({ requeued: 0, dead: 0 });
    expect(found.checked).toBeGreaterThan(10);
  });
});

describe('rebuild', () => {
  // Last in the file: the log then holds delivery invoices, a credit note and a rate change.
  it('gives read models equal to the live ones (mibi rebuild --all --compare)', async () => {
    const { count, differences } = await rebuiltFromZero(api, 'mibi_documents', { kind: 'delivery_credit_note' });
    expect(count).toBe(1);
    expect(differences).toEqual([]);
  });
});
