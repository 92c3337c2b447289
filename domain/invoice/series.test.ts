import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { TaxDocumentBody } from './document.ts';
import { documentNumber, financialYear, prefixOf, type SeriesEvent, seriesDecider } from './series.ts';

describe('numbering', () => {
  it('takes the financial year from April to March', () => {
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(financialYear('2027-03-31')).toBe('2026-27');
    expect(financialYear('2026-03-31')).toBe('2025-26');
    expect(financialYear('2099-12-31')).toBe('2099-00');
  });

  it('derives a three-letter prefix from the name', () => {
    expect(prefixOf('Kerala Spice Gardens')).toBe('KSG');
    expect(prefixOf('Meera Weaves')).toBe('MEE');
    expect(prefixOf('Rajasthan Crafts Collective Pvt Ltd')).toBe('RCC');
    expect(prefixOf('Om')).toBe('OMX');
    expect(prefixOf('॥ ॥')).toBe('XXX');
  });

  it('writes numbers of at most 16 characters, the prefix shortened past 9999', () => {
    expect(documentNumber('invoice', 'KSG', '2026-27', 42)).toBe('KSG/2026-27/0042');
    expect(documentNumber('credit_note', 'KSG', '2026-27', 7)).toBe('KSG/CN2627/0007');
    expect(documentNumber('invoice', 'KSG', '2026-27', 12345)).toBe('KS/2026-27/12345');
    for (const seq of [1, 9999, 10_000, 99_999, 999_999])
      expect(documentNumber('invoice', 'KSG', '2026-27', seq).length).toBeLessThanOrEqual(16);
  });
});

const BODY = { sellerOrderId: 'o-1', totals: {} } as unknown as TaxDocumentBody;
const issue = (shipmentId: string, prefix = 'KSG') =>
  ({ type: 'IssueInvoice', sellerId: 's1', fy: '2026-27', prefix, body: BODY, shipmentId }) as const;

describe('seriesDecider', () => {
  it('hands out the next number, once per shipment, keeping the first prefix', () => {
    const events: SeriesEvent[] = [];
    for (const [shipment, prefix] of [
      ['e1', 'KSG'],
      ['e2', 'NEW'],
      ['e1', 'KSG'],
      ['e3', 'KSG'],
    ] as const)
      events.push(...seriesDecider.decide(issue(shipment, prefix), fold(seriesDecider, events)));
    expect(events.map((e) => e.data.number)).toEqual(['KSG/2026-27/0001', 'KSG/2026-27/0002', 'KSG/2026-27/0003']);
    expect(events.map((e) => e.data.id)).toEqual(['inv-s1-2026-27-1', 'inv-s1-2026-27-2', 'inv-s1-2026-27-3']);
  });

  it('numbers credit notes in their own series, naming the invoice', () => {
    const [note] = seriesDecider.decide(
      {
        type: 'IssueCreditNote',
        sellerId: 's1',
        fy: '2026-27',
        prefix: 'KSG',
        body: BODY,
        causeId: 'r1',
        invoice: { id: 'inv-s1-2026-27-3', number: 'KSG/2026-27/0003' },
        reason: 'returned',
      },
      seriesDecider.initialState,
    );
    expect(note).toMatchObject({
      type: 'CreditNoteIssued',
      data: { kind: 'credit_note', number: 'KSG/CN2627/0001', invoiceNumber: 'KSG/2026-27/0003', causeId: 'r1' },
    });
  });
});
