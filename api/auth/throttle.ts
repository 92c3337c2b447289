/**
 * Attempt limits of the auth routes, counted by rate-limiter-flexible: in Redis when
 * REDIS_URL is set, so that every API process shares the counts (a guesser spreading tries
 * over the processes meets the same limit as against one); else in this process's memory,
 * which is enough for the embedded stack (one process).
 *
 * Redis down: each Redis limiter has an `insuranceLimiter`, a RateLimiterMemory with the same
 * limit, which answers every call Redis cannot (connection not ready, command failed or timed
 * out). Sign-in keeps working and keeps being throttled, per process, for as long as the outage
 * lasts; what was counted in memory meanwhile is not carried over to Redis, and Redis keeps the
 * counts it had (a success during the outage clears only the memory count). The connection's
 * outage and recovery are logged by the ConnectionLog, one line each.
 */
import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Config } from '../../platform/config/config.ts';
import { ConnectionLog } from '../../platform/redis/connection-log.ts';
import { sha256Hex } from './sha256.ts';

const MINUTE_MS = 60 * 1000;
/** How long a Redis command may take before the memory fallback answers instead. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

export interface Limit {
  attempts: number;
  windowMs: number;
}

const LIMITS = {
  signInPerEmail: { attempts: 5, windowMs: 15 * MINUTE_MS },
  signInPerIp: { attempts: 30, windowMs: 15 * MINUTE_MS },
  /** Reset e-mails per account: enough for a lost mail, too few to flood a mailbox. */
  resetMails: { attempts: 3, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, Limit>;

/** The library's options for a limit; `name` keeps the limits' keys apart in a shared store. */
export const limiterOptions = (name: string, { attempts, windowMs }: Limit) => ({
  keyPrefix: `mibi:throttle:${name}`,
  points: attempts,
  duration: windowMs / 1000,
});

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

/** Failed password checks per e-mail (guessing one account) and per client IP (trying many). */
export class SignInThrottle {
  constructor(
    private readonly byEmail: AttemptCounter,
    private readonly byIp: AttemptCounter,
  ) {}

  /** Milliseconds until this e-mail may be tried from this IP: 0 when it may be now. */
  async retryAfterMs(emailKey: string, ip: string): Promise<number> {
    const waits = await Promise.all([this.byEmail.retryAfterMs(storedEmail(emailKey)), this.byIp.retryAfterMs(ip)]);
    return Math.max(...waits);
  }

  async failed(emailKey: string, ip: string): Promise<void> {
    await Promise.all([this.byEmail.record(storedEmail(emailKey)), this.byIp.record(ip)]);
  }

  /** The owner got in: their e-mail starts afresh (the IP keeps its count). */
  async succeeded(emailKey: string): Promise<void> {
    await this.byEmail.clear(storedEmail(emailKey));
  }
}

/** Addresses are counted under their hash, so none is stored in Redis. */
const storedEmail = (emailKey: string): string => sha256Hex(emailKey);

/** The auth routes' limits, made once per API process; `close` lets go of its Redis connection. */
export interface Throttles {
  signIn: SignInThrottle;
  /** Reset e-mails per account id. */
  resetMails: AttemptCounter;
  close(): Promise<void>;
}

/**
 * The limits in Redis when REDIS_URL is set (one connection for all of them), else in memory.
 * Waits for the first connection attempt, so that sign-ins right after start already share
 * their counts; a Redis that is down then does not hold the start up (the fallback answers).
 */
export async function openThrottles(config: Pick<Config, 'REDIS_URL'>): Promise<Throttles> {
  if (!config.REDIS_URL) return throttles((name, limit) => new RateLimiterMemory(limiterOptions(name, limit)), async () => {});
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
  return throttles(redisLimiter, () => client.quit().then(() => {}, () => client.disconnect()));
}

function throttles(limiter: (name: string, limit: Limit) => RateLimiterAbstract, close: () => Promise<void>): Throttles {
  return {
    signIn: new SignInThrottle(
      new AttemptCounter(limiter('signin-email', LIMITS.signInPerEmail)),
      new AttemptCounter(limiter('signin-ip', LIMITS.signInPerIp)),
    ),
    resetMails: new AttemptCounter(limiter('reset-mail', LIMITS.resetMails)),
    close,
  };
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE_MS));
  return `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
