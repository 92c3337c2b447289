import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { KOCHI_ADDRESS, PUNE_ADDRESS } from '../order/addresses.fixtures.ts';
import { REGISTERED } from '../seller/tax-profile.fixtures.ts';
import { amountOf } from '../tax/split.ts';
import { operatorOf, SAMPLE_ADDRESS } from './commission.ts';
import { type DeliveryFacts, deliveryCreditBody, deliveryInvoiceBody, handoverPlace } from './delivery.ts';
import { type DeliverySeriesEvent, deliverySeriesDecider } from './delivery-series.ts';

const operator = operatorOf('29AAACM1234A1Z4', 'MIBI Marketplace', SAMPLE_ADDRESS);
if (typeof operator === 'string') throw new Error(operator);

const facts = (changes: Partial<DeliveryFacts> = {}): DeliveryFacts => ({
  orderId: 'o1',
  buyerId: 'b1',
  operator,
  shippingAddress: KOCHI_ADDRESS,
  placeOfSupply: handoverPlace(REGISTERED, KOCHI_ADDRESS),
  label: 'Standard Delivery',
  chargePaise: 50_00,
  service: { sac: '996812', rateBps: 1800 },
  date: '2026-11-28',
  at: '2026-11-27T21:00:00.000Z',
  ...changes,
});

describe('handoverPlace', () => {
  it("is the seller's state, else the shipping address's", () => {
    expect(handoverPlace(REGISTERED, KOCHI_ADDRESS)).toEqual({ code: '29', name: 'Karnataka' });
    expect(handoverPlace(null, PUNE_ADDRESS)).toEqual({ code: '27', name: 'Maharashtra' });
    expect(handoverPlace(null, { ...PUNE_ADDRESS, state: 'Atlantis' })).toEqual({ code: null, name: 'Atlantis' });
  });
});

describe('deliveryInvoiceBody', () => {
  it('takes the tax out of the charge: taxable value and tax add up to it, for any charge and rate', () => {
    for (let charge = 0; charge <= 1000_00; charge += 7_13)
      for (const rateBps of [0, 500, 1200, 1800, 2800])
        for (const place of [
          { code: '29', name: 'Karnataka' },
          { code: '27', name: 'Maharashtra' },
        ]) {
          const body = deliveryInvoiceBody(
            facts({ chargePaise: charge, service: { sac: '996812', rateBps }, placeOfSupply: place }),
          );
          expect(body.intraState).toBe(place.code === '29');
          expect(body.totals.amountPaise).toBe(charge);
          expect(amountOf(body.lines[0]!)).toBe(charge);
          if (!body.intraState) expect(body.totals.cgstPaise + body.totals.sgstPaise).toBe(0);
          else expect(body.totals.igstPaise).toBe(0);
        }
  });

  it('names the service, its SAC and rate; the credit note repeats every figure on its own date', () => {
    const invoice = deliveryInvoiceBody(facts());
    expect(invoice.lines).toEqual([
      {
        description: 'Delivery of order: Standard Delivery',
        sac: '996812',
        quantity: 1,
        rateBps: 1800,
        taxablePaise: 42_37,
        cgstPaise: 3_82,
        sgstPaise: 3_81,
        igstPaise: 0,
        amountPaise: 50_00,
      },
    ]);
    const at = '2026-12-01T10:00:00.000Z';
    expect(deliveryCreditBody(invoice, { date: '2026-12-01', at })).toEqual({
      ...invoice,
      date: '2026-12-01',
      issuedAt: at,
    });
  });
});

describe('deliverySeriesDecider', () => {
  it('numbers invoices gap-free, once per purchase, and credit notes in their own series', () => {
    const events: DeliverySeriesEvent[] = [];
    for (const orderId of ['o1', 'o2', 'o1', 'o3']) {
      const body = deliveryInvoiceBody(facts({ orderId }));
      const command = { type: 'IssueDeliveryInvoice', fy: '2026-27', body, shipmentId: `s-${orderId}` } as const;
      events.push(...deliverySeriesDecider.decide(command, fold(deliverySeriesDecider, events)));
    }
    expect(events.map((e) => [e.data.orderId, e.data.number, e.data.id])).toEqual([
      ['o1', 'DLV/2026-27/0001', 'dlv-2026-27-1'],
      ['o2', 'DLV/2026-27/0002', 'dlv-2026-27-2'],
      ['o3', 'DLV/2026-27/0003', 'dlv-2026-27-3'],
    ]);
    const credit = {
      type: 'IssueDeliveryCreditNote',
      fy: '2026-27',
      body: deliveryInvoiceBody(facts()),
      causeId: 'cancel-1',
      invoice: { id: 'dlv-2026-27-1', number: 'DLV/2026-27/0001' },
    } as const;
    const [note] = deliverySeriesDecider.decide(credit, deliverySeriesDecider.initialState);
    expect(note?.data).toMatchObject({
      kind: 'delivery_credit_note',
      number: 'DLV/CN2627/0001',
      invoiceNumber: 'DLV/2026-27/0001',
      causeId: 'cancel-1',
    });
    expect(deliverySeriesDecider.decide(credit, fold(deliverySeriesDecider, [note!]))).toEqual([]);
  });
});
