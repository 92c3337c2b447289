import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RedisServer, startRedis } from '../../platform/testing/redis.ts';
import { openThrottles } from '../auth/throttle.ts';
import { expectStatus, type Reply, type TestApi, startTestApi } from '../testing/harness.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';

const MINUTE_S = 60;
const PASSWORD = 'Quiet-Harbor-42';

// Every test starts its own API: without REDIS_URL the counters live in the process, per context.
const apis: TestApi[] = [];
async function start(env: Record<string, string> = {}): Promise<TestApi> {
  const api = await startTestApi(env);
  apis.push(api);
  return api;
}
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(apis.splice(0).map((api) => api.close()));
});

/** Request headers of a client at `ip`, as the one trusted proxy (TRUST_PROXY=1) reports it; none for the proxy-less default. */
const from = (ip?: string): { headers: Record<string, string> } => ({ headers: ip ? { 'x-forwarded-for': ip } : {} });

const signIn = (api: TestApi, email: string, password: string, ip?: string) =>
  api.anonymous().api.auth.signin.$post({ json: { email, password } }, from(ip));

async function signUp(api: TestApi, ip?: string) {
  const email = `owner-${Math.random().toString(36).slice(2)}@example.com`;
  const reply = await api
    .anonymous()
    .api.auth.signup.$post({ json: { fullName: 'Asha Rao', email, password: PASSWORD, role: 'buyer' } }, from(ip));
  return { email, reply };
}

async function owner(api: TestApi, ip?: string): Promise<string> {
  const { email, reply } = await signUp(api, ip);
  expectStatus(reply, 201);
  return email;
}

/** The statuses of `times` sign-ins with a wrong password. */
async function failTimes(api: TestApi, times: number, email: (i: number) => string, ip?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await signIn(api, email(i), 'wrong-password', ip)).status);
  return statuses;
}

/** A 429 in the one error shape, with a Retry-After of about `seconds` (within `slack`) that the message says in words. */
function expectRefused(reply: Reply<unknown>, code: string, message: RegExp, seconds: number, slack = 10) {
  expect(reply.status).toBe(429);
  expect(reply.body).toEqual({ error: { code, message: expect.stringMatching(message) } });
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(seconds - slack);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
}

const SIGN_IN_WAIT = /^Too many sign-in attempts\. Please try again in (\d+ seconds|1 minute)\.$/;

describe('sign-in', () => {
  it("does not let an attacker's 50 failures from one client stop the owner on another (TRUST_PROXY=1)", async () => {
    const api = await start({ TRUST_PROXY: '1' });
    const email = await owner(api);
    const attacker = '198.51.100.66';

    const statuses = await failTimes(api, 50, () => email, attacker);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    expectRefused(await signIn(api, email, PASSWORD, attacker), 'too_many_attempts', SIGN_IN_WAIT, MINUTE_S);
    // Writing the owner's address first does not make the attacker the owner: the proxy appended the real one.
    expect((await signIn(api, email, PASSWORD, `203.0.113.7, ${attacker}`)).status).toBe(429);

    expect((await signIn(api, email, PASSWORD, '203.0.113.7')).status).toBe(200);
    expect((await signIn(api, email, PASSWORD, '2001:db8:5::1')).status).toBe(200);
  });

  it('makes a client wait longer as its failures go on, the right password included', async () => {
    const api = await start();
    const email = await owner(api);
    vi.useFakeTimers({ toFake: ['Date'] });
    const started = Date.now();
    const at = (seconds: number) => vi.setSystemTime(started + seconds * 1000);

    expect(await failTimes(api, 5, () => email)).toEqual([401, 401, 401, 401, 401]);
    at(10);
    expectRefused(await signIn(api, email, PASSWORD), 'too_many_attempts', /in 50 seconds\.$/, 50, 1);

    at(MINUTE_S);
    expect(await failTimes(api, 5, () => email)).toEqual([401, 401, 401, 401, 401]);
    expectRefused(await signIn(api, email, PASSWORD), 'too_many_attempts', /in 14 minutes\.$/, 14 * MINUTE_S, 1);

    at(15 * MINUTE_S);
    expect((await signIn(api, email, PASSWORD)).status).toBe(200);
    // The success started this client afresh.
    expect(await failTimes(api, 5, () => email)).toEqual([401, 401, 401, 401, 401]);
  });

  it('ignores X-Forwarded-For when no proxy is trusted (TRUST_PROXY=0)', async () => {
    const api = await start();
    const email = await owner(api);
    expect(await failTimes(api, 5, () => email, '203.0.113.1')).toEqual([401, 401, 401, 401, 401]);
    expectRefused(await signIn(api, email, PASSWORD, '203.0.113.2'), 'too_many_attempts', SIGN_IN_WAIT, MINUTE_S);
  });

  it('counts unknown e-mails alike', async () => {
    const api = await start();
    expect(await failTimes(api, 5, () => 'nobody@example.com')).toEqual([401, 401, 401, 401, 401]);
    expectRefused(await signIn(api, 'nobody@example.com', PASSWORD), 'too_many_attempts', SIGN_IN_WAIT, MINUTE_S);
  });

  it('refuses a client after 50 failures over any accounts, not the owner elsewhere', async () => {
    const api = await start({ TRUST_PROXY: '1' });
    const email = await owner(api);
    expect(new Set(await failTimes(api, 50, (i) => `guess${i}@example.com`, '198.51.100.66'))).toEqual(new Set([401]));
    expectRefused(
      await signIn(api, email, PASSWORD, '198.51.100.66'),
      'too_many_attempts',
      /in 15 minutes\.$/,
      15 * MINUTE_S,
    );
    expect((await signIn(api, email, PASSWORD, '203.0.113.7')).status).toBe(200);
  });

  it('tells clients apart by their socket address when no proxy is trusted', async () => {
    const api = await start();
    const server: ServerType = await new Promise((resolve) => {
      const started = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const overSocket = async (email: string, password: string): Promise<Reply<unknown>> => {
        const response = await fetch(`http://127.0.0.1:${port}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
          body: JSON.stringify({ email, password }),
        });
        return { status: response.status, body: await response.json(), headers: response.headers };
      };
      const email = await owner(api);
      for (let i = 0; i < 5; i++) expect((await overSocket(email, 'wrong-password')).status).toBe(401);
      expectRefused(await overSocket(email, PASSWORD), 'too_many_attempts', SIGN_IN_WAIT, MINUTE_S);
      // The same app through app.request, which has no socket: another client.
      expect((await signIn(api, email, PASSWORD)).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('starts a client afresh once the owner reset the password from it', async () => {
    const api = await start();
    const email = await owner(api);
    vi.useFakeTimers({ toFake: ['Date'] });
    const started = Date.now();
    await failTimes(api, 5, () => email);
    vi.setSystemTime(started + MINUTE_S * 1000);
    await failTimes(api, 5, () => email);
    expect((await signIn(api, email, PASSWORD)).status).toBe(429);

    expectStatus(await api.anonymous().api.auth['forgot-password'].$post({ json: { email } }), 202);
    await api.ctx.afterwards.settled();
    const [mail] = await api.platform.mailbox!.list({ to: email, limit: 1 });
    const token = new URL(/(\S+\/reset-password\?token=\S+)/.exec(mail!.text)![1]!).searchParams.get('token')!;
    expectStatus(
      await api.anonymous().api.auth['reset-password'].$post({ json: { token, password: 'Other-Harbor-43' } }),
      200,
    );
    expect((await signIn(api, email, 'Other-Harbor-43')).status).toBe(200);
  });
});

describe('password change', () => {
  it('limits wrong current passwords per account, without touching sign-in', async () => {
    const api = await start();
    const email = await owner(api);
    const client = await api.signIn(email, PASSWORD);
    for (let i = 0; i < 5; i++) {
      expectStatus(
        await client.api.auth.password.$post({ json: { currentPassword: 'wrong', password: 'New-Harbor-44' } }),
        400,
      );
    }
    const refused = await client.api.auth.password.$post({
      json: { currentPassword: PASSWORD, password: 'New-Harbor-44' },
    });
    expectRefused(
      refused,
      'too_many_attempts',
      /^Too many password attempts\. Please try again in 15 minutes\.$/,
      15 * MINUTE_S,
    );
    expect((await signIn(api, email, PASSWORD)).status).toBe(200);
  });
});

describe('other endpoints', () => {
  it('limits sign-ups to 100 an hour per client', async () => {
    const api = await start({ TRUST_PROXY: '1' });
    expect((await signUp(api, '198.51.100.66')).reply.status).toBe(201);
    // 99 more, counted directly (a hundred real sign-ups take seconds).
    for (let i = 1; i < 100; i++) expect(await api.ctx.throttles.signUps.take('198.51.100.66')).toBe(0);
    const { reply } = await signUp(api, '198.51.100.66');
    expectRefused(
      reply,
      'too_many_requests',
      /^Too many sign-ups from your address\. Please try again in 60 minutes\.$/,
      60 * MINUTE_S,
    );
    expect((await signUp(api, '203.0.113.7')).reply.status).toBe(201);
  });

  it('limits reset requests per client with 429, and reset mails per account silently', async () => {
    const api = await start({ TRUST_PROXY: '1' });
    const email = await owner(api);
    const request = (address: string, ip: string) =>
      api.anonymous().api.auth['forgot-password'].$post({ json: { email: address } }, from(ip));
    const accepted = await request('nobody@example.com', '198.51.100.66');
    expect(accepted.status).toBe(202);
    for (let i = 0; i < 4; i++)
      expect(await request(email, '198.51.100.66')).toMatchObject({ status: 202, body: accepted.body });
    await api.ctx.afterwards.settled();
    const mails = await api.platform.mailbox!.list({ to: email, limit: 10 });
    expect(mails.filter((mail) => mail.text.includes('reset-password?token='))).toHaveLength(3);

    for (let i = 5; i < 30; i++) expect((await request(`guess${i}@example.com`, '198.51.100.66')).status).toBe(202);
    const refused = await request('nobody@example.com', '198.51.100.66');
    expectRefused(
      refused,
      'too_many_requests',
      /^Too many password reset requests\. Please try again in 15 minutes\.$/,
      15 * MINUTE_S,
    );
    expect((await request('nobody@example.com', '203.0.113.7')).status).toBe(202);
  });

  it('limits reset attempts per client', async () => {
    const api = await start();
    const reset = () =>
      api
        .anonymous()
        .api.auth['reset-password'].$post({ json: { token: 'not-a-real-token', password: 'New-Harbor-44' } });
    for (let i = 0; i < 30; i++) expect((await reset()).status).toBe(400);
    expectRefused(
      await reset(),
      'too_many_requests',
      /^Too many password reset attempts\. Please try again in 15 minutes\.$/,
      15 * MINUTE_S,
    );
  });

  it('limits orders, reviews, uploads and new products per user', async () => {
    const api = await start();
    const buyer = await api.signUp();
    const seller = await api.signUp({ role: 'seller' });
    const cases = [
      {
        quota: api.ctx.throttles.orders,
        times: 600,
        user: buyer,
        send: () => buyer.api.orders.$post({ header: {}, json: CHECKOUT }),
        what: 'orders',
      },
      {
        quota: api.ctx.throttles.reviews,
        times: 30,
        user: buyer,
        send: () =>
          buyer.api.products[':id'].reviews.$post({
            param: { id: 'p-1' },
            json: { rating: 5, comment: 'Lovely work' },
          }),
        what: 'reviews',
      },
      {
        quota: api.ctx.throttles.listings,
        times: 100,
        user: seller,
        send: () => seller.api.seller.products.$post({ json: PRODUCT }),
        what: 'new products',
      },
      {
        quota: api.ctx.throttles.uploads,
        times: 100,
        user: seller,
        send: () => seller.api.uploads.$post({ form: { file: pixel() } }),
        what: 'uploads',
      },
    ];
    for (const { quota, times, user, send, what } of cases) {
      expect((await send()).status).not.toBe(429);
      for (let i = 1; i < times; i++) await quota.take(user.user!.id);
      expectRefused(
        await send(),
        'too_many_requests',
        new RegExp(`^Too many ${what}\\. Please try again in 60 minutes\\.$`),
        60 * MINUTE_S,
      );
    }
  });
});

const CHECKOUT = {
  shippingAddress: PUNE_ADDRESS,
  delivery: 'standard',
  payment: 'cod',
} as const;
const PRODUCT = {
  name: 'Brass Diya',
  description: 'Made by hand in India.',
  pricePaise: 10_000,
  stockQuantity: 5,
  categoryId: 'handicrafts',
  imageUrl: null,
  tags: [],
};

it('documents the 429 of every limited route', async () => {
  const api = await start();
  // The document is served outside the typed routes.
  const { paths } = (await api.anonymous().raw.get('/api/openapi.json')).body;
  const limited = [
    '/api/auth/signin',
    '/api/auth/signup',
    '/api/auth/password',
    '/api/auth/forgot-password',
    '/api/auth/reset-password',
  ];
  for (const path of [
    ...limited,
    '/api/orders',
    '/api/products/{id}/reviews',
    '/api/uploads',
    '/api/seller/products',
  ]) {
    expect(paths[path].post.responses, path).toHaveProperty('429');
  }
});

/** A one-pixel PNG. */
function pixel(): File {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  return new File([png], 'pixel.png', { type: 'image/png' });
}

describe('with REDIS_URL, two API processes', () => {
  let redis: RedisServer | undefined;
  afterEach(async () => {
    // The APIs close first (the outer afterEach runs after this one): their throttles before Redis goes.
    await Promise.all(apis.splice(0).map((api) => api.close()));
    await redis?.stop();
  });

  /** Two APIs counting in one Redis, as every API process does when REDIS_URL is set. */
  async function twoApis(): Promise<[TestApi, TestApi]> {
    redis = await startRedis();
    const both: [TestApi, TestApi] = [await start({ TRUST_PROXY: '1' }), await start({ TRUST_PROXY: '1' })];
    for (const each of both) {
      await each.ctx.throttles.close();
      each.ctx.throttles = await openThrottles({ ...each.ctx.config, REDIS_URL: redis.url });
    }
    return both;
  }

  it("shares a client's count: failures through one API refuse it on the other, not the owner elsewhere", async () => {
    const [one, two] = await twoApis();
    const email = await owner(two);
    expect(await failTimes(one, 5, () => email, '198.51.100.66')).toEqual([401, 401, 401, 401, 401]);
    expectRefused(await signIn(two, email, PASSWORD, '198.51.100.66'), 'too_many_attempts', SIGN_IN_WAIT, MINUTE_S);
    expect((await signIn(two, email, PASSWORD, '203.0.113.7')).status).toBe(200);
  });

  it('keeps signing in with Redis stopped, each process throttling from its own memory', async () => {
    const [one, two] = await twoApis();
    const email = await owner(two);
    await redis!.shutdown();
    expect((await signIn(two, email, PASSWORD)).status).toBe(200);
    await failTimes(one, 5, () => email);
    expect((await signIn(one, email, PASSWORD)).status).toBe(429);
    expect((await signIn(two, email, PASSWORD)).status).toBe(200);
  });
});
