/**
 * Attempt and request limits, counted by rate-limiter-flexible: in Redis when REDIS_URL is set,
 * so that every API process shares the counts (a guesser spreading tries over the processes
 * meets the same limit as against one); else in this process's memory, which is enough for the
 * embedded stack (one process).
 *
 * A limited request is counted before it runs, by the store's atomic increment (`consume`), so
 * a burst of parallel requests cannot all pass one check made before any of them was counted;
 * one that finds a window used up is refused and its increments are given back, so waiting
 * clients that retry do not make their wait longer.
 *
 * No lock can be turned against an account's owner: password checks are limited per account
 * and client (the client address, see client-ip.ts), so the failures of someone elsewhere never
 * refuse the owner's own client. An account under attack from many clients at once only makes
 * every client's allowance smaller, and a client's first try always goes ahead.
 *
 * Redis down: each Redis limiter has an `insuranceLimiter`, a RateLimiterMemory with the same
 * limit, which answers every call Redis cannot (connection not ready, command failed or timed
 * out). Requests keep working and keep being limited, per process, for as long as the outage
 * lasts; what was counted in memory meanwhile is not carried over to Redis, and Redis keeps the
 * counts it had. The connection's outage and recovery are logged by the ConnectionLog, one line each.
 */
import { isIPv6 } from 'node:net';
import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../platform/config/config.ts';
import { ConnectionLog } from '../../platform/redis/connection-log.ts';
import { sha256Hex } from './sha256.ts';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** How long a Redis command may take before the memory fallback answers instead. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

export interface Limit {
  attempts: number;
  windowMs: number;
}

const per = (attempts: number, windowMs: number): Limit => ({ attempts, windowMs });

/**
 * Every limit. A window opens with the first request it counts and ends `windowMs` later; a
 * quota of several windows refuses while any of them is used up, until that one ends. The
 * numbers are generous enough for the test suites and benchmarks, which run many users from one
 * address (see the README's security section, which lists them).
 */
export const LIMITS = {
  /**
   * Password checks of one account from one client: after 5 the client waits out the minute,
   * after 10 the quarter hour, after 30 the day. A success from the client, or a password reset
   * from it, starts its count afresh.
   */
  signInAccountClient: [per(5, MINUTE_MS), per(10, 15 * MINUTE_MS), per(30, DAY_MS)],
  /** Failed sign-ins of one account from all clients together past which the account is under attack. */
  signInAccountUnderAttack: per(100, 15 * MINUTE_MS),
  /** While under attack, each client may also check only 2 passwords of the account per quarter hour: slowed, never refused its first. */
  signInAccountClientUnderAttack: [per(2, 15 * MINUTE_MS)],
  /** Password checks from one client over all accounts (password spraying); successful ones are given back. */
  signInClient: [per(50, 15 * MINUTE_MS), per(300, DAY_MS)],
  /** Current-password checks of a password change, per account (only a session of the account can try); a success clears them. */
  passwordChange: [per(5, 15 * MINUTE_MS), per(10, DAY_MS)],
  /** Reset e-mails per account, skipped silently past it: enough for a lost mail, too few to flood a mailbox. */
  resetMails: per(3, 15 * MINUTE_MS),
  /** Reset requests per client, whatever the address: refusing says nothing about accounts. */
  resetRequests: [per(30, 15 * MINUTE_MS), per(100, DAY_MS)],
  /** Attempts to set a password with a reset token, per client (tokens cannot be guessed; each attempt hashes a password). */
  resets: [per(30, 15 * MINUTE_MS)],
  /** Orders placed per user: far above any buyer, below a script reserving stock in a loop. */
  orders: [per(600, HOUR_MS)],
  /** Review submissions (each edit too) per user. */
  reviews: [per(30, HOUR_MS)],
  /** Image uploads per user (each is stored). */
  uploads: [per(100, HOUR_MS)],
  /** New products per seller (each waits in the admins' review queue). */
  listings: [per(100, HOUR_MS)],
  /** Messages per user over every conversation: a quick exchange, never a flood of the other party. */
  messages: [per(30, MINUTE_MS), per(500, DAY_MS)],
  /** Order lookups on /track (order number and e-mail, no account) per client: a buyer's few, never a sweep of numbers. */
  trackLookups: [per(30, 15 * MINUTE_MS), per(200, DAY_MS)],
} satisfies Record<string, Limit | Limit[]>;

/** The library's options for a limit; `name` keeps the limits' keys apart in a shared store. */
export const limiterOptions = (name: string, { attempts, windowMs }: Limit) => ({
  keyPrefix: `mibi:throttle:${name}`,
  points: attempts,
  duration: windowMs / 1000,
});

/** Keys are counted under their hash, so no e-mail or IP address appears in Redis as it is. */
const storedKey = (key: string): string => sha256Hex(key);

/** One window's count of one key. */
interface Count {
  limiter: RateLimiterAbstract;
  key: string;
}

/** Counts a request in every window, or in none when one is used up: 0, or the milliseconds to wait. */
async function take(counts: Count[]): Promise<number> {
  const results = await Promise.allSettled(counts.map(({ limiter, key }) => limiter.consume(key)));
  const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (refusals.length === 0) return 0;
  // A refused consume counted as well: every window gets its point back.
  await giveBack(counts);
  const failure = refusals.find((reason) => !(reason instanceof RateLimiterRes));
  if (failure) throw failure; // not a refusal: the store failed with no fallback
  return Math.max(1, ...refusals.map((reason) => (reason as RateLimiterRes).msBeforeNext));
}

async function giveBack(counts: Count[]): Promise<void> {
  await Promise.all(counts.map(({ limiter, key }) => limiter.reward(key)));
}

async function forget(counts: Count[]): Promise<void> {
  await Promise.all(counts.map(({ limiter, key }) => limiter.delete(key)));
}

/**
 * A counted password check, told how it went: `failed` leaves it counted, `succeeded` does what
 * the limit does for a success, `abandon` (when the check never ran, the request having failed
 * otherwise) gives it back. `waitMs` > 0: refused, nothing counted, the hooks do nothing.
 */
export class Attempt {
  #settled = false;

  constructor(
    readonly waitMs: number,
    private readonly hooks: {
      failed?: () => Promise<void>;
      succeeded: () => Promise<void>;
      abandoned: () => Promise<void>;
    } | null,
  ) {}

  static refused(waitMs: number): Attempt {
    return new Attempt(waitMs, null);
  }

  async failed(): Promise<void> {
    if (this.#settle()) await this.hooks?.failed?.();
  }

  async succeeded(): Promise<void> {
    if (this.#settle()) await this.hooks?.succeeded();
  }

  async abandon(): Promise<void> {
    if (this.#settle()) await this.hooks?.abandoned();
  }

  #settle(): boolean {
    const first = !this.#settled;
    this.#settled = true;
    return first;
  }
}

/** A limit in one or more windows (say 5 a minute and 10 a quarter hour), counted per key. */
export class Quota {
  constructor(private readonly limiters: RateLimiterAbstract[]) {}

  counts(key: string): Count[] {
    const stored = storedKey(key);
    return this.limiters.map((limiter) => ({ limiter, key: stored }));
  }

  /** Counts a request of `key`: 0, or the milliseconds to wait when a window is used up (then nothing is counted). */
  take(key: string): Promise<number> {
    return take(this.counts(key));
  }

  /** Counts a password check of `key` that a success clears. */
  async begin(key: string): Promise<Attempt> {
    const counts = this.counts(key);
    const waitMs = await take(counts);
    if (waitMs > 0) return Attempt.refused(waitMs);
    return new Attempt(0, { succeeded: () => forget(counts), abandoned: () => giveBack(counts) });
  }

  clear(key: string): Promise<void> {
    return forget(this.counts(key));
  }
}

/**
 * Sign-in password checks: per account and client (guessing one account), per client (trying
 * many), and the failures per account from everywhere, which only tighten the first.
 */
export class SignInThrottle {
  constructor(
    private readonly limits: {
      accountClient: Quota;
      accountClientUnderAttack: Quota;
      client: Quota;
      accountFailures: RateLimiterAbstract;
    },
  ) {}

  /** Counts a password check of `account` (its e-mail key) from `client` (a `clientKey`), or refuses it with the wait. */
  async begin(account: string, client: string): Promise<Attempt> {
    const { accountClient, accountClientUnderAttack, client: byClient, accountFailures } = this.limits;
    const pair = pairKey(account, client);
    const ownCounts = [
      ...accountClient.counts(pair),
      ...((await this.underAttack(account)) ? accountClientUnderAttack.counts(pair) : []),
    ];
    const clientCounts = byClient.counts(client);
    const waitMs = await take([...ownCounts, ...clientCounts]);
    if (waitMs > 0) return Attempt.refused(waitMs);
    return new Attempt(0, {
      failed: async () => void (await accountFailures.penalty(storedKey(account))),
      // The owner got in from here: this client starts afresh with the account, and its successes never count against it.
      succeeded: async () => void (await Promise.all([this.forgive(account, client), giveBack(clientCounts)])),
      abandoned: () => giveBack([...ownCounts, ...clientCounts]),
    });
  }

  /** Clears the count of `account` from `client` (a success, or a password reset from the client). */
  async forgive(account: string, client: string): Promise<void> {
    const pair = pairKey(account, client);
    await forget([...this.limits.accountClient.counts(pair), ...this.limits.accountClientUnderAttack.counts(pair)]);
  }

  /** Whether the account had so many failures from all clients lately that every client's allowance is smaller. */
  async underAttack(account: string): Promise<boolean> {
    const { accountFailures } = this.limits;
    const failures = await accountFailures.get(storedKey(account));
    return failures !== null && failures.consumedPoints >= accountFailures.points && failures.msBeforeNext > 0;
  }
}

const pairKey = (account: string, client: string): string => `${account}\n${client}`;

/**
 * The key a client address is counted under: an IPv6 address by its /64, the network one
 * subscriber is given (else each of its many addresses would count afresh); IPv4 as it is.
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  // An embedded IPv4 address fills the last two groups, outside the prefix.
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const left = groups(head);
  const right = groups(tail);
  const all =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** Counts attempts per key in a window that opens with the key's first attempt (the library's fixed window). */
export class AttemptCounter {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  /** Milliseconds until `key` may try again: 0 while it is under the limit. */
  async retryAfterMs(key: string): Promise<number> {
    const window = await this.limiter.get(key);
    // The memory store drops an ended window only when its timer fires: one past its end is over.
    return window && window.consumedPoints >= this.limiter.points && window.msBeforeNext > 0 ? window.msBeforeNext : 0;
  }

  async record(key: string): Promise<void> {
    await this.limiter.penalty(key); // counts without refusing: refusing is retryAfterMs's part
  }

  async clear(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** The limits, made once per API process; `close` lets go of its Redis connection. */
export interface Throttles {
  signIn: SignInThrottle;
  /** Current-password checks per account id. */
  passwordChange: Quota;
  /** Reset e-mails per account id (silent). */
  resetMails: AttemptCounter;
  /** Per client: reset requests, reset attempts, sign-ups. */
  resetRequests: Quota;
  resets: Quota;
  signUps: Quota;
  /** Per user id: orders placed, reviews submitted, images uploaded, products listed, messages posted. */
  orders: Quota;
  reviews: Quota;
  uploads: Quota;
  listings: Quota;
  messages: Quota;
  /** Per client: order lookups by number and e-mail. */
  trackLookups: Quota;
  close(): Promise<void>;
}

/**
 * The limits in Redis when REDIS_URL is set (one connection for all of them), else in memory.
 * Waits for the first connection attempt, so that sign-ins right after start already share
 * their counts; a Redis that is down then does not hold the start up (the fallback answers).
 */
export async function openThrottles(config: Pick<Config, 'REDIS_URL' | 'SIGNUPS_PER_HOUR'>): Promise<Throttles> {
  const signUps = signUpLimits(config.SIGNUPS_PER_HOUR);
  if (!config.REDIS_URL)
    return throttles(
      (name, limit) => new RateLimiterMemory(limiterOptions(name, limit)),
      async () => {},
      signUps,
    );
  const client = new ConnectionLog('throttle').watch(
    new Redis(config.REDIS_URL, {
      lazyConnect: true,
      // Fail at once while disconnected, instead of queueing the sign-in until Redis is back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    }),
  );
  await client.connect().catch(() => {}); // the ConnectionLog reports the failure; ioredis keeps retrying
  const redisLimiter = (name: string, limit: Limit) =>
    new RateLimiterRedis({
      ...limiterOptions(name, limit),
      storeClient: client, // ioredis: the library's default client, so no useRedisPackage
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(limiterOptions(name, limit)),
    });
  // quit() is refused while disconnected (no offline queue): then the socket is just dropped.
  return throttles(
    redisLimiter,
    () =>
      client.quit().then(
        () => {},
        () => client.disconnect(),
      ),
    signUps,
  );
}

/** Sign-ups per client (each hashes a password, and an address already taken says so): SIGNUPS_PER_HOUR, and five times as many a day. */
const signUpLimits = (perHour: number): Limit[] => [per(perHour, HOUR_MS), per(5 * perHour, DAY_MS)];

function throttles(
  limiter: (name: string, limit: Limit) => RateLimiterAbstract,
  close: () => Promise<void>,
  signUps: Limit[],
): Throttles {
  /** One limiter a window, named by the limit and the window's length. */
  const quota = (name: string, limits: Limit[]) =>
    new Quota(limits.map((limit) => limiter(`${name}:${limit.windowMs / 1000}s`, limit)));
  return {
    signIn: new SignInThrottle({
      accountClient: quota('signin-account-client', LIMITS.signInAccountClient),
      accountClientUnderAttack: quota('signin-account-client-under-attack', LIMITS.signInAccountClientUnderAttack),
      client: quota('signin-client', LIMITS.signInClient),
      accountFailures: limiter('signin-account-failures', LIMITS.signInAccountUnderAttack),
    }),
    passwordChange: quota('password-change', LIMITS.passwordChange),
    resetMails: new AttemptCounter(limiter('reset-mail', LIMITS.resetMails)),
    resetRequests: quota('reset-request', LIMITS.resetRequests),
    resets: quota('reset', LIMITS.resets),
    signUps: quota('signup', signUps),
    orders: quota('order', LIMITS.orders),
    reviews: quota('review', LIMITS.reviews),
    uploads: quota('upload', LIMITS.uploads),
    listings: quota('listing', LIMITS.listings),
    messages: quota('message', LIMITS.messages),
    trackLookups: quota('track-lookup', LIMITS.trackLookups),
    close,
  };
}

/** A wait in words: seconds under a minute, minutes under two hours, else hours (each rounded up). */
export function waitInWords(waitMs: number): string {
  const [count, unit] =
    waitMs < MINUTE_MS
      ? [Math.max(1, Math.ceil(waitMs / SECOND_MS)), 'second']
      : waitMs < 2 * HOUR_MS
        ? [Math.ceil(waitMs / MINUTE_MS), 'minute']
        : [Math.ceil(waitMs / HOUR_MS), 'hour'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export function tooManyAttemptsMessage(waitMs: number, what = 'sign-in attempts'): string {
  return `Too many ${what}. Please try again in ${waitInWords(waitMs)}.`;
}
