import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, expectStatus, ok, startTestApi, type TestApi } from '../testing/harness.ts';
import { sha256Hex } from '../auth/sha256.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  vi.useRealTimers();
});

const INVALID_LINK = {
  error: { code: 'invalid_token', message: 'This password reset link is invalid or has expired' },
};
const RESET_REQUESTED =
  'If an account exists for this email, we have sent it a link to reset the password. The link expires in 1 hour.';

async function appendedFrom(test: TestApi) {
  const after = await test.platform.events.lastPosition();
  return () => test.platform.events.readAll({ after });
}

const me = async (client: Client) => ok(await client.api.auth.me.$get()).user;
const signInStatus = async (email: string, password: string) =>
  (await api.anonymous().api.auth.signin.$post({ json: { email, password } })).status;

/** Asks for a reset link and returns the token from the mailed link. */
async function resetToken(test: TestApi, email: string): Promise<string> {
  const reply = await test.anonymous().api.auth['forgot-password'].$post({ json: { email } });
  expectStatus(reply, 202);
  await test.ctx.afterwards.settled();
  const [mail] = await test.platform.mailbox!.list({ to: email, limit: 1 });
  const link = /(\S+\/reset-password\?token=\S+)/.exec(mail!.text)![1]!;
  return new URL(link).searchParams.get('token')!;
}

describe('POST /api/auth/password', () => {
  it('changes the password, ends every session and signs this browser in again', async () => {
    const client = await api.signUp();
    const email = client.user!.email;
    const otherDevice = await api.signIn(email, 'secret-pass');
    const oldCookie = client.cookie;
    const appended = await appendedFrom(api);

    const reply = await client.api.auth.password.$post({
      json: { currentPassword: 'secret-pass', password: 'new-secret' },
    });
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ ok: true, position: expect.any(Number) });
    expect((await appended()).map((e) => e.type)).toEqual(['PasswordChanged']);
    expect(client.cookie).not.toBe(oldCookie);
    expect(await me(client)).toEqual(client.user);
    expect(await me(otherDevice)).toBeNull();
    expect(await me(new Client(api, oldCookie))).toBeNull();
    expect(await signInStatus(email, 'secret-pass')).toBe(401);
    expect(await signInStatus(email, 'new-secret')).toBe(200);
  });

  it('refuses a wrong current password, storing nothing', async () => {
    const client = await api.signUp();
    const appended = await appendedFrom(api);
    const reply = await client.api.auth.password.$post({ json: { currentPassword: 'not-it', password: 'new-secret' } });
    expectStatus(reply, 400);
    expect(reply.body).toEqual({
      error: {
        code: 'wrong_password',
        message: 'Your current password is not correct',
        fields: { currentPassword: 'Your current password is not correct' },
      },
    });
    expect(await appended()).toEqual([]);
    expect(await me(client)).toEqual(client.user);
  });

  it.each([
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters long!'],
    [{ currentPassword: '' }, 'currentPassword', 'Password is required'],
    [{ currentPassword: null }, 'currentPassword', 'Password is required'],
  ])('refuses %j: %s says %j', async (changes, field, message) => {
    const client = await api.signUp();
    const reply = await client.raw.post('/api/auth/password', {
      currentPassword: 'secret-pass',
      password: 'new-secret',
      ...changes,
    });
    expectStatus(reply, 400);
    expect(reply.body).toEqual({ error: { code: 'validation_failed', message, fields: { [field]: message } } });
  });

  it('refuses malformed JSON and oversized bodies, and the signed-out', async () => {
    const client = await api.signUp();
    expect((await client.raw.post('/api/auth/password', '{bad')).body.error.code).toBe('malformed_json');
    const oversized = await client.api.auth.password.$post({
      json: {
        currentPassword: 'secret-pass',
        password: 'x'.repeat(70 * 1024),
      },
    });
    expectStatus(oversized, 413);
    const signedOut = await api
      .anonymous()
      .api.auth.password.$post({ json: { currentPassword: 'secret-pass', password: 'new-secret' } });
    expectStatus(signedOut, 401);
    expect(signedOut.body.error.code).toBe('unauthorized');
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('mails a link whose token is stored only as a hash, expiring in 1 hour', async () => {
    const client = await api.signUp();
    const email = client.user!.email;
    const appended = await appendedFrom(api);
    const token = await resetToken(api, email.toUpperCase());

    const [mail] = await api.platform.mailbox!.list({ to: email });
    expect(mail).toMatchObject({ to: email, subject: 'Reset your MIBI password' });
    expect(mail!.text).toContain(`http://localhost:3000/reset-password?token=${token}`);
    const events = await appended();
    expect(events).toHaveLength(1);
    const { tokenHash, expiresAt, requestedAt } = events[0]!.data as Record<string, string>;
    expect(events[0]).toMatchObject({ type: 'PasswordResetRequested', stream: `account-${client.user!.id}` });
    expect(tokenHash).toBe(sha256Hex(token));
    expect(Date.parse(expiresAt!) - Date.parse(requestedAt!)).toBe(60 * 60 * 1000);
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it('answers the same for an unknown address, storing and sending nothing', async () => {
    const appended = await appendedFrom(api);
    const email = `nobody.${Date.now()}@example.com`;
    const reply = await api.anonymous().api.auth['forgot-password'].$post({ json: { email } });
    expectStatus(reply, 202);
    expect(reply.body).toEqual({ message: RESET_REQUESTED });
    await api.ctx.afterwards.settled();
    expect(await appended()).toEqual([]);
    expect(await api.platform.mailbox!.list({ to: email })).toEqual([]);
  });

  it('sends at most 3 links per address in 15 minutes, answering alike', async () => {
    const { user } = await api.signUp();
    for (let i = 0; i < 4; i++) {
      const reply = await api.anonymous().api.auth['forgot-password'].$post({ json: { email: user!.email } });
      expect(reply.body).toEqual({ message: RESET_REQUESTED });
    }
    await api.ctx.afterwards.settled();
    const mails = await api.platform.mailbox!.list({ to: user!.email });
    expect(mails.filter((mail) => mail.subject === 'Reset your MIBI password')).toHaveLength(3);
  });

  it('answers before it looks the address up, so its time tells nothing of accounts; the link is mailed once after', async () => {
    const { user } = await api.signUp();
    const unknown = `nobody.${Date.now()}@example.com`;
    // Every read of the log waits until the answers are in: an answer that waited on the lookup never comes.
    let open!: () => void;
    const answered = new Promise<void>((resolve) => {
      open = resolve;
    });
    const load = api.ctx.streams.load.bind(api.ctx.streams);
    const held = vi.spyOn(api.ctx.streams, 'load').mockImplementation(async (...args) => {
      await answered;
      return load(...args);
    });
    const send = vi.spyOn(api.platform.mail, 'send');
    try {
      const ask = (email: string) => api.anonymous().api.auth['forgot-password'].$post({ json: { email } });
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2000));
      const replies = await Promise.race([Promise.all([ask(user!.email), ask(unknown)]), waited]);
      expect(replies).not.toBe('waited');
      for (const reply of replies as Array<Awaited<ReturnType<typeof ask>>>) {
        expectStatus(reply, 202);
        expect(reply.body).toEqual({ message: RESET_REQUESTED });
      }
      expect(send).not.toHaveBeenCalled();
      open();
      await api.ctx.afterwards.settled();
      expect(send).toHaveBeenCalledTimes(1);
      expect(send.mock.calls[0]![0]).toMatchObject({ to: user!.email, subject: 'Reset your MIBI password' });
    } finally {
      open();
      held.mockRestore();
      send.mockRestore();
    }
  });

  it('uses PUBLIC_URL for the link when set', async () => {
    const hosted = await startTestApi({ PUBLIC_URL: 'https://mibi.example/shop' });
    try {
      const { user } = await hosted.signUp();
      const token = await resetToken(hosted, user!.email);
      const [mail] = await hosted.platform.mailbox!.list({ to: user!.email });
      expect(mail!.text).toContain(`https://mibi.example/shop/reset-password?token=${token}`);
    } finally {
      await hosted.close();
    }
  });

  it('refuses bad requests', async () => {
    const missing = await api.anonymous().raw.post('/api/auth/forgot-password', {});
    expect(missing.body).toEqual({
      error: { code: 'validation_failed', message: 'Email is required', fields: { email: 'Email is required' } },
    });
    const invalid = await api.anonymous().api.auth['forgot-password'].$post({ json: { email: 'asha' } });
    expectStatus(invalid, 400);
    expect(invalid.body.error.fields).toEqual({ email: 'Enter a valid email address' });
    expect((await api.anonymous().raw.post('/api/auth/forgot-password', '{bad')).body.error.code).toBe(
      'malformed_json',
    );
    expect(
      (await api.anonymous().api.auth['forgot-password'].$post({ json: { email: `${'a'.repeat(70 * 1024)}@x.in` } }))
        .status,
    ).toBe(413);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once and ends every session', async () => {
    const client = await api.signUp();
    const email = client.user!.email;
    const token = await resetToken(api, email);
    const appended = await appendedFrom(api);

    const reply = await api.anonymous().api.auth['reset-password'].$post({ json: { token, password: 'new-secret' } });
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ ok: true, position: expect.any(Number) });
    expect((await appended()).map((e) => e.type)).toEqual(['PasswordResetCompleted', 'PasswordChanged']);
    expect(await me(client)).toBeNull();
    expect(await signInStatus(email, 'secret-pass')).toBe(401);
    expect(await signInStatus(email, 'new-secret')).toBe(200);

    const again = await api.anonymous().api.auth['reset-password'].$post({ json: { token, password: 'other-secret' } });
    expectStatus(again, 400);
    expect(again.body).toEqual(INVALID_LINK);
  });

  it('refuses a link after 1 hour', async () => {
    const { user } = await api.signUp();
    const token = await resetToken(api, user!.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60 * 1000);
    const appended = await appendedFrom(api);
    const reply = await api.anonymous().api.auth['reset-password'].$post({ json: { token, password: 'new-secret' } });
    expectStatus(reply, 400);
    expect(reply.body).toEqual(INVALID_LINK);
    expect(await appended()).toEqual([]);
  });

  it('honours only the newest link', async () => {
    const { user } = await api.signUp();
    const older = await resetToken(api, user!.email);
    const newer = await resetToken(api, user!.email);
    expect(
      (await api.anonymous().api.auth['reset-password'].$post({ json: { token: older, password: 'new-secret' } })).body,
    ).toEqual(INVALID_LINK);
    expect(
      (await api.anonymous().api.auth['reset-password'].$post({ json: { token: newer, password: 'new-secret' } }))
        .status,
    ).toBe(200);
  });

  it.each([
    ['not shaped like a token', 'garbage'],
    ['naming no account', `${crypto.randomUUID()}.c2VjcmV0`],
  ])('refuses a token %s, storing nothing', async (_, token) => {
    const appended = await appendedFrom(api);
    const reply = await api.anonymous().api.auth['reset-password'].$post({ json: { token, password: 'new-secret' } });
    expectStatus(reply, 400);
    expect(reply.body).toEqual(INVALID_LINK);
    expect(await appended()).toEqual([]);
  });

  it('refuses a guessed secret for a real account', async () => {
    const { user } = await api.signUp();
    await resetToken(api, user!.email);
    const reply = await api
      .anonymous()
      .api.auth['reset-password'].$post({ json: { token: `${user!.id}.guess`, password: 'new-secret' } });
    expect(reply.body).toEqual(INVALID_LINK);
  });

  it.each([
    [{ token: '' }, 'token', 'This password reset link is invalid or has expired'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters long!'],
    [{ password: undefined }, 'password', 'Password must be at least 6 characters long!'],
  ])('refuses %j: %s says %j', async (changes, field, message) => {
    const reply = await api
      .anonymous()
      .raw.post('/api/auth/reset-password', { token: 'a.b', password: 'new-secret', ...changes });
    expectStatus(reply, 400);
    expect(reply.body).toEqual({ error: { code: 'validation_failed', message, fields: { [field]: message } } });
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    expect((await api.anonymous().raw.post('/api/auth/reset-password', '{bad')).body.error.code).toBe('malformed_json');
    expect(
      (
        await api
          .anonymous()
          .api.auth['reset-password'].$post({ json: { token: 'x'.repeat(70 * 1024), password: 'secret' } })
      ).status,
    ).toBe(413);
  });
});
