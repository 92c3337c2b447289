import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RedisServer, otherClients, startRedis } from '../../platform/testing/redis.ts';
import { AttemptCounter, type Throttles, limiterOptions, openThrottles, tooManyAttemptsMessage } from './throttle.ts';

const MINUTE = 60_000;

/** The library reads Date.now() and expires memory windows with timers: both follow the fake clock. */
function fakeClock() {
  vi.useFakeTimers({ now: Date.parse('2024-05-01T10:00:00Z') });
}
afterEach(() => {
  vi.useRealTimers();
});

describe('AttemptCounter (in memory)', () => {
  const counter = (attempts: number, windowMs: number) => new AttemptCounter(new RateLimiterMemory(limiterOptions('test', { attempts, windowMs })));

  it('blocks a key at its limit until its window ends', async () => {
    fakeClock();
    const a = counter(3, 10 * MINUTE);
    await a.record('a');
    vi.advanceTimersByTime(MINUTE);
    await a.record('a');
    expect(await a.retryAfterMs('a')).toBe(0);
    await a.record('a');
    expect(await a.retryAfterMs('a')).toBe(9 * MINUTE);
    expect(await a.retryAfterMs('b')).toBe(0);
    vi.advanceTimersByTime(9 * MINUTE - 1);
    expect(await a.retryAfterMs('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await a.retryAfterMs('a')).toBe(0);
    await a.record('a');
    expect(await a.retryAfterMs('a')).toBe(0);
  });

  it('treats a window past its end as over even before its timer runs', async () => {
    const a = counter(1, MINUTE);
    await a.record('a');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + MINUTE });
    expect(await a.retryAfterMs('a')).toBe(0);
    await a.record('a');
    expect(await a.retryAfterMs('a')).toBe(MINUTE);
  });

  it('starts afresh when cleared', async () => {
    const a = counter(1, MINUTE);
    await a.record('a');
    expect(await a.retryAfterMs('a')).toBeGreaterThan(0);
    await a.clear('a');
    expect(await a.retryAfterMs('a')).toBe(0);
  });
});

/** The sign-in limits, through one or two sets of throttles (two API processes). */
function signInCases(open: () => Promise<[Throttles, Throttles]>) {
  let one: Throttles;
  let two: Throttles;
  beforeAll(async () => {
    [one, two] = await open();
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });
  // Every case uses its own e-mails and IPs: the counts outlive a case.
  let n = 0;
  const fresh = (name: string) => `${name}-${++n}`;

  it('allows 5 failures per email in 15 minutes', async () => {
    const email = fresh('asha@example.com');
    for (let i = 0; i < 5; i++) {
      expect(await two.signIn.retryAfterMs(email, fresh('ip'))).toBe(0);
      await one.signIn.failed(email, fresh('ip'));
    }
    const wait = await two.signIn.retryAfterMs(email, fresh('ip'));
    expect(wait).toBeGreaterThan(15 * MINUTE - 2000);
    expect(wait).toBeLessThanOrEqual(15 * MINUTE);
    expect(tooManyAttemptsMessage(wait)).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(await two.signIn.retryAfterMs(fresh('ravi@example.com'), fresh('ip'))).toBe(0);
  });

  it('allows 30 failures per IP in 15 minutes, whatever the emails', async () => {
    const ip = fresh('ip');
    for (let i = 0; i < 30; i++) await (i % 2 ? one : two).signIn.failed(fresh('user@example.com'), ip);
    expect(await one.signIn.retryAfterMs(fresh('new@example.com'), ip)).toBeGreaterThan(14 * MINUTE);
    expect(await two.signIn.retryAfterMs(fresh('new@example.com'), ip)).toBeGreaterThan(14 * MINUTE);
    expect(await two.signIn.retryAfterMs(fresh('new@example.com'), fresh('ip'))).toBe(0);
  });

  it('clears the email, not the IP, on success', async () => {
    const [email, ip] = [fresh('asha@example.com'), fresh('ip')];
    for (let i = 0; i < 4; i++) await one.signIn.failed(email, ip);
    await two.signIn.succeeded(email);
    for (let i = 0; i < 4; i++) await one.signIn.failed(email, ip);
    expect(await two.signIn.retryAfterMs(email, fresh('ip'))).toBe(0);
    for (let i = 0; i < 22; i++) await one.signIn.failed(fresh('user@example.com'), ip);
    expect(await two.signIn.retryAfterMs(email, ip)).toBeGreaterThan(0);
  });

  it('allows 3 reset mails per account in 15 minutes', async () => {
    const account = fresh('user');
    for (let i = 0; i < 3; i++) {
      expect(await two.resetMails.retryAfterMs(account)).toBe(0);
      await one.resetMails.record(account);
    }
    expect(await two.resetMails.retryAfterMs(account)).toBeGreaterThan(14 * MINUTE);
  });
}

describe('in memory (no REDIS_URL)', () => {
  signInCases(async () => {
    const throttles = await openThrottles({});
    return [throttles, throttles];
  });

  it('counts per process: two sets of throttles do not share', async () => {
    const [one, two] = [await openThrottles({}), await openThrottles({})];
    for (let i = 0; i < 5; i++) await one.signIn.failed('asha@example.com', 'ip-1');
    expect(await one.signIn.retryAfterMs('asha@example.com', 'ip-1')).toBeGreaterThan(0);
    expect(await two.signIn.retryAfterMs('asha@example.com', 'ip-1')).toBe(0);
  });

  it('unlocks an email 15 minutes after its first failure', async () => {
    fakeClock();
    const { signIn } = await openThrottles({});
    await signIn.failed('asha@example.com', 'ip-1');
    vi.advanceTimersByTime(5 * MINUTE);
    for (let i = 0; i < 4; i++) await signIn.failed('asha@example.com', 'ip-1');
    expect(await signIn.retryAfterMs('asha@example.com', 'ip-1')).toBe(10 * MINUTE);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(await signIn.retryAfterMs('asha@example.com', 'ip-1')).toBe(0);
  });
});

describe('in Redis (REDIS_URL): shared by every API process', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  signInCases(async () => [await openThrottles({ REDIS_URL: redis.url }), await openThrottles({ REDIS_URL: redis.url })]);

  it('keeps e-mail addresses out of Redis, and closes its one connection', async () => {
    const throttles = await openThrottles({ REDIS_URL: redis.url });
    await throttles.signIn.failed('hidden@example.com', 'ip-1');
    const admin = new Redis(redis.url);
    try {
      const keys = await admin.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((key) => key.startsWith('mibi:throttle:'))).toBe(true);
      expect(keys.some((key) => key.includes('@'))).toBe(false);
    } finally {
      await admin.quit();
    }
    await throttles.close();
    // Only the signInCases' two sets stay connected.
    expect(await otherClients(redis.url)).toBe(2);
  });
});

describe('with Redis down', () => {
  let redis: RedisServer;
  const lines: string[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    vi.spyOn(console, 'error').mockImplementation((...args) => void lines.push(args.join(' ')));
    vi.spyOn(console, 'log').mockImplementation((...args) => void lines.push(args.join(' ')));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await redis?.stop();
  });

  /** Each call answers from the memory fallback at once, not after ioredis' retries. */
  const quickly = async <T>(call: Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await call;
    expect(Date.now() - started).toBeLessThan(200);
    return result;
  };

  it('throttles per process from memory, logs the outage once, and shares again once Redis is back', async () => {
    const [one, two] = [await openThrottles({ REDIS_URL: redis.url }), await openThrottles({ REDIS_URL: redis.url })];
    try {
      await one.signIn.failed('early@example.com', 'ip-1'); // counted in Redis, before the outage
      await redis.shutdown();
      await sleep(300);

      for (let i = 0; i < 5; i++) {
        expect(await quickly(one.signIn.retryAfterMs('asha@example.com', 'ip-1'))).toBe(0);
        await quickly(one.signIn.failed('asha@example.com', 'ip-1'));
      }
      expect(await quickly(one.signIn.retryAfterMs('asha@example.com', 'ip-1'))).toBeGreaterThan(14 * MINUTE);
      expect(await quickly(two.signIn.retryAfterMs('asha@example.com', 'ip-1'))).toBe(0); // the other process's memory
      await quickly(one.signIn.succeeded('asha@example.com'));
      expect(await quickly(one.signIn.retryAfterMs('asha@example.com', 'ip-1'))).toBe(0);
      expect(lines.filter((line) => line.startsWith('[redis] throttle lost its connection'))).toHaveLength(2); // one a process

      await redis.restart(); // empty
      await vi.waitFor(() => expect(lines.filter((line) => line.startsWith('[redis] throttle reconnected'))).toHaveLength(2), {
        timeout: 10_000,
      });
      for (let i = 0; i < 5; i++) await one.signIn.failed('ravi@example.com', 'ip-2');
      expect(await two.signIn.retryAfterMs('ravi@example.com', 'ip-3')).toBeGreaterThan(14 * MINUTE);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('opens without holding the start up while Redis is down, and closes while it is still down', async () => {
    await redis.shutdown();
    const started = Date.now();
    const throttles = await openThrottles({ REDIS_URL: redis.url });
    expect(Date.now() - started).toBeLessThan(1000);
    for (let i = 0; i < 5; i++) await quickly(throttles.signIn.failed('asha@example.com', 'ip-1'));
    expect(await quickly(throttles.signIn.retryAfterMs('asha@example.com', 'ip-1'))).toBeGreaterThan(14 * MINUTE);
    await quickly(throttles.close());
  });
});

it('says how many minutes to wait', () => {
  expect(tooManyAttemptsMessage(15 * MINUTE)).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
  expect(tooManyAttemptsMessage(14 * MINUTE + 1)).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
  expect(tooManyAttemptsMessage(30_000)).toBe('Too many sign-in attempts. Please try again in 1 minute.');
});
