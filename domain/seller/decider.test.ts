import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { AT, actors, given } from '../testing.ts';
import { type SellerCommand, assertMaySell, sellerDecider, sellerStatus } from './decider.ts';
import type { SellerEvent } from './events.ts';

const { seller, admin } = actors;
const sellerId = seller.userId;
const stamp = { sellerId, by: admin.userId, at: AT };

const verified: SellerEvent = { type: 'SellerVerified', data: { ...stamp, reason: null } };
const suspended: SellerEvent = { type: 'SellerSuspended', data: { ...stamp, reason: 'Counterfeit goods' } };
const reinstated: SellerEvent = { type: 'SellerReinstated', data: { ...stamp, reason: 'Invoices checked' } };

const verify: SellerCommand = { type: 'VerifySeller', actor: admin, sellerId, reason: null, at: AT };
const suspend: SellerCommand = { type: 'SuspendSeller', actor: admin, sellerId, reason: 'Counterfeit goods', at: AT };
const reinstate: SellerCommand = {
  type: 'ReinstateSeller',
  actor: admin,
  sellerId,
  reason: 'Invoices checked',
  at: AT,
};

const statusAfter = (events: SellerEvent[]) => sellerStatus(fold(sellerDecider, events));

describe('seller standing', () => {
  it('starts unverified and follows verification and suspension', () => {
    expect(statusAfter([])).toBe('unverified');
    expect(statusAfter([verified])).toBe('verified');
    expect(statusAfter([suspended])).toBe('suspended');
    expect(statusAfter([verified, suspended])).toBe('suspended');
  });

  it('gives back the standing held before the suspension on reinstating', () => {
    expect(statusAfter([verified, suspended, reinstated])).toBe('verified');
    expect(statusAfter([suspended, reinstated])).toBe('unverified');
  });
});

describe('VerifySeller', () => {
  it('verifies an unverified seller, with or without a reason', () => {
    given(sellerDecider).when(verify).then([verified]);
    given(sellerDecider)
      .when({ ...verify, reason: 'GST registration checked' })
      .then([{ type: 'SellerVerified', data: { ...stamp, reason: 'GST registration checked' } }]);
  });

  it('succeeds quietly for a verified seller', () => {
    given(sellerDecider, [verified]).when(verify).then([]);
  });

  it('refuses a suspended seller until reinstated', () => {
    given(sellerDecider, [suspended])
      .when(verify)
      .then({ code: 'seller_suspended', kind: 'conflict', message: 'Reinstate this seller before verifying them' });
    given(sellerDecider, [suspended, reinstated]).when(verify).then([verified]);
  });
});

describe('SuspendSeller', () => {
  it('suspends an unverified or a verified seller', () => {
    given(sellerDecider).when(suspend).then([suspended]);
    given(sellerDecider, [verified]).when(suspend).then([suspended]);
  });

  it('succeeds quietly for a suspended seller', () => {
    given(sellerDecider, [suspended]).when(suspend).then([]);
  });
});

describe('ReinstateSeller', () => {
  it('reinstates a suspended seller', () => {
    given(sellerDecider, [verified, suspended]).when(reinstate).then([reinstated]);
  });

  it('refuses a seller who is not suspended', () => {
    const notSuspended = {
      code: 'not_suspended',
      kind: 'conflict',
      message: 'Only a suspended seller can be reinstated',
    } as const;
    given(sellerDecider).when(reinstate).then(notSuspended);
    given(sellerDecider, [verified]).when(reinstate).then(notSuspended);
    given(sellerDecider, [suspended, reinstated]).when(reinstate).then(notSuspended);
  });
});

it('takes commands from admins only', () => {
  const onlyAdmins = {
    code: 'forbidden',
    kind: 'forbidden',
    message: 'Only an admin can verify, suspend or reinstate sellers',
  } as const;
  for (const command of [verify, suspend, reinstate]) {
    given(sellerDecider, [suspended])
      .when({ ...command, actor: seller })
      .then(onlyAdmins);
  }
});

it('lets only a seller who is not suspended list or change products', () => {
  expect(() => assertMaySell(fold(sellerDecider, [verified]))).not.toThrow();
  expect(() => assertMaySell(fold(sellerDecider, [suspended, reinstated]))).not.toThrow();
  expect(() => assertMaySell(fold(sellerDecider, [suspended]))).toThrow(
    expect.objectContaining({
      code: 'seller_suspended',
      kind: 'forbidden',
      message: 'Your seller account is suspended, so you cannot list or change products',
    }),
  );
});
