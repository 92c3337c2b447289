import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { fold } from '../decider.ts';
import { AT, actors, given } from '../testing.ts';
import { accountDecider } from './decider.ts';
import type { AccountEvent } from './events.ts';
import { needsSecondFactor } from './second-factor.ts';
import { accountRegistered } from './events.fixtures.ts';

const { seller, admin } = actors;
const userId = seller.userId;
const registered = accountRegistered(userId, 'Meera', 'm@example.com', 'seller', { passwordHash: 'h' });
const madeAdmin: AccountEvent = { type: 'RoleAdded', data: { userId, role: 'admin', by: 'system', at: AT } };
const madeAnalyst: AccountEvent = { type: 'RoleAdded', data: { userId, role: 'analyst', by: 'system', at: AT } };
const enrolled: AccountEvent = {
  type: 'TotpEnrolled',
  data: { userId, secret: 'v1.sealed', recoveryCodeHashes: ['c1', 'c2'], enrolledAt: AT },
};
const self = seller;
const selfAdmin: Actor = { userId, roles: ['seller', 'admin'] };

describe('the second factor', () => {
  it('is enrolled by the owner, once', () => {
    given(accountDecider, [registered])
      .when({ type: 'EnrolTotp', actor: self, secret: 'v1.sealed', recoveryCodeHashes: ['c1', 'c2'], at: AT })
      .then([enrolled]);
    given(accountDecider, [registered, enrolled])
      .when({ type: 'EnrolTotp', actor: self, secret: 'v1.other', recoveryCodeHashes: [], at: AT })
      .then({ code: 'already_enrolled', kind: 'conflict' });
    given(accountDecider, [registered])
      .when({ type: 'EnrolTotp', actor: admin, secret: 's', recoveryCodeHashes: [], at: AT })
      .then({ code: 'forbidden', kind: 'forbidden' });
  });

  it('is required of admins, of analysts and of users who turned it on', () => {
    const needs = (history: AccountEvent[]) => needsSecondFactor(fold(accountDecider, history)!);
    expect(needs([registered])).toBe(false);
    expect(needs([registered, enrolled])).toBe(true);
    expect(needs([registered, madeAdmin])).toBe(true);
    expect(needs([registered, madeAnalyst])).toBe(true);
  });

  it('is turned off by a seller, never by an admin or analyst for themselves; another admin may reset it', () => {
    const disabled = (by: string): AccountEvent => ({ type: 'TotpDisabled', data: { userId, by, disabledAt: AT } });
    given(accountDecider, [registered, enrolled])
      .when({ type: 'DisableTotp', actor: self, at: AT })
      .then([disabled(userId)]);
    given(accountDecider, [registered, madeAdmin, enrolled])
      .when({ type: 'DisableTotp', actor: selfAdmin, at: AT })
      .then({
        code: 'second_factor_required',
        kind: 'conflict',
        message: 'Admins and analysts must keep two-step sign-in on',
      });
    given(accountDecider, [registered, madeAnalyst, enrolled]).when({ type: 'DisableTotp', actor: self, at: AT }).then({
      code: 'second_factor_required',
      kind: 'conflict',
      message: 'Admins and analysts must keep two-step sign-in on',
    });
    given(accountDecider, [registered, madeAdmin, enrolled])
      .when({ type: 'DisableTotp', actor: admin, at: AT })
      .then([disabled(admin.userId)]);
    given(accountDecider, [registered, enrolled])
      .when({ type: 'DisableTotp', actor: actors.otherSeller, at: AT })
      .then({ code: 'forbidden', kind: 'forbidden' });
    given(accountDecider, [registered]).when({ type: 'DisableTotp', actor: self, at: AT }).then([]);
  });

  it('takes each recovery code once', () => {
    const used: AccountEvent = { type: 'RecoveryCodeUsed', data: { userId, codeHash: 'c1', usedAt: AT } };
    given(accountDecider, [registered, enrolled])
      .when({ type: 'UseRecoveryCode', codeHash: 'c1', at: AT })
      .then([used]);
    given(accountDecider, [registered, enrolled, used])
      .when({ type: 'UseRecoveryCode', codeHash: 'c1', at: AT })
      .then({ code: 'invalid_code', kind: 'invalid' });
    given(accountDecider, [registered])
      .when({ type: 'UseRecoveryCode', codeHash: 'c1', at: AT })
      .then({ code: 'invalid_code', kind: 'invalid' });
    const replaced: AccountEvent = {
      type: 'RecoveryCodesReplaced',
      data: { userId, recoveryCodeHashes: ['c3'], replacedAt: AT },
    };
    given(accountDecider, [registered, enrolled])
      .when({ type: 'ReplaceRecoveryCodes', actor: self, recoveryCodeHashes: ['c3'], at: AT })
      .then([replaced]);
    given(accountDecider, [registered, enrolled, replaced])
      .when({ type: 'UseRecoveryCode', codeHash: 'c2', at: AT })
      .then({ code: 'invalid_code', kind: 'invalid' });
  });
});
