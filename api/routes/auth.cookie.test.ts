import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../auth/middleware.ts';
import { Client, expectStatus, ok, type TestApi, startTestApi } from '../testing/harness.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Signs up through the API with these request headers; answers the Set-Cookie and the client keeping it. */
async function signUp(api: TestApi, headers: Record<string, string> = {}) {
  const client = new Client(api);
  const reply = await client.api.auth.signup.$post(
    {
      json: {
        fullName: 'Asha Rao',
        email: `asha.${crypto.randomUUID()}@example.com`,
        password: 'secret-pass',
        role: 'buyer',
      },
    },
    { headers },
  );
  expectStatus(reply, 201);
  client.user = reply.body.user;
  return { cookie: reply.headers.get('set-cookie')!, client };
}

const me = async (client: Client, headers: Record<string, string> = {}) =>
  ok(await client.api.auth.me.$get(undefined, { headers })).user;

describe('the session cookie over plain HTTP (local development)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('is mibi_session, not Secure, lasting the absolute session lifetime', async () => {
    const { cookie } = await signUp(api);
    expect(cookie).toMatch(
      new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=${30 * 24 * 3600}; Path=/; HttpOnly; SameSite=Lax$`),
    );
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted (TRUST_PROXY=0)', async () => {
    const { cookie } = await signUp(api, { 'x-forwarded-proto': 'https' });
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(cookie).not.toContain('Secure');
  });
});

describe('the session cookie over TLS', () => {
  it('is Secure and __Host- when PUBLIC_URL is https: Path=/, no Domain, and only that name is read', async () => {
    const api = await startTestApi({ PUBLIC_URL: 'https://mibi.example' });
    try {
      const { cookie, client } = await signUp(api);
      expect(cookie).toMatch(
        new RegExp(
          `^${SECURE_SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=\\d+; Path=/; HttpOnly; Secure; SameSite=Lax$`,
        ),
      );
      expect(cookie).not.toMatch(/Domain=/i);
      expect(await me(client)).toEqual(client.user);
      // The same token under the plain name (which anyone on plain HTTP could have set) is not read.
      const token = client.cookie!.split('=')[1];
      expect(await me(new Client(api, `${SESSION_COOKIE}=${token}`))).toBeNull();

      const out = await client.api.auth.signout.$post();
      expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${SECURE_SESSION_COOKIE}=;.*Max-Age=0.*Secure`));
    } finally {
      await api.close();
    }
  });

  it('is Secure when the trusted proxy says the client used https (TRUST_PROXY=1)', async () => {
    const api = await startTestApi({ TRUST_PROXY: '1' });
    try {
      const { cookie, client } = await signUp(api, { 'x-forwarded-proto': 'https' });
      expect(cookie).toMatch(new RegExp(`^${SECURE_SESSION_COOKIE}=.*; Secure;`));
      expect(await me(client, { 'x-forwarded-proto': 'https' })).toEqual(client.user);
      // The proxy appended "http" to what the client wrote itself: the client used http.
      const forged = await signUp(api, { 'x-forwarded-proto': 'https, http' });
      expect(forged.cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
      expect(forged.cookie).not.toContain('Secure');
    } finally {
      await api.close();
    }
  });
});

describe('session lifetimes, enforced by the server', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ SESSION_IDLE_HOURS: '2', SESSION_MAX_DAYS: '1' });
  });
  afterAll(() => api.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends a session unused for SESSION_IDLE_HOURS, whatever the cookie says', async () => {
    const { client } = await signUp(api);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    vi.advanceTimersByTime(2 * HOUR_MS - 60_000);
    expect(await me(client)).toEqual(client.user);
    vi.advanceTimersByTime(2 * HOUR_MS - 60_000);
    expect(await me(client)).toEqual(client.user);
    vi.advanceTimersByTime(2 * HOUR_MS);
    const cookie = client.cookie;
    expect(await me(client)).toBeNull();
    expect(await me(new Client(api, cookie))).toBeNull();
  });

  it('ends a session SESSION_MAX_DAYS after sign-in however much it is used', async () => {
    const { client } = await signUp(api);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (let used = 0; used < DAY_MS - HOUR_MS; used += HOUR_MS) {
      vi.advanceTimersByTime(HOUR_MS);
      expect(await me(client)).toEqual(client.user);
    }
    vi.advanceTimersByTime(HOUR_MS);
    expect(await me(client)).toBeNull();
  });
});
