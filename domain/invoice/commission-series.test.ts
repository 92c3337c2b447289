import { describe, expect, it } from 'vitest';
import { given } from '../testing.ts';
import { type CommissionBody } from './commission.ts';
import { type CommissionSeriesEvent, commissionSeriesDecider } from './commission-series.ts';
import { MAX_NUMBER_LENGTH } from './series.ts';

const body = { orderId: 'o1', sellerOrderId: 'o1-1', sellerId: 's1' } as CommissionBody;
const invoice = { id: 'mib-2026-27-1', number: 'MIB/2026-27/0001' };
const credit = (seq: number, causeId: string): CommissionSeriesEvent => ({
  type: 'CommissionCreditNoteIssued',
  data: {
    kind: 'commission_credit_note',
    ...body,
    id: `mib-cn-2026-27-${seq}`,
    number: `MIB/CN2627/000${seq}`,
    fy: '2026-27',
    seq,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    causeId,
  },
});
const issue = (causeId: string) =>
  ({ type: 'IssueCommissionCreditNote', fy: '2026-27', causeId, invoice, body }) as const;

describe("MIBI's commission credit-note series", () => {
  it('numbers each return next, in 16 characters at most, and a return once', () => {
    given(commissionSeriesDecider)
      .when(issue('return-1'))
      .then([credit(1, 'return-1')]);
    given(commissionSeriesDecider, [credit(1, 'return-1')])
      .when(issue('return-2'))
      .then([credit(2, 'return-2')]);
    given(commissionSeriesDecider, [credit(1, 'return-1')])
      .when(issue('return-1'))
      .then([]);
    expect(credit(1, 'x').data.number.length).toBeLessThanOrEqual(MAX_NUMBER_LENGTH);
  });
});
