import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLog } from '../../platform/log.fixtures.ts';
import { type RedisServer, otherClients, startRedis } from '../../platform/testing/redis.ts';
import {
  AttemptCounter,
  Quota,
  type Throttles,
  clientKey,
  limiterOptions,
  openThrottles,
  tooManyAttemptsMessage,
  waitInWords,
} from './throttle.ts';

const SECOND = 1000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The library reads Date.now() and expires memory windows with timers: both follow the fake clock. */
function fakeClock() {
  vi.useFakeTimers({ now: Date.parse('2024-05-01T10:00:00Z') });
}
afterEach(() => {
  vi.useRealTimers();
});

describe('AttemptCounter (in memory)', () => {
  const counter = (attempts: number, windowMs: number) =>
    new AttemptCounter(new RateLimiterMemory(limiterOptions('test', { attempts, windowMs })));

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

describe('Quota (in memory)', () => {
  const quota = (...windows: Array<[number, number]>) =>
    new Quota(
      windows.map(
        ([attempts, windowMs], i) => new RateLimiterMemory(limiterOptions(`test-${i}`, { attempts, windowMs })),
      ),
    );

  it('refuses a key past its limit until the window ends, without counting the refusals', async () => {
    fakeClock();
    const q = quota([3, MINUTE]);
    for (let i = 0; i < 3; i++) expect(await q.take('a')).toBe(0);
    vi.advanceTimersByTime(20 * SECOND);
    // Retrying while refused neither counts nor makes the wait longer.
    for (let i = 0; i < 10; i++) expect(await q.take('a')).toBe(40 * SECOND);
    expect(await q.take('b')).toBe(0);
    vi.advanceTimersByTime(40 * SECOND);
    for (let i = 0; i < 3; i++) expect(await q.take('a')).toBe(0);
    expect(await q.take('a')).toBe(MINUTE);
  });

  it('waits for the longest used-up window: the wait grows with the attempts', async () => {
    fakeClock();
    const q = quota([5, MINUTE], [10, 15 * MINUTE], [30, DAY]);
    const waits: number[] = [];
    for (let round = 0; round < 8; round++) {
      while ((await q.take('a')) === 0);
      const wait = await q.take('a');
      waits.push(wait);
      vi.advanceTimersByTime(wait);
    }
    expect(waits).toEqual([MINUTE, 14 * MINUTE, MINUTE, 14 * MINUTE, MINUTE, DAY - 31 * MINUTE, MINUTE, 14 * MINUTE]);
  });

  it('lets no more than the limit through a burst of parallel requests', async () => {
    const q = quota([5, MINUTE], [10, 15 * MINUTE]);
    const waits = await Promise.all(Array.from({ length: 50 }, () => q.take('a')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    expect(await q.take('a')).toBeGreaterThan(0);
  });

  it('gives an attempt back when it is abandoned, and clears on success', async () => {
    const q = quota([2, MINUTE]);
    await (await q.begin('a')).abandon();
    const counted = await q.begin('a');
    await counted.failed();
    await counted.abandon(); // settled already: stays counted
    expect((await q.begin('a')).waitMs).toBe(0);
    expect((await q.begin('a')).waitMs).toBeGreaterThan(0);
    await q.clear('a');
    const ok = await q.begin('a');
    await ok.succeeded();
    expect((await q.begin('a')).waitMs).toBe(0);
  });
});

describe('clientKey', () => {
  it('counts IPv4 by address and IPv6 by its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::ffff:1.2.3.4')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });
});

/** The sign-in limits through one or two sets of throttles (two API processes). */
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
  // Every case uses its own e-mails and clients: the counts outlive a case.
  let n = 0;
  const fresh = (name: string) => `${name}-${++n}`;
  /** A failed password check, or the wait when refused. */
  const fail = async (throttles: Throttles, email: string, client: string) => {
    const attempt = await throttles.signIn.begin(email, client);
    await attempt.failed();
    return attempt.waitMs;
  };

  it('refuses a client its 6th check of an account within the minute, and no other client', async () => {
    const [email, attacker] = [fresh('asha@example.com'), fresh('ip')];
    for (let i = 0; i < 5; i++) expect(await fail(i % 2 ? one : two, email, attacker)).toBe(0);
    const wait = (await two.signIn.begin(email, attacker)).waitMs;
    expect(wait).toBeGreaterThan(MINUTE - 5 * SECOND);
    expect(wait).toBeLessThanOrEqual(MINUTE);
    expect(tooManyAttemptsMessage(wait)).toMatch(
      /^Too many sign-in attempts\. Please try again in (\d+ seconds|1 minute)\.$/,
    );
    // The owner elsewhere, and the attacker's client with another account, go ahead.
    expect((await one.signIn.begin(email, fresh('ip'))).waitMs).toBe(0);
    expect((await one.signIn.begin(fresh('ravi@example.com'), attacker)).waitMs).toBe(0);
  });

  it('lets 5 of a burst of 40 parallel checks of an account from one client through', async () => {
    const [email, client] = [fresh('asha@example.com'), fresh('ip')];
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).signIn.begin(email, client)),
    );
    expect(attempts.filter((attempt) => attempt.waitMs === 0)).toHaveLength(5);
  });

  it('refuses a client after 50 checks over any accounts, giving successes back', async () => {
    const client = fresh('ip');
    for (let i = 0; i < 49; i++) expect(await fail(i % 2 ? one : two, fresh('user@example.com'), client)).toBe(0);
    const success = await one.signIn.begin(fresh('user@example.com'), client);
    await success.succeeded();
    expect(await fail(two, fresh('user@example.com'), client)).toBe(0);
    expect((await one.signIn.begin(fresh('new@example.com'), client)).waitMs).toBeGreaterThan(14 * MINUTE);
    expect((await two.signIn.begin(fresh('new@example.com'), client)).waitMs).toBeGreaterThan(14 * MINUTE);
    expect((await two.signIn.begin(fresh('new@example.com'), fresh('ip'))).waitMs).toBe(0);
  });

  it('starts the client afresh with the account after a success, or a forgiveness', async () => {
    const [email, client] = [fresh('asha@example.com'), fresh('ip')];
    for (let i = 0; i < 4; i++) await fail(one, email, client);
    await (await two.signIn.begin(email, client)).succeeded();
    for (let i = 0; i < 5; i++) expect(await fail(one, email, client)).toBe(0);
    expect((await two.signIn.begin(email, client)).waitMs).toBeGreaterThan(0);
    await one.signIn.forgive(email, client);
    expect((await two.signIn.begin(email, client)).waitMs).toBe(0);
  });

  it('gives an abandoned check back', async () => {
    const [email, client] = [fresh('asha@example.com'), fresh('ip')];
    for (let i = 0; i < 10; i++) await (await (i % 2 ? one : two).signIn.begin(email, client)).abandon();
    expect((await one.signIn.begin(email, client)).waitMs).toBe(0);
  });

  it('under attack from many clients, slows every client of the account to 2 checks a quarter hour, never refusing a first', async () => {
    const email = fresh('target@example.com');
    for (let i = 0; i < 100; i++) await fail(i % 2 ? one : two, email, fresh('bot'));
    expect(await one.signIn.underAttack(email)).toBe(true);
    expect(await two.signIn.underAttack(fresh('other@example.com'))).toBe(false);
    const owner = fresh('ip');
    expect(await fail(one, email, owner)).toBe(0);
    expect(await fail(two, email, owner)).toBe(0);
    const wait = (await one.signIn.begin(email, owner)).waitMs;
    expect(wait).toBeGreaterThan(14 * MINUTE);
    expect(wait).toBeLessThanOrEqual(15 * MINUTE);
    expect((await two.signIn.begin(email, fresh('ip'))).waitMs).toBe(0);
  });

  it('allows 3 reset mails per account in 15 minutes', async () => {
    const account = fresh('user');
    for (let i = 0; i < 3; i++) {
      expect(await two.resetMails.retryAfterMs(account)).toBe(0);
      await one.resetMails.record(account);
    }
    expect(await two.resetMails.retryAfterMs(account)).toBeGreaterThan(14 * MINUTE);
  });

  it('limits requests per key: sign-ups, reset requests and resets per client, orders per user', async () => {
    const [client, user] = [fresh('ip'), fresh('user')];
    for (let i = 0; i < 100; i++) expect(await (i % 2 ? one : two).signUps.take(client)).toBe(0);
    expect(await one.signUps.take(client)).toBeGreaterThan(59 * MINUTE);
    expect(await one.signUps.take(fresh('ip'))).toBe(0);
    for (let i = 0; i < 30; i++) expect(await (i % 2 ? one : two).resetRequests.take(client)).toBe(0);
    expect(await two.resetRequests.take(client)).toBeGreaterThan(14 * MINUTE);
    for (let i = 0; i < 30; i++) expect(await (i % 2 ? one : two).resets.take(client)).toBe(0);
    expect(await two.resets.take(client)).toBeGreaterThan(14 * MINUTE);
    for (let i = 0; i < 600; i++) expect(await (i % 2 ? one : two).orders.take(user)).toBe(0);
    expect(await two.orders.take(user)).toBeGreaterThan(59 * MINUTE);
    expect(await two.reviews.take(user)).toBe(0);
  });
}

describe('in memory (no REDIS_URL)', () => {
  signInCases(async () => {
    const throttles = await openThrottles({ SIGNUPS_PER_HOUR: 100 });
    return [throttles, throttles];
  });

  it('counts per process: two sets of throttles do not share', async () => {
    const [one, two] = [await openThrottles({ SIGNUPS_PER_HOUR: 100 }), await openThrottles({ SIGNUPS_PER_HOUR: 100 })];
    for (let i = 0; i < 5; i++) await (await one.signIn.begin('asha@example.com', 'ip-1')).failed();
    expect((await one.signIn.begin('asha@example.com', 'ip-1')).waitMs).toBeGreaterThan(0);
    expect((await two.signIn.begin('asha@example.com', 'ip-1')).waitMs).toBe(0);
  });

  it('makes a client wait longer as its failures with an account go on: a minute, the quarter hour, the day', async () => {
    fakeClock();
    const { signIn } = await openThrottles({ SIGNUPS_PER_HOUR: 100 });
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (;;) {
        const attempt = await signIn.begin('asha@example.com', 'ip-1');
        if (attempt.waitMs > 0) {
          waits.push(attempt.waitMs);
          vi.advanceTimersByTime(attempt.waitMs);
          break;
        }
        await attempt.failed();
        vi.advanceTimersByTime(SECOND);
      }
    }
    // One failure a second: after 5 the rest of the minute, after 10 the quarter hour, ..., after 30 the day.
    const [minute, quarter] = [MINUTE - 5 * SECOND, 15 * MINUTE - 65 * SECOND];
    expect(waits).toEqual([minute, quarter, minute, quarter, minute, DAY - 31 * MINUTE - 5 * SECOND]);
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

  signInCases(async () => [
    await openThrottles({ REDIS_URL: redis.url, SIGNUPS_PER_HOUR: 100 }),
    await openThrottles({ REDIS_URL: redis.url, SIGNUPS_PER_HOUR: 100 }),
  ]);

  it('keeps e-mail and IP addresses out of Redis, and closes its one connection', async () => {
    const throttles = await openThrottles({ REDIS_URL: redis.url, SIGNUPS_PER_HOUR: 100 });
    await (await throttles.signIn.begin('hidden@example.com', '203.0.113.7')).failed();
    const admin = new Redis(redis.url);
    try {
      const keys = await admin.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((key) => key.startsWith('mibi:throttle:'))).toBe(true);
      expect(keys.some((key) => key.includes('@') || key.includes('203.0.113.7'))).toBe(false);
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
  let log: ReturnType<typeof captureLog>;
  /** The throttle adapter's outage lines whose message ends with `what`. */
  const outage = (what: string) =>
    log.lines.filter((line) => line.name === 'redis' && line.adapter === 'throttle' && line.msg?.endsWith(what));
  beforeAll(async () => {
    redis = await startRedis();
    log = captureLog();
  });
  afterAll(async () => {
    log.restore();
    await redis?.stop();
  });

  /** Each call answers from the memory fallback at once, not after ioredis' retries. */
  const quickly = async <T>(call: Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await call;
    expect(Date.now() - started).toBeLessThan(200);
    return result;
  };
  const fail = async (throttles: Throttles, email: string, client: string) => {
    const attempt = await quickly(throttles.signIn.begin(email, client));
    await quickly(attempt.failed());
    return attempt.waitMs;
  };

  it('throttles per process from memory, logs the outage once, and shares again once Redis is back', async () => {
    const [one, two] = [
      await openThrottles({ REDIS_URL: redis.url, SIGNUPS_PER_HOUR: 100 }),
      await openThrottles({ REDIS_URL: redis.url, SIGNUPS_PER_HOUR: 100 }),
    ];
    try {
      await fail(one, 'early@example.com', 'ip-1'); // counted in Redis, before the outage
      await redis.shutdown();
      await sleep(300);

      for (let i = 0; i < 5; i++) expect(await fail(one, 'asha@example.com', 'ip-1')).toBe(0);
      expect((await quickly(one.signIn.begin('asha@example.com', 'ip-1'))).waitMs).toBeGreaterThan(50 * SECOND);
      expect((await quickly(two.signIn.begin('asha@example.com', 'ip-1'))).waitMs).toBe(0); // the other process's memory
      await quickly(one.signIn.forgive('asha@example.com', 'ip-1'));
      expect((await quickly(one.signIn.begin('asha@example.com', 'ip-1'))).waitMs).toBe(0);
      expect(outage('lost its connection; retrying')).toHaveLength(2); // one a process

      await redis.restart(); // empty
      await vi.waitFor(() => expect(outage('reconnected')).toHaveLength(2), { timeout: 10_000 });
      for (let i = 0; i < 5; i++) await fail(one, 'ravi@example.com', 'ip-2');
      expect((await two.signIn.begin('ravi@example.com', 'ip-2')).waitMs).toBeGreaterThan(50 * SECOND);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('opens without holding the start up while Redis is down, and closes while it is still down', async () => {
    await redis.shutdown();
    const started = Date.now();
    const throttles = await openThrottles({ REDIS_URL: redis.url, SIGNUPS_PER_HOUR: 100 });
    expect(Date.now() - started).toBeLessThan(1000);
    for (let i = 0; i < 5; i++) await fail(throttles, 'asha@example.com', 'ip-1');
    expect((await quickly(throttles.signIn.begin('asha@example.com', 'ip-1'))).waitMs).toBeGreaterThan(50 * SECOND);
    expect(await quickly(throttles.orders.take('user-1'))).toBe(0);
    await quickly(throttles.close());
  });
});

it('says how long to wait', () => {
  expect(tooManyAttemptsMessage(15 * MINUTE)).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
  expect(tooManyAttemptsMessage(14 * MINUTE + 1)).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
  expect(tooManyAttemptsMessage(30_000)).toBe('Too many sign-in attempts. Please try again in 30 seconds.');
  expect(waitInWords(1)).toBe('1 second');
  expect(waitInWords(MINUTE)).toBe('1 minute');
  expect(waitInWords(119 * MINUTE)).toBe('119 minutes');
  expect(waitInWords(DAY - 1)).toBe('24 hours');
});
