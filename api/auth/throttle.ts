/**
 * Attempt limits kept in this process's memory: enough for the embedded stack; at scale
 * each API process counts on its own, so the effective limit is per process.
 */

const MINUTE_MS = 60 * 1000;
/** Past this many tracked keys, windows that have ended are swept on the next attempt. */
const SWEEP_ABOVE = 10_000;

export interface Limit {
  attempts: number;
  windowMs: number;
}

const SIGN_IN_LIMITS = {
  perEmail: { attempts: 5, windowMs: 15 * MINUTE_MS },
  perIp: { attempts: 30, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, Limit>;

/** Counts attempts per key in a window that opens with the key's first attempt. */
export class AttemptCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly limit: Limit,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Milliseconds until `key` may try again: 0 while it is under the limit. */
  retryAfterMs(key: string): number {
    const window = this.open(key);
    return window && window.count >= this.limit.attempts ? window.endsAt - this.now() : 0;
  }

  record(key: string): void {
    const window = this.open(key);
    if (window) {
      window.count++;
      return;
    }
    if (this.windows.size >= SWEEP_ABOVE) this.sweep();
    this.windows.set(key, { count: 1, endsAt: this.now() + this.limit.windowMs });
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private open(key: string) {
    const window = this.windows.get(key);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/** Failed password checks per e-mail (guessing one account) and per client IP (trying many). */
export class SignInThrottle {
  private readonly byEmail: AttemptCounter;
  private readonly byIp: AttemptCounter;

  constructor(now: () => number = () => Date.now()) {
    this.byEmail = new AttemptCounter(SIGN_IN_LIMITS.perEmail, now);
    this.byIp = new AttemptCounter(SIGN_IN_LIMITS.perIp, now);
  }

  /** Milliseconds until this e-mail may be tried from this IP: 0 when it may be now. */
  retryAfterMs(emailKey: string, ip: string): number {
    return Math.max(this.byEmail.retryAfterMs(emailKey), this.byIp.retryAfterMs(ip));
  }

  failed(emailKey: string, ip: string): void {
    this.byEmail.record(emailKey);
    this.byIp.record(ip);
  }

  /** The owner got in: their e-mail starts afresh (the IP keeps its count). */
  succeeded(emailKey: string): void {
    this.byEmail.clear(emailKey);
  }
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE_MS));
  return `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
