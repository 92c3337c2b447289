import { describe, expect, it } from 'vitest';
import type { Actor, Role } from '../actor.ts';
import type { DisplayCurrency } from '../currency/currencies.ts';
import type { Locale } from '../i18n/locales.ts';
import { fold } from '../decider.ts';
import { AT, actors, given } from '../testing.ts';
import { accountDecider } from './decider.ts';
import type { AccountEvent } from './events.ts';
import type { NoticeKind } from '../notification/notices.ts';
import { accountRegistered } from './events.fixtures.ts';

const { buyer, otherBuyer, admin, analyst } = actors;
const userId = buyer.userId;

const registered = accountRegistered(userId, 'Asha Rao', 'Asha.Rao@Example.com', 'buyer', { passwordHash: 'hash-1' });
const roleAdded = (role: Role, by = userId): AccountEvent => ({
  type: 'RoleAdded',
  data: { userId, role, by, at: AT },
});

describe('RegisterAccount', () => {
  const register = {
    type: 'RegisterAccount',
    userId,
    fullName: 'Asha Rao',
    email: ' Asha.Rao@Example.com',
    passwordHash: 'hash-1',
    role: 'buyer',
    at: AT,
  } as const;

  it('keeps the email as typed and normalized', () => {
    given(accountDecider)
      .when({ ...register, email: 'Asha.Rao@Example.com' })
      .then([registered]);
    given(accountDecider)
      .when(register)
      .then([{ type: 'AccountRegistered', data: { ...registered.data, email: ' Asha.Rao@Example.com' } }]);
  });

  it('registers a user id once', () => {
    given(accountDecider, [registered]).when(register).then({ code: 'already_exists', kind: 'conflict' });
  });
});

describe('AddRole', () => {
  const addRole = (history: AccountEvent[], actor: Actor, role: Role) =>
    given(accountDecider, history).when({ type: 'AddRole', actor, role, at: AT });

  it('lets a user become a seller themselves', () => {
    addRole([registered], buyer, 'seller').then([roleAdded('seller')]);
  });

  it('adds nothing for a role already held', () => {
    addRole([registered], buyer, 'buyer').then([]);
  });

  it('never lets a user make themselves an admin or an analyst', () => {
    for (const role of ['admin', 'analyst'] as const) {
      addRole([registered], buyer, role).then({
        code: 'forbidden',
        kind: 'forbidden',
        message: `Only an admin can grant the ${role} role`,
      });
    }
  });

  it('lets an analyst grant no one anything', () => {
    addRole([registered], analyst, 'analyst').then({
      code: 'forbidden',
      kind: 'forbidden',
      message: 'Only an admin can change the roles of another user',
    });
  });

  it("lets only an admin change another user's roles", () => {
    addRole([registered], otherBuyer, 'seller').then({
      code: 'forbidden',
      kind: 'forbidden',
      message: 'Only an admin can change the roles of another user',
    });
    addRole([registered], admin, 'admin').then([roleAdded('admin', admin.userId)]);
    addRole([registered], admin, 'analyst').then([roleAdded('analyst', admin.userId)]);
  });
});

describe('RemoveRole', () => {
  const removeRole = (history: AccountEvent[], actor: Actor, role: Role) =>
    given(accountDecider, history).when({ type: 'RemoveRole', actor, role, at: AT });
  const withSeller = [registered, roleAdded('seller')];

  it('lets an admin remove a role', () => {
    removeRole(withSeller, admin, 'seller').then([
      { type: 'RoleRemoved', data: { userId, role: 'seller', by: admin.userId, at: AT } },
    ]);
  });

  it('is for admins only', () => {
    removeRole(withSeller, buyer, 'seller').then({
      code: 'forbidden',
      kind: 'forbidden',
      message: 'Only an admin can remove roles',
    });
    removeRole([...withSeller, roleAdded('analyst', admin.userId)], { ...analyst, userId }, 'analyst').then({
      code: 'forbidden',
      kind: 'forbidden',
      message: 'Only an admin can remove roles',
    });
  });

  it('lets an admin remove the analyst role', () => {
    removeRole([registered, roleAdded('analyst', admin.userId)], admin, 'analyst').then([
      { type: 'RoleRemoved', data: { userId, role: 'analyst', by: admin.userId, at: AT } },
    ]);
  });

  it('removes nothing the user does not have', () => {
    removeRole([registered], admin, 'seller').then([]);
  });

  it('keeps at least one role', () => {
    removeRole([registered], admin, 'buyer').then({
      code: 'last_role',
      kind: 'conflict',
      message: 'An account must keep at least one role',
    });
  });

  it('does not let an admin remove their own admin role', () => {
    const adminAccount = { ...admin, userId };
    removeRole([registered, roleAdded('admin', 'admin-0')], adminAccount, 'admin').then({
      code: 'own_admin_role',
      kind: 'conflict',
      message: 'You cannot remove your own admin role',
    });
    removeRole([registered, roleAdded('admin', 'admin-0')], admin, 'admin').then([
      { type: 'RoleRemoved', data: { userId, role: 'admin', by: admin.userId, at: AT } },
    ]);
  });
});

describe('ChangePassword', () => {
  it('is for the user themselves', () => {
    given(accountDecider, [registered])
      .when({ type: 'ChangePassword', actor: buyer, passwordHash: 'hash-2', at: AT })
      .then([{ type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2', changedAt: AT } }]);
    given(accountDecider, [registered])
      .when({ type: 'ChangePassword', actor: admin, passwordHash: 'hash-2', at: AT })
      .then({ code: 'forbidden', kind: 'forbidden', message: 'You can only change your own password' });
  });
});

describe('password reset', () => {
  const expiresAt = '2024-05-01T11:00:00.000Z';
  const requested: AccountEvent = {
    type: 'PasswordResetRequested',
    data: { userId, tokenHash: 'token-1', expiresAt, requestedAt: AT },
  };
  const reset = (history: AccountEvent[], tokenHash = 'token-1', now = '2024-05-01T10:30:00.000Z') =>
    given(accountDecider, history).when({ type: 'ResetPassword', tokenHash, passwordHash: 'hash-2', now });
  const invalid = {
    code: 'invalid_token',
    kind: 'invalid',
    message: 'This password reset link is invalid or has expired',
  } as const;
  const completed: AccountEvent[] = [
    { type: 'PasswordResetCompleted', data: { userId, tokenHash: 'token-1', completedAt: '2024-05-01T10:30:00.000Z' } },
    { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2', changedAt: '2024-05-01T10:30:00.000Z' } },
  ];

  it('records a request', () => {
    given(accountDecider, [registered])
      .when({ type: 'RequestPasswordReset', tokenHash: 'token-1', expiresAt, at: AT })
      .then([requested]);
  });

  it('finds no unknown account', () => {
    given(accountDecider)
      .when({ type: 'RequestPasswordReset', tokenHash: 'token-1', expiresAt, at: AT })
      .then({ code: 'not_found', kind: 'not_found' });
  });

  it('sets the new password with a valid token', () => {
    reset([registered, requested]).then(completed);
  });

  it('refuses a token never issued, replaced, used or expired', () => {
    reset([registered]).then(invalid);
    reset([registered, requested], 'token-2').then(invalid);
    const newer: AccountEvent = { type: 'PasswordResetRequested', data: { ...requested.data, tokenHash: 'token-2' } };
    reset([registered, requested, newer]).then(invalid);
    reset([registered, requested, ...completed]).then(invalid);
    reset([registered, requested], 'token-1', expiresAt).then(invalid);
  });

  it('ends a pending reset when the password is changed otherwise', () => {
    const changed: AccountEvent = { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-3', changedAt: AT } };
    reset([registered, requested, changed]).then(invalid);
  });
});

describe('ChooseMails', () => {
  const choose = (muted: NoticeKind[], actor: Actor = buyer) =>
    ({ type: 'ChooseMails', actor, muted, at: AT }) as const;
  const chosen = (...muted: NoticeKind[]): AccountEvent => ({
    type: 'MailChoicesChanged',
    data: { userId, muted, at: AT },
  });

  it('keeps the kinds the user mutes once each, in the order the account page lists them', () => {
    given(accountDecider, [registered])
      .when(choose(['return_rejected', 'order_processing', 'return_rejected']))
      .then([chosen('order_processing', 'return_rejected')]);
  });

  it('records nothing for the choice already made, and turns every mail on again with none muted', () => {
    given(accountDecider, [registered]).when(choose([])).then([]);
    given(accountDecider, [registered, chosen('order_shipped')])
      .when(choose(['order_shipped']))
      .then([]);
    given(accountDecider, [registered, chosen('order_shipped')])
      .when(choose([]))
      .then([chosen()]);
  });

  it("is the user's own choice: no one else's, not even an admin's", () => {
    const forbidden = { code: 'forbidden', kind: 'forbidden', message: 'You can only choose your own mails' } as const;
    given(accountDecider, [registered])
      .when(choose(['order_shipped'], otherBuyer))
      .then(forbidden);
    given(accountDecider, [registered])
      .when(choose(['order_shipped'], admin))
      .then(forbidden);
  });
});

describe('ChooseDisplayCurrency', () => {
  const choose = (currency: DisplayCurrency, actor: Actor = buyer) =>
    ({ type: 'ChooseDisplayCurrency', actor, currency, at: AT }) as const;
  const chosen = (currency: DisplayCurrency): AccountEvent => ({
    type: 'DisplayCurrencyChosen',
    data: { userId, currency, at: AT },
  });

  it('keeps the currency the user chooses, and none until they do', () => {
    expect(fold(accountDecider, [registered])?.displayCurrency).toBeNull();
    given(accountDecider, [registered])
      .when(choose('EUR'))
      .then([chosen('EUR')]);
    expect(fold(accountDecider, [registered, chosen('EUR'), chosen('INR')])?.displayCurrency).toBe('INR');
  });

  it('records nothing for the currency already chosen, but records rupees chosen at first', () => {
    given(accountDecider, [registered, chosen('GBP')])
      .when(choose('GBP'))
      .then([]);
    given(accountDecider, [registered])
      .when(choose('INR'))
      .then([chosen('INR')]);
  });

  it("is the user's own choice: no one else's, not even an admin's", () => {
    const forbidden = {
      code: 'forbidden',
      kind: 'forbidden',
      message: 'You can only choose your own currency',
    } as const;
    given(accountDecider, [registered]).when(choose('USD', otherBuyer)).then(forbidden);
    given(accountDecider, [registered]).when(choose('USD', admin)).then(forbidden);
  });
});

describe('ChooseLanguage', () => {
  const choose = (locale: Locale, actor: Actor = buyer) => ({ type: 'ChooseLanguage', actor, locale, at: AT }) as const;
  const chosen = (locale: Locale): AccountEvent => ({ type: 'LanguageChosen', data: { userId, locale, at: AT } });

  it('keeps the language the user chooses, and none until they do', () => {
    expect(fold(accountDecider, [registered])?.language).toBeNull();
    given(accountDecider, [registered])
      .when(choose('hi'))
      .then([chosen('hi')]);
    expect(fold(accountDecider, [registered, chosen('hi'), chosen('en')])?.language).toBe('en');
  });

  it('records nothing for the language already chosen, but records English chosen at first', () => {
    given(accountDecider, [registered, chosen('hi')])
      .when(choose('hi'))
      .then([]);
    given(accountDecider, [registered])
      .when(choose('en'))
      .then([chosen('en')]);
  });

  it("is the user's own choice: no one else's, not even an admin's", () => {
    const forbidden = {
      code: 'forbidden',
      kind: 'forbidden',
      message: 'You can only choose your own language',
    } as const;
    given(accountDecider, [registered]).when(choose('hi', otherBuyer)).then(forbidden);
    given(accountDecider, [registered]).when(choose('hi', admin)).then(forbidden);
  });
});
