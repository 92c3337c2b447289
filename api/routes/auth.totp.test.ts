/** Issue 13: admins sign in with a second factor (TOTP, with recovery codes); sellers may choose to. */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountStream } from '../../domain/account/events.ts';
import { SESSION_COOKIE } from '../auth/middleware.ts';
import { openSecret, totpCode, totpStep } from '../auth/totp.ts';
import { Client, expectStatus, ok, startTestApi, type TestApi } from '../testing/harness.ts';

let api: TestApi;
let staff: Client;
beforeAll(async () => {
  api = await startTestApi();
  staff = await api.signIn('admin@mibi.test', 'admin-pass-1');
});
afterAll(() => api.close());

const codeNow = (secret: Uint8Array) => totpCode(secret, totpStep(Date.now()));
const me = async (client: Client) => ok(await client.api.auth.me.$get()).user;

/** A fresh account made an admin by the harness's admin; its password is 'secret-pass'. */
async function newAdmin(): Promise<{ email: string; id: string }> {
  const { user } = await api.signUp({ role: 'seller' });
  expect(
    (await staff.api.admin.users[':id'].roles.$post({ param: { id: user!.id }, json: { role: 'admin' } })).status,
  ).toBe(200);
  return { email: user!.email, id: user!.id };
}

/** Signs in with the password only: the answer and the (cookie-less) client. */
async function passwordStep(email: string, password = 'secret-pass') {
  const client = api.anonymous();
  const reply = await client.api.auth.signin.$post({ json: { email, password } });
  expectStatus(reply, 200);
  return { client, body: reply.body };
}

/** Signs in with the password only, which must ask for a second step: its challenge and the (cookie-less) client. */
async function secondStep(email: string) {
  const { client, body } = await passwordStep(email);
  if (!('challenge' in body)) throw new Error(`the sign-in of ${email} asked for no second step`);
  return { client, body };
}

/** The second step of `step` answered with `code`. */
const answered = (step: Awaited<ReturnType<typeof secondStep>>, code: string) =>
  step.client.api.auth.signin.totp.$post({ json: { challenge: step.body.challenge, code } });

/** Enrols the app set up as `enrolment` with `code`, within the sign-in's `challenge` when signing in. */
const enrol = (client: Client, code: string, enrolment: string, challenge?: string) =>
  client.api.auth.totp.enrol.$post({ json: { challenge, enrolment, code } });

/** An admin's first sign-in: sets up the app and answers the secret and recovery codes, signed in. */
async function enrolAdmin(email: string, id: string) {
  const { client, body } = await secondStep(email);
  const setup = await client.api.auth.totp.setup.$post({ json: { challenge: body.challenge } });
  expectStatus(setup, 200);
  const secret = openSecret(api.ctx.config, id, setup.body.enrolment)!;
  const enrolled = await enrol(client, codeNow(secret), setup.body.enrolment, body.challenge);
  expectStatus(enrolled, 201);
  return { client, secret, recoveryCodes: enrolled.body.recoveryCodes };
}

describe('an admin without a second factor', () => {
  it('gets no session from the password: sign-in asks to set up an authenticator app first', async () => {
    const { email, id } = await newAdmin();
    const { client, body } = await secondStep(email);
    expect(body).toEqual({ step: 'totp_enrol', challenge: expect.any(String) });
    expect(client.cookie).toBeNull();
    expect((await client.api.admin.overview.$get()).status).toBe(401);

    const setup = await client.api.auth.totp.setup.$post({ json: { challenge: body.challenge } });
    expectStatus(setup, 200);
    expect(setup.body.uri).toMatch(
      new RegExp(
        `^otpauth://totp/MIBI:${encodeURIComponent(email)}\\?issuer=MIBI&algorithm=SHA1&secret=[A-Z2-7]{32}&period=30&digits=6$`,
      ),
    );
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`);
    const secret = openSecret(api.ctx.config, id, setup.body.enrolment)!;

    const wrong = await enrol(
      client,
      '000000' === codeNow(secret) ? '111111' : '000000',
      setup.body.enrolment,
      body.challenge,
    );
    expectStatus(wrong, 400);
    expect(wrong.body.error.fields).toEqual({
      code: 'That code is not right. Check your authenticator app (or your recovery codes) and try again.',
    });

    const enrolled = await enrol(client, codeNow(secret), setup.body.enrolment, body.challenge);
    expectStatus(enrolled, 201);
    expect(enrolled.body.recoveryCodes).toHaveLength(10);
    expect(enrolled.body.recoveryCodes[0]).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
    expect(enrolled.body.user).toMatchObject({ id, totpEnabled: true, roles: ['seller', 'admin'] });
    expect((await client.api.admin.overview.$get()).status).toBe(200);

    // The log keeps the secret sealed and the codes hashed.
    const events = await api.platform.events.readStream(accountStream(id));
    const enrolledEvent = events.find((e) => e.type === 'TotpEnrolled')!;
    expect((enrolledEvent.data as { secret: string }).secret).toMatch(/^v1\./);
    const log = JSON.stringify(events);
    expect(log).not.toContain(setup.body.secret);
    expect(log).not.toContain(Buffer.from(secret).toString('base64'));
    for (const code of enrolled.body.recoveryCodes) expect(log).not.toContain(code);
  });

  it('with a session from before (no second factor) is signed out', async () => {
    const { id } = await newAdmin();
    const { token } = await api.ctx.sessions.create(id);
    const old = new Client(api, `${SESSION_COOKIE}=${token}`);
    expect(await me(old)).toBeNull();
    expect((await old.api.admin.overview.$get()).status).toBe(401);
  });

  it('cannot set up with a challenge of a finished or made-up sign-in, nor enrol a secret sealed for another account', async () => {
    const { email } = await newAdmin();
    const other = await newAdmin();
    const { client, body } = await secondStep(email);
    expect((await client.api.auth.totp.setup.$post({ json: { challenge: 'made-up' } })).status).toBe(401);
    const foreign = await api
      .anonymous()
      .api.auth.totp.setup.$post({ json: { challenge: (await secondStep(other.email)).body.challenge } });
    expectStatus(foreign, 200);
    const reply = await enrol(client, '123456', foreign.body.enrolment, body.challenge);
    expectStatus(reply, 400);
    expect(reply.body.error.code).toBe('invalid_enrolment');
  });
});

describe('an admin with a second factor', () => {
  it('signs in with a code, each code once', async () => {
    const { email, id, secret } = await newAdmin().then(async (admin) => ({
      ...admin,
      ...(await enrolAdmin(admin.email, admin.id)),
    }));
    const first = await secondStep(email);
    expect(first.body).toEqual({ step: 'totp_required', challenge: expect.any(String) });
    expect(first.client.cookie).toBeNull();
    const code = codeNow(secret);
    // The enrolment used this step's code already (a code seen over a shoulder is spent): the harness forgets that here.
    await api.totpCode(email);
    const signedIn = await first.client.api.auth.signin.totp.$post({ json: { challenge: first.body.challenge, code } });
    expectStatus(signedIn, 200);
    expect(signedIn.body.user).toMatchObject({ id, totpEnabled: true });
    expect((await first.client.api.admin.overview.$get()).status).toBe(200);

    const again = await secondStep(email);
    const replayed = await again.client.api.auth.signin.totp.$post({ json: { challenge: again.body.challenge, code } });
    expectStatus(replayed, 400);
    expect(replayed.body.error.code).toBe('invalid_code');
    // The challenge is used up once it succeeds.
    expect((await answered(first, await api.totpCode(email))).status).toBe(401);
  });

  it('signs in with a recovery code, each once', async () => {
    const admin = await newAdmin();
    const { recoveryCodes } = await enrolAdmin(admin.email, admin.id);
    const first = await secondStep(admin.email);
    const typed = recoveryCodes[3]!.toUpperCase().replace(/-/g, ' ');
    expect(
      (await first.client.api.auth.signin.totp.$post({ json: { challenge: first.body.challenge, code: typed } }))
        .status,
    ).toBe(200);
    const again = await secondStep(admin.email);
    expect((await answered(again, recoveryCodes[3]!)).status).toBe(400);
    expect((await answered(again, recoveryCodes[4]!)).status).toBe(200);
  });

  it('has 5 tries per sign-in and 10 per account in 15 minutes', async () => {
    const admin = await newAdmin();
    const { secret } = await enrolAdmin(admin.email, admin.id);
    const wrong = () => (codeNow(secret) === '000000' ? '111111' : '000000');
    const { client, body } = await secondStep(admin.email);
    for (let i = 0; i < 5; i++)
      expect(
        (await client.api.auth.signin.totp.$post({ json: { challenge: body.challenge, code: wrong() } })).status,
      ).toBe(400);
    const ended = await client.api.auth.signin.totp.$post({
      json: {
        challenge: body.challenge,
        code: await api.totpCode(admin.email),
      },
    });
    expectStatus(ended, 401);
    expect(ended.body.error).toEqual({
      code: 'sign_in_expired',
      message: 'Your sign-in has expired. Please sign in again.',
    });

    const next = await secondStep(admin.email);
    for (let i = 0; i < 5; i++)
      expect(
        (await next.client.api.auth.signin.totp.$post({ json: { challenge: next.body.challenge, code: wrong() } }))
          .status,
      ).toBe(400);
    const last = await secondStep(admin.email);
    const held = await last.client.api.auth.signin.totp.$post({
      json: {
        challenge: last.body.challenge,
        code: await api.totpCode(admin.email),
      },
    });
    expectStatus(held, 429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('makes codes wait longer after each burst of 10 wrong ones, and tells the owner of each burst once', async () => {
    const admin = await newAdmin();
    const { secret } = await enrolAdmin(admin.email, admin.id);
    const wrong = () => (codeNow(secret) === '000000' ? '111111' : '000000');
    /** 10 wrong codes over two sign-ins; answers the Retry-After a right code then meets. */
    const burst = async () => {
      for (let n = 0; n < 2; n++) {
        const { client, body } = await secondStep(admin.email);
        for (let i = 0; i < 5; i++)
          expect(
            (await client.api.auth.signin.totp.$post({ json: { challenge: body.challenge, code: wrong() } })).status,
          ).toBe(400);
      }
      const { client, body } = await secondStep(admin.email);
      const code = await api.totpCode(admin.email);
      const held = await client.api.auth.signin.totp.$post({ json: { challenge: body.challenge, code } });
      expectStatus(held, 429);
      return Number(held.headers.get('retry-after'));
    };
    /** Mailed by a worker from the log (workers/tell-code-failures.ts). */
    const notices = async () => {
      await api.settle();
      return (await api.platform.mailbox!.list({ to: admin.email })).filter(
        (mail) => mail.subject === 'Wrong sign-in codes for your MIBI account',
      );
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const started = Date.now();
      expect(await burst()).toBe(15 * 60);
      expect(await notices()).toHaveLength(1);
      expect((await notices())[0]!.text).toContain('gave 10 wrong codes');
      vi.setSystemTime(started + 16 * 60_000);
      expect(await burst()).toBe(30 * 60);
      vi.setSystemTime(started + 47 * 60_000);
      expect(await burst()).toBe(60 * 60);
      expect(await notices()).toHaveLength(3);
      // A right code forgets the bursts: the next one waits a quarter hour again.
      vi.setSystemTime(started + 108 * 60_000);
      const { client, body } = await secondStep(admin.email);
      const code = await api.totpCode(admin.email);
      expectStatus(await client.api.auth.signin.totp.$post({ json: { challenge: body.challenge, code } }), 200);
      expect(await burst()).toBe(15 * 60);
      expect(await notices()).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cannot turn it off, and gets new recovery codes with a code', async () => {
    const admin = await newAdmin();
    const { client, recoveryCodes } = await enrolAdmin(admin.email, admin.id);
    const off = await client.api.auth.totp.disable.$post({ json: { password: 'secret-pass' } });
    expectStatus(off, 409);
    expect(off.body.error.message).toBe('Admins and analysts must keep two-step sign-in on');
    const replaced = await client.api.auth.totp['recovery-codes'].$post({
      json: { code: await api.totpCode(admin.email) },
    });
    expectStatus(replaced, 200);
    expect(replaced.body.recoveryCodes).toHaveLength(10);
    const signIn = await secondStep(admin.email);
    expect((await answered(signIn, recoveryCodes[0]!)).status).toBe(400);
    expect((await answered(signIn, replaced.body.recoveryCodes[0]!)).status).toBe(200);
  });
});

describe('an analyst', () => {
  it('signs in as an admin does: no session from before the role, none from the password alone, the app set up first', async () => {
    const before = await api.signUp({ role: 'buyer' });
    const { user } = before;
    expectStatus(
      await staff.api.admin.users[':id'].roles.$post({ param: { id: user!.id }, json: { role: 'analyst' } }),
      200,
    );
    // The session from before the role does not count.
    expect(await me(before)).toBeNull();
    const { client, body } = await secondStep(user!.email);
    expect(body).toEqual({ step: 'totp_enrol', challenge: expect.any(String) });
    expect(client.cookie).toBeNull();
    const { client: enrolled } = await enrolAdmin(user!.email, user!.id);
    expect((await enrolled.api.analyst.events.$get()).status).toBe(200);
    const off = await enrolled.api.auth.totp.disable.$post({ json: { password: 'secret-pass' } });
    expectStatus(off, 409);
    expect(off.body.error.message).toBe('Admins and analysts must keep two-step sign-in on');
  });
});

describe('a seller', () => {
  it('signs in with the password alone until they turn two-step sign-in on, and off again with the password', async () => {
    const seller = await api.signUp({ role: 'seller' });
    const email = seller.user!.email;
    expect((await passwordStep(email)).body).toMatchObject({ user: { totpEnabled: false } });

    const setup = await seller.api.auth.totp.setup.$post({ json: {} });
    expectStatus(setup, 200);
    const secret = openSecret(api.ctx.config, seller.user!.id, setup.body.enrolment)!;
    const otherDevice = await api.signIn(email, 'secret-pass');
    const enrolled = await enrol(seller, codeNow(secret), setup.body.enrolment);
    expectStatus(enrolled, 201);
    expect(await me(seller)).toMatchObject({ totpEnabled: true });
    // Turning it on ends the other sessions: one of them may be someone else's.
    expect(await me(otherDevice)).toBeNull();
    expect((await api.platform.mailbox!.list({ to: email, limit: 1 }))[0]!.subject).toBe(
      'Two-step sign-in was turned on',
    );

    expect((await passwordStep(email)).body).toEqual({ step: 'totp_required', challenge: expect.any(String) });
    expect((await seller.api.auth.totp.setup.$post({ json: {} })).status).toBe(409);

    const wrongPassword = await seller.api.auth.totp.disable.$post({ json: { password: 'not-it' } });
    expectStatus(wrongPassword, 400);
    expect(wrongPassword.body.error.fields).toEqual({ password: 'Your password is not correct' });
    const off = await seller.api.auth.totp.disable.$post({ json: { password: 'secret-pass' } });
    expectStatus(off, 200);
    expect(off.body.user.totpEnabled).toBe(false);
    expect((await passwordStep(email)).body).toMatchObject({ user: { id: seller.user!.id } });
    expect((await api.platform.mailbox!.list({ to: email, limit: 1 }))[0]!.subject).toBe(
      'Two-step sign-in was turned off',
    );
  });

  it('needs a session to set up without a challenge', async () => {
    expect((await api.anonymous().api.auth.totp.setup.$post({ json: {} })).status).toBe(401);
    expect(
      (await api.anonymous().api.auth.totp.enrol.$post({ json: { enrolment: 'v1.x', code: '123456' } })).status,
    ).toBe(401);
  });
});

describe('the TOTP key', () => {
  it('is generated once into DATA_DIR, readable by its owner only, unless TOTP_KEY is set', async () => {
    const path = join(api.dir, 'totp.key');
    expect(existsSync(path)).toBe(true);
    expect(statSync(path).mode & 0o077).toBe(0);
    const secret = new Uint8Array(20).fill(7);
    const sealed = (await import('../auth/totp.ts')).sealSecret(api.ctx.config, 'user-1', secret);
    expect(openSecret(api.ctx.config, 'user-1', sealed)).toEqual(secret);
    expect(openSecret(api.ctx.config, 'user-2', sealed)).toBeNull();
    expect(openSecret({ ...api.ctx.config, TOTP_KEY: 'ab'.repeat(32) }, 'user-1', sealed)).toBeNull();
  });
});

describe('an admin changing their password', () => {
  it('stays signed in: the new session keeps the second factor the old one passed', async () => {
    const admin = await newAdmin();
    const { client } = await enrolAdmin(admin.email, admin.id);
    expect(
      (await client.api.auth.password.$post({ json: { currentPassword: 'secret-pass', password: 'new-secret-9' } }))
        .status,
    ).toBe(200);
    expect((await client.api.admin.overview.$get()).status).toBe(200);
  });
});

describe('an admin who lost their device and recovery codes', () => {
  it('has it reset by another admin, and sets it up again at the next sign-in', async () => {
    const admin = await newAdmin();
    const { client } = await enrolAdmin(admin.email, admin.id);
    expect(await me(client)).toMatchObject({ id: admin.id });
    expect((await staff.api.admin.users[':id'].totp.disable.$post({ param: { id: admin.id } })).status).toBe(200);
    // The reset ends their sessions: whoever took the device is signed out with it.
    expect(await me(client)).toBeNull();
    expect((await passwordStep(admin.email)).body).toEqual({ step: 'totp_enrol', challenge: expect.any(String) });
    // Not their own: an admin keeps theirs.
    const own = await staff.api.admin.users[':id'].totp.disable.$post({ param: { id: staff.user!.id } });
    expectStatus(own, 409);
    const seller = await api.signUp({ role: 'seller' });
    expect((await seller.api.admin.users[':id'].totp.disable.$post({ param: { id: admin.id } })).status).toBe(403);
    expect((await staff.api.admin.users[':id'].totp.disable.$post({ param: { id: 'no-such-user' } })).status).toBe(404);
  });
});
