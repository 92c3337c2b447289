import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import { TAX_POLICY_STREAM, taxPolicyDecider } from '../../domain/tax/policy.ts';
import { seriesDecider, seriesStream } from '../../domain/invoice/series.ts';
import type { TaxDocumentBody } from '../../domain/invoice/document.ts';
import { Streams } from '../../platform/eventstore/streams.ts';
import { indianDate } from '../../domain/tax/rates.ts';
import { splitInclusive } from '../../domain/tax/split.ts';
import { undoSellerOrderStatus } from '../commands/orders.ts';
import { type Client, expectStatus, ORIGIN, ok } from '../testing/harness.ts';
import { fileApi, signInAdmin } from './catalog.fixtures.ts';
import { actorOfClient, listedProduct, signedIn } from './orders.fixtures.ts';
import { placedOrder } from './purchases.fixtures.ts';
import { BENGALURU, invoiceFixtures, rebuiltFromZero } from './invoices.fixtures.ts';

const api = await fileApi();
const admin = await signInAdmin(api);

const { karnatakaSeller, move, shipped, delivered, returnAccepted, helpRefunded } = invoiceFixtures(api);

const documentsOf = async (viewer: Client, sellerOrderId: string) =>
  ok(await viewer.api.invoices.$get({ query: { sellerOrderId } })).items;

describe('tax invoices at shipping', () => {
  it('issues CGST + SGST from Karnataka to Karnataka, IGST to Maharashtra, every figure in paise', async () => {
    const { seller, saree, toy } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const within = await shipped(seller, buyer, [{ productId: saree, quantity: 2 }, { productId: toy }]);
    const [invoice] = await documentsOf(buyer, within);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: `MEE/${invoice!.fy}/0001`,
      sellerOrderId: within,
      supplier: { legalName: 'Meera Handlooms Private Limited', gstin: '29ABCDE1234F1ZW', stateCode: '29' },
      recipient: { name: 'Asha Rao', address: '12 MG Road, Bengaluru, Karnataka 560001' },
      placeOfSupply: { code: '29', name: 'Karnataka' },
      intraState: true,
      lines: [
        {
          description: 'Ilkal saree',
          hsn: '5208',
          quantity: 2,
          rateBps: 500,
          taxablePaise: 2000_00,
          cgstPaise: 50_00,
          sgstPaise: 50_00,
          igstPaise: 0,
        },
        {
          description: 'Channapatna toy',
          hsn: '4420',
          quantity: 1,
          rateBps: 500,
          ...splitInclusive(499_00, 1, 500, true),
        },
      ],
      totals: { amountPaise: 2599_00, igstPaise: 0 },
    });
    expect(invoice!.date).toBe(indianDate(invoice!.issuedAt));

    const across = await shipped(seller, buyer, [{ productId: saree }], PUNE_ADDRESS);
    const [igst] = await documentsOf(seller, across);
    expect(igst).toMatchObject({
      number: `MEE/${invoice!.fy}/0002`,
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      intraState: false,
      totals: { taxablePaise: 1000_00, cgstPaise: 0, sgstPaise: 0, igstPaise: 50_00, amountPaise: 1050_00 },
    });
  });

  it('issues none for a seller without a GSTIN', async () => {
    const seller = await signedIn(api, 'seller');
    const diya = await listedProduct(api, seller);
    const buyer = await signedIn(api);
    expect(await documentsOf(buyer, await shipped(seller, buyer, [{ productId: diya }]))).toEqual([]);
  });

  it('keeps invoice numbers consecutive with 50 shipments at once', async () => {
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const { orderId } = await placedOrder(api, buyer, [{ productId: saree }], BENGALURU);
      ids.push(`${orderId}-1`);
      await move(seller, `${orderId}-1`, 'processing');
    }
    await Promise.all(ids.map((id) => move(seller, id, 'shipped')));
    await api.settle();
    const { items } = ok(await seller.api.invoices.$get({ query: {} }));
    expect(items).toHaveLength(50);
    const seqs = items.map((doc) => doc.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(items.map((doc) => doc.number)).size).toBe(50);
    expect(new Set(items.map((doc) => doc.sellerOrderId))).toEqual(new Set(ids));
  }, 60_000);

  it("applies a product's rate changed today to invoices from then on, never to those issued before", async () => {
    const { seller, toy } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const before = await shipped(seller, buyer, [{ productId: toy }]);
    const at = new Date().toISOString();
    const change = {
      type: 'SetCategoryTaxDefault',
      actor: actorOfClient(admin),
      at,
      effectiveFrom: indianDate(at),
      source: 'Test notification',
      categoryId: 'handicrafts',
      hsn: '4420',
      gstRateBps: 1800,
    } as const;
    // Handicrafts go to 18% from today; the seller takes the new rate for its toy.
    await api.ctx.streams.handle(TAX_POLICY_STREAM, taxPolicyDecider, change, { actor: admin.user!.id });
    const tax = { hsn: '4420', gstRateBps: 1800 };
    ok(await seller.api.seller.products[':id'].$patch({ param: { id: toy }, json: { tax } }));
    const after = await shipped(seller, buyer, [{ productId: toy }]);
    expect((await documentsOf(buyer, before))[0]!.lines[0]!.rateBps).toBe(500);
    expect((await documentsOf(buyer, after))[0]!.lines[0]).toMatchObject({
      rateBps: 1800,
      ...splitInclusive(499_00, 1, 1800, true),
    });
  });
  it('hands out consecutive numbers to writers racing on a series with nothing shared but the log', async () => {
    // Each writer its own Streams (as separate processes would be): only the append's expected revision orders them.
    const stream = seriesStream('invoice', 'racing-seller', '2026-27');
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const [invoice] = await documentsOf(buyer, await shipped(seller, buyer, [{ productId: saree }]));
    const { id: _id, number: _number, seq: _seq, ...body } = invoice!;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new Streams(api.platform.events).handle(
          stream,
          seriesDecider,
          {
            type: 'IssueInvoice',
            sellerId: 'racing-seller',
            fy: '2026-27',
            prefix: 'RAC',
            body: body as TaxDocumentBody,
            shipmentId: `shipment-${i}`,
          },
          { actor: null },
        ),
      ),
    );
    const { state } = await new Streams(api.platform.events).load(stream, seriesDecider);
    expect(state.count).toBe(20);
    const numbers = Object.values(state.issued)
      .map((doc) => doc.number)
      .sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `RAC/2026-27/${String(i + 1).padStart(4, '0')}`));
  });
});

describe('credit notes', () => {
  it("reverse exactly the returned units' tax, and all of them the invoice's", async () => {
    const { seller } = await karnatakaSeller();
    const ring = await listedProduct(api, seller, { name: 'Silver ring', pricePaise: 333_33, categoryId: 'jewelry' });
    const buyer = await signedIn(api);
    const sellerOrderId = await delivered(seller, buyer, [{ productId: ring, quantity: 3 }], PUNE_ADDRESS);
    for (const quantity of [2, 1]) await returnAccepted(seller, buyer, sellerOrderId, ring, quantity);
    const docs = await documentsOf(buyer, sellerOrderId);
    const invoice = docs.find((d) => d.kind === 'invoice')!;
    const notes = docs.filter((d) => d.kind === 'credit_note').sort((a, b) => a.seq - b.seq);
    expect(notes).toHaveLength(2);
    const [two, one] = notes;
    expect(two).toMatchObject({
      invoiceNumber: invoice.number,
      reason: 'returned',
      number: `MEE/CN${invoice.fy.slice(2, 4)}${invoice.fy.slice(5)}/0001`,
      lines: [{ quantity: 2, rateBps: 300, ...splitInclusive(333_33, 2, 300, false) }],
    });
    const rest = {
      taxablePaise: invoice.totals.taxablePaise - two!.totals.taxablePaise,
      igstPaise: invoice.totals.igstPaise - two!.totals.igstPaise,
    };
    expect(one!.totals).toMatchObject({ ...rest, amountPaise: 333_33 });
  });

  it("credit a help request's refund by value: shared over the lines as the ledger shares it, each at its rate", async () => {
    const { seller, saree, toy } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const sellerOrderId = await delivered(seller, buyer, [{ productId: saree }, { productId: toy }]);
    await helpRefunded(seller, buyer, sellerOrderId, 500_00);
    const docs = await documentsOf(buyer, sellerOrderId);
    const invoice = docs.find((d) => d.kind === 'invoice')!;
    const [note, ...more] = docs.filter((d) => d.kind === 'credit_note');
    expect(more).toEqual([]);
    // ₹500 over ₹1,050 and ₹499 in proportion: 338.92.8 and 161.07.1, the paisa left to the larger remainder.
    const [sareeLine, toyLine] = invoice.lines;
    expect(note).toMatchObject({
      reason: 'refunded',
      invoiceNumber: invoice.number,
      lines: [
        {
          productId: saree,
          quantity: 0,
          rateBps: sareeLine!.rateBps,
          ...splitInclusive(338_93, 1, sareeLine!.rateBps, true),
        },
        {
          productId: toy,
          quantity: 0,
          rateBps: toyLine!.rateBps,
          ...splitInclusive(161_07, 1, toyLine!.rateBps, true),
        },
      ],
      totals: { amountPaise: 500_00 },
    });
    const reply = await buyer.raw.send(`${ORIGIN}/api/invoices/${note!.id}/pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await reply.arrayBuffer())), {
      mergePages: true,
    });
    expect(text).toContain('Refund after a help request');
  });

  it('reverse a shipment undone whole; shipped again, it is invoiced again', async () => {
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const sellerOrderId = await shipped(seller, buyer, [{ productId: saree }]);
    await undoSellerOrderStatus(api.ctx, actorOfClient(seller), sellerOrderId, { status: 'shipped' });
    await move(seller, sellerOrderId, 'shipped');
    await api.settle();
    const docs = await documentsOf(seller, sellerOrderId);
    const invoices = docs.filter((d) => d.kind === 'invoice').map((d) => d.seq);
    expect(invoices.sort()).toEqual([1, 2]);
    const [note] = docs.filter((d) => d.kind === 'credit_note');
    expect(note).toMatchObject({ reason: 'shipment_undone', invoiceNumber: `MEE/${note!.fy}/0001` });
    expect(note!.totals).toEqual({
      taxablePaise: 1000_00,
      cgstPaise: 25_00,
      sgstPaise: 25_00,
      igstPaise: 0,
      amountPaise: 1050_00,
    });
  });
});

describe('GET /api/invoices', () => {
  it('gives a document and its PDF to its buyer, its seller and the admins, to no one else (404)', async () => {
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const [invoice] = await documentsOf(buyer, await shipped(seller, buyer, [{ productId: saree }]));
    const param = { param: { id: invoice!.id } };
    for (const viewer of [buyer, seller, admin]) {
      expect(ok(await viewer.api.invoices[':id'].$get(param))).toEqual(invoice);
      const pdf = await viewer.raw.get(`/api/invoices/${invoice!.id}/pdf`);
      expectStatus(pdf, 200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    }
    const stranger = await signedIn(api);
    const otherSeller = await signedIn(api, 'seller');
    for (const viewer of [stranger, otherSeller]) {
      expectStatus(await viewer.api.invoices[':id'].$get(param), 404);
      expectStatus(await viewer.raw.get(`/api/invoices/${invoice!.id}/pdf`), 404);
      expect(await documentsOf(viewer, invoice!.sellerOrderId)).toEqual([]);
    }
    expectStatus(await api.anonymous().api.invoices[':id'].$get(param), 401);
    expectStatus(await buyer.api.invoices[':id'].$get({ param: { id: 'inv-nothing-2026-27-1' } }), 404);
    expectStatus(await buyer.raw.get(`/api/invoices/${'x'.repeat(201)}`), 400);
  });

  it('finds documents by number for admins only', async () => {
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const [invoice] = await documentsOf(buyer, await shipped(seller, buyer, [{ productId: saree }]));
    const found = ok(await admin.api.invoices.$get({ query: { number: invoice!.number } })).items;
    expect(found.map((d) => d.id)).toContain(invoice!.id);
    expect(found.every((d) => d.number === invoice!.number)).toBe(true);
    expectStatus(await seller.api.invoices.$get({ query: { number: invoice!.number } }), 403);
    expectStatus(await admin.api.invoices.$get({ query: { number: 'X'.repeat(17) } }), 400);
    expect(ok(await buyer.api.invoices.$get({ query: {} })).items.map((d) => d.id)).toEqual([invoice!.id]);
  });

  it("writes the PDF with the seller's GSTIN, the place of supply and the tax split", async () => {
    const { seller, saree } = await karnatakaSeller();
    const buyer = await signedIn(api);
    const [invoice] = await documentsOf(buyer, await shipped(seller, buyer, [{ productId: saree }]));
    const reply = await buyer.raw.send(`${ORIGIN}/api/invoices/${invoice!.id}/pdf`);
    const bytes = new Uint8Array(await reply.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(invoice!.number);
    expect(text).toContain('GSTIN: 29ABCDE1234F1ZW');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('CGST 25.00 + SGST 25.00');
  });
});

describe('rebuild', () => {
  // Last in the file: the log then holds invoices, credit notes and a rate change.
  it('gives read models equal to the live ones (mibi rebuild --all --compare)', async () => {
    const { count, differences } = await rebuiltFromZero(api, 'tax_documents');
    expect(count).toBeGreaterThan(50);
    expect(differences).toEqual([]);
  });
});
