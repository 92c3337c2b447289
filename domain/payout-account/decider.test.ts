import { describe, expect, it } from 'vitest';
import { AT, actors, errorsOf, given } from '../testing.ts';
import { OWN_PAYOUTS_ONLY, type PayoutAccountCommand, payoutAccountDecider } from './decider.ts';
import type { PayoutAccountEvent } from './events.ts';
import { PAYOUT_ACCOUNT_MESSAGES, maskedAccount, payoutAccountSchema } from './schemas.ts';

const { seller } = actors;

const setUp = (fields: Partial<PayoutAccountCommand> = {}): PayoutAccountCommand => ({
  type: 'SetUpPayoutAccount',
  actor: seller,
  sellerId: seller.userId,
  linkedAccountId: 'acc_1',
  beneficiaryName: 'Asha Weaves',
  accountNumber: '000123456789',
  ifsc: 'SBIN0001234',
  at: AT,
  ...fields,
});

const setUpEvent = (fields: Partial<PayoutAccountEvent['data']> = {}): PayoutAccountEvent => ({
  type: 'PayoutAccountSetUp',
  data: {
    sellerId: seller.userId,
    linkedAccountId: 'acc_1',
    beneficiaryName: 'Asha Weaves',
    accountLast4: '6789',
    ifsc: 'SBIN0001234',
    by: seller.userId,
    at: AT,
    ...fields,
  },
});

describe('SetUpPayoutAccount', () => {
  it('records the linked account with only the last four digits of the account number', () => {
    given(payoutAccountDecider).when(setUp()).then([setUpEvent()]);
  });

  it('records a change of account, and nothing for the same account sent again', () => {
    const history = [setUpEvent()];
    given(payoutAccountDecider, history).when(setUp()).then([]);
    given(payoutAccountDecider, history)
      .when(setUp({ accountNumber: '998877665544', ifsc: 'HDFC0000001', at: '2024-05-02T10:00:00.000Z' }))
      .then([setUpEvent({ accountLast4: '5544', ifsc: 'HDFC0000001', at: '2024-05-02T10:00:00.000Z' })]);
  });

  it('takes it from the seller only: not another seller, a buyer or an admin', () => {
    for (const actor of [actors.otherSeller, actors.buyer, actors.admin]) {
      given(payoutAccountDecider)
        .when(setUp({ actor }))
        .then({ code: 'forbidden', kind: 'forbidden', message: OWN_PAYOUTS_ONLY });
    }
    // A buyer whose id it is, without the seller role, neither.
    given(payoutAccountDecider)
      .when(setUp({ actor: { userId: seller.userId, roles: ['buyer'] } }))
      .then({ code: 'forbidden', kind: 'forbidden', message: OWN_PAYOUTS_ONLY });
  });
});

describe('payoutAccountSchema', () => {
  const valid = { beneficiaryName: ' Asha Weaves ', accountNumber: '0001 2345 6789', ifsc: ' sbin0001234 ' };

  it('trims the name, drops the spaces of the account number and writes the IFSC in capitals', () => {
    expect(payoutAccountSchema.parse(valid)).toEqual({
      beneficiaryName: 'Asha Weaves',
      accountNumber: '000123456789',
      ifsc: 'SBIN0001234',
    });
  });

  it('takes account numbers of 9 to 18 digits only', () => {
    for (const accountNumber of ['123456789', '1'.repeat(18)])
      expect(errorsOf(payoutAccountSchema, { ...valid, accountNumber })).toEqual({});
    for (const accountNumber of ['12345678', '1'.repeat(19), '12345678a9', '-123456789', '1234.56789', '', 123456789])
      expect(errorsOf(payoutAccountSchema, { ...valid, accountNumber })).toEqual({
        accountNumber: PAYOUT_ACCOUNT_MESSAGES.accountNumber,
      });
  });

  it('takes an IFSC of 4 letters, a 0 and 6 letters or digits, and says so otherwise', () => {
    for (const ifsc of ['HDFC0ABC123', 'icic0001234'])
      expect(errorsOf(payoutAccountSchema, { ...valid, ifsc })).toEqual({});
    for (const ifsc of [
      'SBIN1001234',
      'SBI00001234',
      'SBIN000123',
      'SBIN00012345',
      'SBIN0-01234',
      '1BIN0001234',
      '',
      null,
    ])
      expect(errorsOf(payoutAccountSchema, { ...valid, ifsc })).toEqual({ ifsc: PAYOUT_ACCOUNT_MESSAGES.ifsc });
  });

  it('requires the account holder’s name', () => {
    for (const beneficiaryName of ['', '   ', undefined])
      expect(errorsOf(payoutAccountSchema, { ...valid, beneficiaryName })).toEqual({
        beneficiaryName: PAYOUT_ACCOUNT_MESSAGES.beneficiaryName,
      });
  });

  it('shows an account by its last four digits', () => {
    expect(maskedAccount('6789')).toBe('•••• 6789');
  });
});
