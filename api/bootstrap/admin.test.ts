import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.ts';
import { findAccount, reservationStream } from '../commands/accounts.ts';
import type { AppContext } from '../roles/context.ts';
import { Streams } from '../../platform/eventstore/streams.ts';
import { expectStatus, ok, type TestApi, startTestApi } from '../testing/harness.ts';
import { ensureAdmin } from './admin.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** The context of another process on the same stores, configured with this admin. */
const processWith = (env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }): AppContext => ({
  ...api.ctx,
  config: { ...api.ctx.config, ...env },
  streams: new Streams(api.platform.events),
});

async function appendedFrom() {
  const after = await api.platform.events.lastPosition();
  return () => api.platform.events.readAll({ after });
}

describe('ensureAdmin', () => {
  it('registered the admin of ADMIN_EMAIL at start, as the system', async () => {
    const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
    expect(admin.user).toMatchObject({ fullName: 'MIBI Admin', email: 'admin@mibi.test', roles: ['buyer', 'admin'] });
    const stream = await api.platform.events.readStream(`account-${admin.user!.id}`);
    // Then the harness's first sign-in of the admin set up their second factor (TotpEnrolled).
    expect(stream.slice(0, 2).map((e) => [e.type, e.metadata.actor])).toEqual([
      ['AccountRegistered', 'system'],
      ['RoleAdded', 'system'],
    ]);
    expect(stream[1]!.data).toMatchObject({ role: 'admin', by: 'system' });
  });

  it('adds nothing when started again', async () => {
    const appended = await appendedFrom();
    await ensureAdmin(api.ctx);
    await ensureAdmin(processWith({}));
    expect(await appended()).toEqual([]);
  });

  it('makes an existing account of the address an admin, keeping its password', async () => {
    const email = `owner.${Date.now()}@example.com`;
    const owner = await api.signUp({ email, role: 'seller' });
    await ensureAdmin(processWith({ ADMIN_EMAIL: email.toUpperCase(), ADMIN_PASSWORD: 'ignored-pass' }));
    // A new admin is signed out: their next sign-in sets up a second factor.
    expect(ok(await owner.api.auth.me.$get()).user).toBeNull();
    expect((await api.signIn(email, 'secret-pass')).user!.roles).toEqual(['seller', 'admin']);
    expectStatus(await api.anonymous().api.auth.signin.$post({ json: { email, password: 'ignored-pass' } }), 401);
  });

  it('does nothing without ADMIN_EMAIL', async () => {
    const appended = await appendedFrom();
    await ensureAdmin(processWith({ ADMIN_EMAIL: undefined, ADMIN_PASSWORD: 'admin-pass-9' }));
    expect(await appended()).toEqual([]);
  });

  it('gives a new admin without ADMIN_PASSWORD a generated password, shown once and stored only as a hash', async () => {
    const email = `generated.${Date.now()}@example.com`;
    const shown: string[] = [];
    const appended = await appendedFrom();
    await ensureAdmin(processWith({ ADMIN_EMAIL: email, ADMIN_PASSWORD: undefined }), (line) => shown.push(line));
    expect(shown).toEqual([
      expect.stringMatching(
        new RegExp(`^admin account ${email} created with the password [A-Za-z0-9_-]{24} \\(shown only this once`),
      ),
    ]);
    const password = /the password (\S+)/.exec(shown[0]!)![1]!;
    expect(JSON.stringify(await appended())).not.toContain(password);
    // Checked on the account itself: an admin's sign-in goes on to a second factor.
    const account = await findAccount(api.ctx, email);
    expect(account!.roles).toEqual(['buyer', 'admin']);
    expect(await verifyPassword(account!.passwordHash, password)).toBe(true);

    await ensureAdmin(processWith({ ADMIN_EMAIL: email, ADMIN_PASSWORD: undefined }), (line) => shown.push(line));
    expect(shown).toHaveLength(1);
  });

  it('completes a registration that stopped after the reservation', async () => {
    const email = `half.${Date.now()}@example.com`;
    const userId = crypto.randomUUID();
    await api.ctx.streams.append(
      reservationStream(email),
      [{ type: 'EmailReserved', data: { userId, emailNormalized: email } }],
      'no_stream',
      {
        actor: 'system',
      },
    );
    await ensureAdmin(processWith({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'admin-pass-2' }));
    const admin = await api.signIn(email, 'admin-pass-2');
    expect(admin.user).toMatchObject({ id: userId, roles: ['buyer', 'admin'] });
  });

  it('registers one admin when several processes start together', async () => {
    const email = `together.${Date.now()}@example.com`;
    const env = { ADMIN_EMAIL: email, ADMIN_PASSWORD: 'admin-pass-3' };
    const appended = await appendedFrom();
    await Promise.all([1, 2, 3, 4].map(() => ensureAdmin(processWith(env))));
    expect((await appended()).map((e) => e.type).sort()).toEqual(['AccountRegistered', 'EmailReserved', 'RoleAdded']);
    expect((await api.signIn(email, 'admin-pass-3')).user!.roles).toEqual(['buyer', 'admin']);
  });
});
