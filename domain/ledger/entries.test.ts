import { describe, expect, it } from 'vitest';
import type { LineSettlement } from '../order/events.ts';
import { settleLine } from '../order/settlement.ts';
import { creditNote, invoice } from '../tcs/documents.fixtures.ts';
import { tcsRecord } from '../tcs/collected.ts';
import {
  NO_TOTALS,
  earningEntry,
  payoutEntry,
  post,
  returnEntry,
  reversalEntry,
  tcsEntry,
  transferEntry,
} from './entries.ts';

const stamp = { orderId: 'o-1', sellerOrderId: 'o-1-2', sellerId: 's-2', by: 's-2', at: '2024-05-03T10:00:00.000Z' };
const settlement: LineSettlement[] = [
  settleLine({ productId: 'saffron', pricePaise: 450_00 }, 2, 1000),
  settleLine({ productId: 'tea', pricePaise: 333 }, 3, 1250),
];

describe('ledger entries', () => {
  it('accrues the earning of a delivery: sales less commission', () => {
    expect(earningEntry({ ...stamp, settlement })).toEqual({
      id: 'o-1-2:delivered',
      sellerId: 's-2',
      kind: 'earning',
      at: stamp.at,
      orderId: 'o-1',
      sellerOrderId: 'o-1-2',
      returnId: null,
      payoutId: null,
      reference: null,
      paidOn: null,
      // Tea: 999 paise at 12.5% is 124.875, rounded half up to 125.
      salesPaise: 900_00 + 999,
      commissionPaise: 90_00 + 125,
      amountPaise: 810_00 + 874,
      lines: settlement,
      transferState: null,
    });
  });

  it('reverses a return: every figure negative, never -0', () => {
    const entry = returnEntry({
      ...stamp,
      returnId: 'o-1-2-R1',
      reason: 'Damaged',
      settlement: [settleLine({ productId: 'tea', pricePaise: 333 }, 1, 0)],
    });
    expect(entry).toMatchObject({
      id: 'o-1-2-R1:accepted',
      kind: 'return',
      returnId: 'o-1-2-R1',
      salesPaise: -333,
      amountPaise: -333,
    });
    expect(Object.is(entry.commissionPaise, 0)).toBe(true);
  });

  it('settles a payout: the balance goes down by its amount, and sales and commission stay', () => {
    const entry = payoutEntry({
      payoutId: 'p-1',
      sellerId: 's-2',
      amountPaise: 500_00,
      paidOn: '2024-05-04',
      reference: 'UTR 1',
      by: 'admin-1',
      at: stamp.at,
    });
    expect(entry).toMatchObject({
      id: 'payout:p-1',
      kind: 'payout',
      orderId: null,
      reference: 'UTR 1',
      paidOn: '2024-05-04',
      salesPaise: 0,
      commissionPaise: 0,
      amountPaise: -500_00,
      lines: [],
    });
  });

  it('adds entries up into the totals: balance = earned - paid', () => {
    const earning = earningEntry({ ...stamp, settlement });
    const reversal = returnEntry({ ...stamp, returnId: 'o-1-2-R1', reason: 'Damaged', settlement: [settlement[0]!] });
    const paid = payoutEntry({
      payoutId: 'p-1',
      sellerId: 's-2',
      amountPaise: 500,
      paidOn: '2024-05-04',
      reference: 'UTR 1',
      by: 'admin-1',
      at: stamp.at,
    });
    expect([earning, reversal, paid].reduce(post, NO_TOTALS)).toEqual({
      salesPaise: 999,
      commissionPaise: 125,
      earnedPaise: 874,
      tcsPaise: 0,
      paidPaise: 500,
      transferredPaise: 0,
      balancePaise: 374,
    });
  });

  it('settles a transfer as paid, on hold at first, and gives a reversal back to the balance', () => {
    const moved = { orderId: 'o-1', sellerOrderId: 'o-1-2', transferId: 'trf_1', at: stamp.at };
    const transfer = transferEntry({ ...moved, sellerId: 's-2', account: 'acc_1', amountPaise: 810_00 + 874 });
    expect(transfer).toMatchObject({
      id: 'transfer:o-1-2',
      kind: 'transfer',
      sellerOrderId: 'o-1-2',
      reference: 'trf_1',
      salesPaise: 0,
      commissionPaise: 0,
      amountPaise: -(810_00 + 874),
      lines: [],
      transferState: 'on_hold',
    });
    const reversal = reversalEntry(
      { ...moved, reversalId: 'rvrsl_1', returnId: 'o-1-2-R1', amountPaise: 810_00 },
      's-2',
    );
    expect(reversal).toMatchObject({
      id: 'reversal:o-1-2-R1',
      kind: 'reversal',
      sellerId: 's-2',
      returnId: 'o-1-2-R1',
      reference: 'rvrsl_1',
      amountPaise: 810_00,
      transferState: null,
    });
    const earning = earningEntry({ ...stamp, settlement });
    const returned = returnEntry({ ...stamp, returnId: 'o-1-2-R1', reason: 'Damaged', settlement: [settlement[0]!] });
    expect([earning, transfer, returned, reversal].reduce(post, NO_TOTALS)).toEqual({
      salesPaise: 999,
      commissionPaise: 125,
      earnedPaise: 874,
      tcsPaise: 0,
      paidPaise: 874,
      transferredPaise: 874,
      balancePaise: 0,
    });
  });

  it('takes the TCS of an invoice off the balance due and gives a credit note’s back', () => {
    const sold = invoice(7, '2026-05-10', [
      { productId: 'saree', pricePaise: 1050_00, quantity: 2, hsn: '5208', rateBps: 500 },
    ]);
    const collected = tcsEntry(tcsRecord(sold, sold, 50));
    expect(collected).toMatchObject({
      id: `tcs:${sold.id}`,
      kind: 'tcs',
      sellerId: 'seller-1',
      sellerOrderId: sold.sellerOrderId,
      reference: 'MEE/2026-27/0007',
      salesPaise: 0,
      commissionPaise: 0,
      amountPaise: -10_00,
      lines: [],
    });
    const given = tcsEntry(tcsRecord(creditNote(1, sold, { saree: 1 }, '2026-05-20'), sold, 50));
    expect(given).toMatchObject({ id: 'tcs:cn-seller-1-1', kind: 'tcs', amountPaise: 5_00 });
    const earning = { ...earningEntry({ ...stamp, settlement }), sellerId: 'seller-1' };
    expect([earning, collected, given].reduce(post, NO_TOTALS)).toEqual({
      salesPaise: 909_99,
      commissionPaise: 91_25,
      earnedPaise: 818_74,
      tcsPaise: 5_00,
      paidPaise: 0,
      transferredPaise: 0,
      // Earned less the TCS kept: 818.74 - 5.00.
      balancePaise: 813_74,
    });
  });
});
