import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { signUpSchema } from '../../domain/account/schemas.ts';
import type { AccountEvent } from '../../domain/account/events.ts';
import { reservationStream } from '../commands/accounts.ts';
import { SESSION_COOKIE } from '../auth/middleware.ts';
import { Client, expectStatus, ok, startTestApi, type TestApi } from '../testing/harness.ts';
import type { UserDoc } from '../../projections/users/documents.ts';
import { USERS } from '../../projections/users/projection.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

let n = 0;
const uniqueEmail = (name = 'asha') => `${name}.${++n}.${Date.now()}@example.com`;
const signUpBody = (changes: Partial<z.input<typeof signUpSchema>> = {}) => ({
  fullName: 'Asha Rao',
  email: uniqueEmail(),
  password: 'secret-pass',
  role: 'seller' as const,
  ...changes,
});

/** The events appended after this call, when the returned function is called. */
async function appendedFrom(test: TestApi) {
  const after = await test.platform.events.lastPosition();
  return () => test.platform.events.readAll({ after });
}

const me = async (client: Client) => ok(await client.api.auth.me.$get()).user;
const copyOf = (client: Client) => new Client(api, client.cookie);
const users = () => api.platform.read.collection<UserDoc>(USERS);

describe('POST /api/auth/signup', () => {
  it('creates the account, signs in and projects the user', async () => {
    const appended = await appendedFrom(api);
    const client = api.anonymous();
    const email = uniqueEmail('Asha.Rao');
    const reply = await client.api.auth.signup.$post({
      json: {
        fullName: ' Asha Rao ',
        email: ` ${email} `,
        password: 'secret-pass',
        role: 'seller',
      },
    });

    expectStatus(reply, 201);
    const user = reply.body.user;
    expect(reply.body).toEqual({
      user: {
        id: expect.any(String),
        fullName: 'Asha Rao',
        email,
        roles: ['seller'],
        emailVerified: false,
        totpEnabled: false,
      },
      position: expect.any(Number),
    });
    const cookie = reply.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(await me(client)).toEqual(user);

    const events = await appended();
    expect(events.map((e) => [e.type, e.stream])).toEqual([
      ['EmailReserved', reservationStream(email)],
      ['AccountRegistered', `account-${user.id}`],
      ['EmailVerificationRequested', `account-${user.id}`],
    ]);
    expect(reservationStream(email)).toMatch(/^email-[0-9a-f]{64}$/);
    const registered = events[1]!.data as Extract<AccountEvent, { type: 'AccountRegistered' }>['data'];
    expect(registered.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(events)).not.toContain('secret-pass');

    await api.settle();
    expect(await users().get(user.id)).toEqual({
      id: user.id,
      fullName: 'Asha Rao',
      email,
      emailNormalized: email.toLowerCase(),
      roles: ['seller'],
      registeredAt: registered.registeredAt,
    });
  });

  it('makes buyers by default', async () => {
    const { role: _, ...body } = signUpBody();
    const reply = await api.anonymous().api.auth.signup.$post({ json: body });
    expectStatus(reply, 201);
    expect(reply.body.user.roles).toEqual(['buyer']);
  });

  it.each([
    [{ fullName: ' ' }, 'fullName', 'Full name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'asha@' }, 'email', 'Enter a valid email address'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters long!'],
    [{ password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    [{ role: 'admin' }, 'role', 'Choose buyer or seller'],
    [{ fullName: 42 }, 'fullName', 'Full name is required'],
    [{ password: 123456 }, 'password', 'Password must be at least 6 characters long!'],
  ])('refuses %j: %s says %j, storing nothing', async (changes, field, message) => {
    const appended = await appendedFrom(api);
    const reply = await api.anonymous().raw.post('/api/auth/signup', { ...signUpBody(), ...changes });
    expectStatus(reply, 400);
    expect(reply.body).toEqual({ error: { code: 'validation_failed', message, fields: { [field]: message } } });
    expect(reply.headers.get('set-cookie')).toBeNull();
    expect(await appended()).toEqual([]);
  });

  it('names every missing field', async () => {
    const reply = await api.anonymous().raw.post('/api/auth/signup', {});
    expectStatus(reply, 400);
    expect(reply.body.error.fields).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      password: 'Password must be at least 6 characters long!',
    });
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    const malformed = await api.anonymous().raw.post('/api/auth/signup', '{bad');
    expectStatus(malformed, 400);
    expect(malformed.body.error.code).toBe('malformed_json');
    const oversized = await api
      .anonymous()
      .api.auth.signup.$post({ json: signUpBody({ fullName: 'x'.repeat(70 * 1024) }) });
    expectStatus(oversized, 413);
    expect(oversized.body.error.code).toBe('payload_too_large');
  });

  it('keeps e-mails unique whatever their case, storing nothing for the second', async () => {
    const email = uniqueEmail('Ravi');
    expect((await api.anonymous().api.auth.signup.$post({ json: signUpBody({ email }) })).status).toBe(201);
    const appended = await appendedFrom(api);
    const reply = await api
      .anonymous()
      .api.auth.signup.$post({ json: signUpBody({ email: ` ${email.toUpperCase()}` }) });
    expectStatus(reply, 409);
    expect(reply.body).toEqual({
      error: {
        code: 'email_taken',
        message: 'An account with this email already exists',
        fields: { email: 'An account with this email already exists' },
      },
    });
    expect(await appended()).toEqual([]);
  });

  it('lets exactly one of concurrent sign-ups with one address through', async () => {
    const email = uniqueEmail();
    const replies = await Promise.all(
      ['a', 'b', 'c', 'd'].map((who) =>
        api.anonymous().api.auth.signup.$post({ json: signUpBody({ fullName: who, email }) }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const events = await api.platform.events.readAll();
    const registered = events.filter(
      (e) => e.type === 'AccountRegistered' && (e.data as { email: string }).email === email,
    );
    expect(registered).toHaveLength(1);
  });

  it('completes a sign-up that stopped between reservation and registration', async () => {
    const email = uniqueEmail();
    const userId = crypto.randomUUID();
    await api.ctx.streams.append(
      reservationStream(email),
      [{ type: 'EmailReserved', data: { userId, emailNormalized: email } }],
      'no_stream',
      {
        actor: userId,
      },
    );

    const reply = await api.anonymous().api.auth.signup.$post({ json: signUpBody({ email }) });
    expectStatus(reply, 201);
    expect(reply.body.user.id).toBe(userId);
    expect((await api.anonymous().api.auth.signup.$post({ json: signUpBody({ email }) })).status).toBe(409);
  });

  it('ends the session the browser had before', async () => {
    const client = await api.signUp();
    const before = copyOf(client);
    const reply = await client.api.auth.signup.$post({ json: signUpBody() });
    expectStatus(reply, 201);
    expect(await me(before)).toBeNull();
    expect(await me(client)).toEqual(reply.body.user);
  });
});

describe('POST /api/auth/signin', () => {
  it('signs in with the email in any case and a new token each time', async () => {
    const email = uniqueEmail('Meera');
    const signedUp = await api.signUp({ email, role: 'seller' });
    const client = api.anonymous();
    const reply = await client.api.auth.signin.$post({ json: { email: email.toUpperCase(), password: 'secret-pass' } });
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ user: signedUp.user });
    expect(client.cookie).not.toBe(signedUp.cookie);

    const first = copyOf(client);
    expect((await client.api.auth.signin.$post({ json: { email, password: 'secret-pass' } })).status).toBe(200);
    expect(client.cookie).not.toBe(first.cookie);
    expect(await me(first)).toBeNull();
    expect(await me(client)).toEqual(signedUp.user);
    expect(await me(signedUp)).toEqual(signedUp.user);
  });

  it('answers alike for a wrong password and an unknown email', async () => {
    const email = uniqueEmail();
    await api.signUp({ email });
    const wrongPassword = await api.anonymous().api.auth.signin.$post({ json: { email, password: 'secret-pasS' } });
    const unknownEmail = await api
      .anonymous()
      .api.auth.signin.$post({ json: { email: uniqueEmail('nobody'), password: 'secret-pass' } });
    for (const reply of [wrongPassword, unknownEmail]) {
      expectStatus(reply, 401);
      expect(reply.body).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid email or password' } });
      expect(reply.headers.get('set-cookie')).toBeNull();
    }
  });

  it.each([
    [{ password: '' }, 'password', 'Password is required'],
    [{ email: 'meera' }, 'email', 'Enter a valid email address'],
    [{ email: 7 }, 'email', 'Email is required'],
  ])('refuses %j: %s says %j', async (changes, field, message) => {
    const reply = await api
      .anonymous()
      .raw.post('/api/auth/signin', { email: uniqueEmail(), password: 'secret-pass', ...changes });
    expectStatus(reply, 400);
    expect(reply.body).toEqual({ error: { code: 'validation_failed', message, fields: { [field]: message } } });
  });

  it('refuses malformed JSON', async () => {
    const reply = await api.anonymous().raw.post('/api/auth/signin', '{bad');
    expectStatus(reply, 400);
    expect(reply.body.error.code).toBe('malformed_json');
  });

  it('signs the admin of ADMIN_EMAIL in', async () => {
    const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
    expect(admin.user).toMatchObject({ email: 'admin@mibi.test', roles: ['buyer', 'admin'] });
  });
});

describe('GET /api/auth/me', () => {
  it('answers null when signed out, and clears an unknown cookie', async () => {
    expect((await api.anonymous().api.auth.me.$get()).body).toEqual({ user: null });
    const stale = new Client(api, `${SESSION_COOKIE}=not-a-session`);
    const reply = await stale.api.auth.me.$get();
    expect(reply.body).toEqual({ user: null });
    expect(reply.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  });
});

describe('POST /api/auth/signout', () => {
  it('ends this session only and clears the cookie', async () => {
    const client = await api.signUp();
    const sameBrowser = copyOf(client);
    const otherDevice = await api.signIn(client.user!.email, 'secret-pass');
    const reply = await client.api.auth.signout.$post();
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ ok: true });
    expect(reply.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    expect(await me(sameBrowser)).toBeNull();
    expect(await me(otherDevice)).toEqual(client.user);
  });

  it('answers ok when already signed out', async () => {
    expect((await api.anonymous().api.auth.signout.$post()).body).toEqual({ ok: true });
  });
});

describe('POST /api/auth/signout-everywhere', () => {
  it("ends every session of the user and nobody else's", async () => {
    const client = await api.signUp();
    const otherDevice = await api.signIn(client.user!.email, 'secret-pass');
    const someoneElse = await api.signUp();
    const reply = await client.api.auth['signout-everywhere'].$post();
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ ok: true });
    expect(client.cookie).toBeNull();
    expect(await me(otherDevice)).toBeNull();
    expect(await me(someoneElse)).toEqual(someoneElse.user);
  });

  it('needs a signed-in user', async () => {
    const reply = await api.anonymous().api.auth['signout-everywhere'].$post();
    expectStatus(reply, 401);
    expect(reply.body.error.code).toBe('unauthorized');
  });
});

describe('POST /api/auth/roles', () => {
  it('adds a role to oneself with the spec texts', async () => {
    const client = await api.signUp({ role: 'buyer' });
    const appended = await appendedFrom(api);
    const reply = await client.api.auth.roles.$post({ json: { role: 'seller' } });
    expectStatus(reply, 200);
    expect(reply.body).toEqual({
      user: { ...client.user, roles: ['buyer', 'seller'] },
      title: 'Role added successfully!',
      message: 'You can now act as a seller.',
      position: expect.any(Number),
    });
    expect((await me(client))?.roles).toEqual(['buyer', 'seller']);
    expect((await appended()).map((e) => e.type)).toEqual(['RoleAdded']);
    await api.settle();
    expect((await users().get(client.user!.id))!.roles).toEqual(['buyer', 'seller']);
  });

  it('changes nothing for a role already held', async () => {
    const client = await api.signUp({ role: 'seller' });
    const appended = await appendedFrom(api);
    const reply = await client.api.auth.roles.$post({ json: { role: 'seller' } });
    expectStatus(reply, 200);
    expect(reply.body).toMatchObject({ user: { roles: ['seller'] }, message: 'You can now act as a seller.' });
    expect(await appended()).toEqual([]);
  });

  it('never grants admin, and stores nothing for bad requests', async () => {
    const client = await api.signUp();
    const appended = await appendedFrom(api);
    const admin = await client.raw.post('/api/auth/roles', { role: 'admin' });
    expectStatus(admin, 400);
    expect(admin.body).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Choose buyer or seller',
        fields: { role: 'Choose buyer or seller' },
      },
    });
    expect((await client.raw.post('/api/auth/roles', {})).body.error.fields).toEqual({
      role: 'Choose buyer or seller',
    });
    expect((await client.raw.post('/api/auth/roles', '{bad')).body.error.code).toBe('malformed_json');
    expect((await client.raw.post('/api/auth/roles', { role: 'seller', padding: 'x'.repeat(70 * 1024) })).status).toBe(
      413,
    );
    expect(await appended()).toEqual([]);
    expect((await me(client))?.roles).toEqual(['buyer']);
  });

  it('needs a signed-in user', async () => {
    const reply = await api.anonymous().api.auth.roles.$post({ json: { role: 'seller' } });
    expectStatus(reply, 401);
    expect(reply.body.error.code).toBe('unauthorized');
  });
});

describe('cross-site requests', () => {
  const crossSite: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }];

  it.each(crossSite)('refuses a cookie-authenticated POST with %j', async (headers) => {
    const client = await api.signUp();
    const appended = await appendedFrom(api);
    const reply = await client.api.auth.roles.$post({ json: { role: 'seller' } }, { headers });
    expectStatus(reply, 403);
    expect(reply.body.error.code).toBe('cross_site');
    expect((await client.api.auth.signout.$post({}, { headers })).status).toBe(403);
    expect(await me(client)).toEqual(client.user);
    expect(await appended()).toEqual([]);
  });

  it('lets same-origin requests through', async () => {
    const client = await api.signUp();
    const reply = await client.api.auth.roles.$post(
      { json: { role: 'seller' } },
      { headers: { 'sec-fetch-site': 'same-origin' } },
    );
    expectStatus(reply, 200);
  });
});

it('documents every account route in the OpenAPI document', async () => {
  const { body } = await api.anonymous().raw.get('/api/openapi.json');
  const paths = [
    'signup',
    'signin',
    'signout',
    'signout-everywhere',
    'me',
    'roles',
    'password',
    'forgot-password',
    'reset-password',
  ];
  for (const path of paths) expect(body.paths).toHaveProperty([`/api/auth/${path}`]);
  expect(body.paths['/api/auth/signin'].post.responses).toHaveProperty('429');
});
