import { describe, expect, it } from 'vitest';
import { settleLine } from '../order/settlement.ts';
import { type LedgerEntry, earningEntry, payoutEntry, returnEntry } from './entries.ts';
import { decimalRupees, statementCsv, statementFileName, statementOf } from './statement.ts';

const ORDER = '3f2b9c1e-1111-4222-8333-944445555666';
const sellerOrderId = `${ORDER}-2`;
const stamp = (at: string) => ({ orderId: ORDER, sellerOrderId, sellerId: 's-2', by: 's-2', at });
const shawls = [settleLine({ productId: 'shawl', pricePaise: 1_000_00 }, 2, 1000)];

const ledger: LedgerEntry[] = [
  earningEntry({ ...stamp('2024-04-28T10:00:00.000Z'), settlement: shawls }),
  payoutEntry({
    payoutId: 'p-1',
    sellerId: 's-2',
    amountPaise: 1_000_00,
    paidOn: '2024-04-30',
    reference: 'UTR 1',
    by: 'a',
    at: '2024-04-30T12:00:00.000Z',
  }),
  earningEntry({
    ...stamp('2024-05-01T00:00:00.000Z'),
    sellerOrderId: `${ORDER}-3`,
    settlement: [settleLine({ productId: 'diya', pricePaise: 99_99 }, 3, 1250)],
  }),
  returnEntry({
    ...stamp('2024-05-02T09:30:00.000Z'),
    returnId: `${sellerOrderId}-R1`,
    reason: 'Torn',
    settlement: [settleLine({ productId: 'shawl', pricePaise: 1_000_00 }, 1, 1000)],
  }),
  payoutEntry({
    payoutId: 'p-2',
    sellerId: 's-2',
    amountPaise: 50_00,
    paidOn: '2024-05-03',
    reference: '=HYPERLINK("x"), "quoted"',
    by: 'a',
    at: '2024-05-03T23:59:59.999Z',
  }),
  payoutEntry({
    payoutId: 'p-3',
    sellerId: 's-2',
    amountPaise: 1_00,
    paidOn: '2024-05-04',
    reference: 'UTR 3',
    by: 'a',
    at: '2024-05-04T00:00:00.000Z',
  }),
];

describe('statementOf', () => {
  it('brings the balance before the range forward and carries it through the range', () => {
    const statement = statementOf(ledger, '2024-05-01', '2024-05-03');
    expect(statement.openingPaise).toBe(1_800_00 - 1_000_00);
    expect(statement.entries.map((entry) => [entry.kind, entry.amountPaise, entry.balanceAfterPaise])).toEqual([
      ['earning', 262_47, 1_062_47],
      ['return', -900_00, 162_47],
      ['payout', -50_00, 112_47],
    ]);
    expect(statement.totals).toEqual({
      salesPaise: 299_97 - 1_000_00,
      commissionPaise: 37_50 - 100_00,
      amountPaise: 262_47 - 900_00 - 50_00,
    });
    expect(statement.closingPaise).toBe(112_47);
  });

  it('is empty for a range without entries, its balance unchanged', () => {
    const statement = statementOf(ledger, '2024-06-01', '2024-06-30');
    expect(statement).toMatchObject({
      openingPaise: 111_47,
      closingPaise: 111_47,
      entries: [],
      totals: { salesPaise: 0, commissionPaise: 0, amountPaise: 0 },
    });
  });
});

describe('statementCsv', () => {
  it('writes rupees with two decimals, short order ids, and a reference a spreadsheet will not run', () => {
    expect(statementCsv(statementOf(ledger, '2024-05-01', '2024-05-03')).split('\r\n')).toEqual([
      'date,kind,order,reference,sales,commission,amount,balance after',
      '2024-05-01,opening balance,,,,,,800.00',
      '2024-05-01,earning,3f2b9c1e-3,,299.97,37.50,262.47,1062.47',
      '2024-05-02,return,3f2b9c1e-2,3f2b9c1e-2-R1,-1000.00,-100.00,-900.00,162.47',
      `2024-05-03,payout,,"'=HYPERLINK(""x""), ""quoted""",0.00,0.00,-50.00,112.47`,
      '2024-05-03,closing balance,,,-700.03,-62.50,-687.53,112.47',
      '',
    ]);
  });

  it('names the file after the range', () => {
    expect(statementFileName('2024-05-01', '2024-05-31')).toBe('mibi-statement-2024-05-01-to-2024-05-31.csv');
  });
});

it('writes paise as decimal rupees', () => {
  expect([0, 1, 99, 100, 123_456_78, -5, -1_000_00].map(decimalRupees)).toEqual([
    '0.00',
    '0.01',
    '0.99',
    '1.00',
    '123456.78',
    '-0.05',
    '-1000.00',
  ]);
});
