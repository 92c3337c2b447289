import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RedisServer, startRedis } from '../../platform/testing/redis.ts';
import { openThrottles } from '../auth/throttle.ts';
import { type TestApi, startTestApi } from '../testing.ts';

// Every test starts a fresh API: without REDIS_URL the counters live in the process, per context.
let api: TestApi;
beforeEach(async () => {
  api = await startTestApi();
});
afterEach(async () => {
  vi.useRealTimers();
  await api.close();
});

const signIn = (email: string, password: string, through = api) => through.anonymous().post('/api/auth/signin', { email, password });

async function failTimes(times: number, email: (i: number) => string) {
  for (let i = 0; i < times; i++) expect((await signIn(email(i), 'wrong-password')).status).toBe(401);
}

function expectThrottled(reply: { status: number; body: any; headers: Headers }, minutes = 15) {
  expect(reply.status).toBe(429);
  expect(reply.body).toEqual({
    error: { code: 'too_many_attempts', message: `Too many sign-in attempts. Please try again in ${minutes} minutes.` },
  });
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
}

it('locks an email after 5 failures for 15 minutes, even for the right password', async () => {
  const { user } = await api.signUp();
  const email = user!.email;
  await failTimes(5, () => email);

  expectThrottled(await signIn(email.toUpperCase(), 'secret-pass'));
  const other = await api.signUp();
  expect((await signIn(other.user!.email, 'secret-pass')).status).toBe(200);

  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 15 * 60 * 1000);
  expect((await signIn(email, 'secret-pass')).status).toBe(200);
});

it('starts the email afresh after a successful sign-in', async () => {
  const { user } = await api.signUp();
  await failTimes(4, () => user!.email);
  expect((await signIn(user!.email, 'secret-pass')).status).toBe(200);
  await failTimes(4, () => user!.email);
  expect((await signIn(user!.email, 'secret-pass')).status).toBe(200);
});

it('counts unknown emails too, answering them alike', async () => {
  await failTimes(5, () => 'nobody@example.com');
  expectThrottled(await signIn('nobody@example.com', 'secret-pass'));
});

it('locks a client IP after 30 failures over any emails', async () => {
  const { user } = await api.signUp();
  await failTimes(30, (i) => `guess${i}@example.com`);
  expectThrottled(await signIn(user!.email, 'secret-pass'));
});

it('counts wrong current passwords of a password change against the email', async () => {
  const client = await api.signUp();
  for (let i = 0; i < 5; i++) {
    expect((await client.post('/api/auth/password', { currentPassword: 'wrong', password: 'new-secret' })).status).toBe(400);
  }
  expectThrottled(await client.post('/api/auth/password', { currentPassword: 'secret-pass', password: 'new-secret' }));
  expectThrottled(await signIn(client.user!.email, 'secret-pass'));
});

it('tells clients on other addresses apart by their socket address', async () => {
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  try {
    const { port } = server.address() as AddressInfo;
    const overSocket = async (email: string, password: string) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return { status: response.status, body: await response.json(), headers: response.headers };
    };
    const { user } = await api.signUp();
    for (let i = 0; i < 30; i++) expect((await overSocket(`guess${i}@example.com`, 'wrong-password')).status).toBe(401);

    expectThrottled(await overSocket(user!.email, 'secret-pass'));
    // The same app through app.request, which has no socket: another address, not locked.
    expect((await signIn(user!.email, 'secret-pass')).status).toBe(200);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('with REDIS_URL, two API processes', () => {
  let redis: RedisServer;
  let second: TestApi;
  /** A second API, and both counting in one Redis as every API process does when REDIS_URL is set. */
  beforeEach(async () => {
    redis = await startRedis();
    second = await startTestApi();
    for (const each of [api, second]) {
      await each.ctx.throttles.close();
      each.ctx.throttles = await openThrottles({ REDIS_URL: redis.url });
    }
  });
  afterEach(async () => {
    await second?.close();
    await api.ctx.throttles.close(); // before Redis goes; closing it again with the API is harmless
    await redis?.stop();
  });

  it('locks an email on one API after 5 failures through the other', async () => {
    const { user } = await second.signUp();
    await failTimes(5, () => user!.email);
    expectThrottled(await signIn(user!.email, 'secret-pass', second));
  });

  it('keeps signing in with Redis stopped, each process throttling from its own memory', async () => {
    const { user } = await second.signUp();
    await redis.shutdown();
    expect((await signIn(user!.email, 'secret-pass', second)).status).toBe(200);
    await failTimes(5, () => user!.email);
    expectThrottled(await signIn(user!.email, 'secret-pass'));
    expect((await signIn(user!.email, 'secret-pass', second)).status).toBe(200);
  });
});
