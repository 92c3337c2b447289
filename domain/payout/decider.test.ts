import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { AT, actors, given } from '../testing.ts';
import { type PayoutCommand, dayInIndia, payoutDecider, referenceKey } from './decider.ts';
import type { PayoutEvent } from './events.ts';
import { recordPayoutSchema } from './schemas.ts';

const { seller, admin } = actors;
const sellerId = seller.userId;

const record = (fields: Partial<PayoutCommand> = {}): PayoutCommand => ({
  type: 'RecordPayout',
  actor: admin,
  sellerId,
  payoutId: 'payout-1',
  amountPaise: 1_000_00,
  paidOn: '2024-05-01',
  reference: 'UTR 4411',
  earnedPaise: 2_500_00,
  at: AT,
  ...fields,
});

const recorded = (
  payoutId: string,
  amountPaise: number,
  reference: string,
  { paidOn = '2024-05-01', at = AT } = {},
): PayoutEvent => ({
  type: 'PayoutRecorded',
  data: { payoutId, sellerId, amountPaise, paidOn, reference, by: admin.userId, at },
});

describe('RecordPayout', () => {
  it('records a payout up to the balance due, by the admin', () => {
    given(payoutDecider)
      .when(record())
      .then([recorded('payout-1', 1_000_00, 'UTR 4411')]);
    given(payoutDecider)
      .when(record({ amountPaise: 2_500_00 }))
      .then([recorded('payout-1', 2_500_00, 'UTR 4411')]);
  });

  it('counts the payouts already recorded against what the seller earned', () => {
    const paid = [recorded('payout-0', 2_000_00, 'UTR 1')];
    given(payoutDecider, paid)
      .when(record({ amountPaise: 500_00 }))
      .then([recorded('payout-1', 500_00, 'UTR 4411')]);
    given(payoutDecider, paid)
      .when(record({ amountPaise: 500_01 }))
      .then({
        code: 'exceeds_balance',
        kind: 'rule_broken',
        message: 'A payout of ₹500.01 is more than the balance due, ₹500.00',
      });
  });

  it('refuses more than the balance due, saying what it is in rupees', () => {
    given(payoutDecider)
      .when(record({ amountPaise: 2_500_01 }))
      .then({
        code: 'exceeds_balance',
        kind: 'rule_broken',
        message: 'A payout of ₹2,500.01 is more than the balance due, ₹2,500.00',
      });
    given(payoutDecider)
      .when(record({ earnedPaise: 0 }))
      .then({
        code: 'exceeds_balance',
        kind: 'rule_broken',
        message: 'A payout of ₹1,000.00 is more than the balance due, ₹0.00',
      });
    // Returns accepted after a payout can leave a seller owing: nothing is due then, not a negative amount.
    given(payoutDecider, [recorded('payout-0', 2_000_00, 'UTR 1')])
      .when(record({ earnedPaise: 1_500_00 }))
      .then({
        code: 'exceeds_balance',
        kind: 'rule_broken',
        message: 'A payout of ₹1,000.00 is more than the balance due, ₹0.00',
      });
  });

  it('records nothing for the same payout sent again, whatever the case or spacing of its reference', () => {
    const paid = [recorded('payout-1', 1_000_00, 'UTR 4411')];
    given(payoutDecider, paid)
      .when(record({ payoutId: 'payout-2' }))
      .then([]);
    given(payoutDecider, paid)
      .when(record({ payoutId: 'payout-2', reference: '  utr   4411 ' }))
      .then([]);
    // Even once the balance it paid is gone.
    given(payoutDecider, paid)
      .when(record({ payoutId: 'payout-2', earnedPaise: 1_000_00 }))
      .then([]);
  });

  it('refuses another payout under a reference already recorded', () => {
    const paid = [recorded('payout-1', 1_000_00, 'UTR 4411')];
    const used = {
      code: 'payout_reference_used',
      kind: 'conflict',
      message: 'A payout with this reference is already recorded',
    } as const;
    given(payoutDecider, paid)
      .when(record({ payoutId: 'payout-2', amountPaise: 999_00 }))
      .then(used);
    given(payoutDecider, paid)
      .when(record({ payoutId: 'payout-2', paidOn: '2024-04-30' }))
      .then(used);
  });

  it('refuses an amount that is not a whole number of paise above 0', () => {
    for (const amountPaise of [0, -1, 1.5, Number.NaN, 2 ** 53]) {
      given(payoutDecider)
        .when(record({ amountPaise }))
        .then({
          code: 'validation_failed',
          kind: 'invalid',
          fields: { amountPaise: 'Amount must be a whole number of paise above 0' },
        });
    }
  });

  it('refuses a payment date after today in India', () => {
    const future = {
      code: 'validation_failed',
      kind: 'invalid',
      fields: { paidOn: 'Paid on cannot be in the future' },
    } as const;
    given(payoutDecider)
      .when(record({ paidOn: '2024-05-02' }))
      .then(future);
    // 20:00 UTC on 1 May is 01:30 on 2 May in India: that day has begun there.
    const evening = { paidOn: '2024-05-02', at: '2024-05-01T20:00:00.000Z' };
    given(payoutDecider)
      .when(record(evening))
      .then([recorded('payout-1', 1_000_00, 'UTR 4411', evening)]);
    given(payoutDecider)
      .when(record({ ...evening, paidOn: '2024-05-03' }))
      .then(future);
  });

  it('takes commands from admins only', () => {
    for (const actor of [seller, actors.buyer]) {
      given(payoutDecider)
        .when(record({ actor }))
        .then({ code: 'forbidden', kind: 'forbidden', message: 'Only an admin can record payouts' });
    }
  });
});

it('folds the payouts into what was paid and the references used', () => {
  const state = fold(payoutDecider, [recorded('p-1', 100, 'UTR 1'), recorded('p-2', 250, 'Cheque 22')]);
  expect(state.paidPaise).toBe(350);
  expect([...state.byReference.keys()]).toEqual(['utr 1', 'cheque 22']);
});

it('compares references without regard to case or spacing, and knows the day in India', () => {
  expect(referenceKey(' UTR\t 12 ab ')).toBe('utr 12 ab');
  expect(dayInIndia('2024-05-01T18:29:59.999Z')).toBe('2024-05-01');
  expect(dayInIndia('2024-05-01T18:30:00.000Z')).toBe('2024-05-02');
});

describe('recordPayoutSchema', () => {
  const valid = { amountPaise: 1_000_00, paidOn: '2024-02-29', reference: '  UTR 4411  ' };

  it('takes a whole amount of paise, a calendar date and a trimmed reference', () => {
    expect(recordPayoutSchema.parse(valid)).toEqual({ ...valid, reference: 'UTR 4411' });
  });

  it('refuses bad amounts, dates not on the calendar and blank or long references', () => {
    const fieldOf = (body: object) =>
      Object.keys(recordPayoutSchema.safeParse(body).error?.flatten().fieldErrors ?? {});
    for (const amountPaise of [0, -5, 10.5, '100', null])
      expect(fieldOf({ ...valid, amountPaise })).toEqual(['amountPaise']);
    for (const paidOn of ['2023-02-29', '2024-13-01', '2024-04-31', '01-05-2024', '2024-05-01T00:00:00Z', '']) {
      expect(fieldOf({ ...valid, paidOn })).toEqual(['paidOn']);
    }
    for (const reference of ['', '   ', 'x'.repeat(101), 7])
      expect(fieldOf({ ...valid, reference })).toEqual(['reference']);
    expect(fieldOf({ ...valid, reference: 'x'.repeat(100) })).toEqual([]);
  });
});
