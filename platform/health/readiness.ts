/**
 * Readiness: whether a process can do its work now. Each check answers within `timeoutMs` (a
 * store that hangs counts as down), and one round's answers serve every probe for `cacheMs`, so a
 * burst of probes (a load balancer per instance, an orchestrator, an operator's loop) costs the
 * stores one round a second at most.
 */

/** A check resolves when its part is fine; it throws `NotReady` to say why not in public words. */
export type Check = () => Promise<void>;

/** A reason fit for an anonymous caller: names no host, address or process. */
export class NotReady extends Error {}

export interface ReadinessReport {
  ready: boolean;
  /** Per check: 'ok', or why not. */
  checks: Record<string, string>;
}

export interface ReadinessOptions {
  timeoutMs?: number;
  cacheMs?: number;
  now?: () => number;
}

export const CHECK_TIMEOUT_MS = 2000;
export const READINESS_CACHE_MS = 1000;

export class Readiness {
  readonly #checks: Array<[string, Check]>;
  readonly #timeoutMs: number;
  readonly #cacheMs: number;
  readonly #now: () => number;
  /** The round in flight or last finished, and when it started. */
  #round: { at: number; report: Promise<ReadinessReport> } | undefined;

  constructor(checks: Record<string, Check>, options: ReadinessOptions = {}) {
    this.#checks = Object.entries(checks);
    this.#timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
    this.#cacheMs = options.cacheMs ?? READINESS_CACHE_MS;
    this.#now = options.now ?? Date.now;
  }

  report(): Promise<ReadinessReport> {
    const now = this.#now();
    if (!this.#round || now - this.#round.at >= this.#cacheMs) this.#round = { at: now, report: this.#run() };
    return this.#round.report;
  }

  async #run(): Promise<ReadinessReport> {
    const results = await Promise.all(this.#checks.map(async ([name, check]) => [name, await this.#one(check)]));
    return { ready: results.every(([, result]) => result === 'ok'), checks: Object.fromEntries(results) };
  }

  async #one(check: Check): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer within ${this.#timeoutMs} ms`), this.#timeoutMs);
    });
    try {
      return await Promise.race([
        check().then(
          () => 'ok',
          // Driver errors name hosts and ports: only a NotReady's words go out.
          (error: unknown) => (error instanceof NotReady ? error.message : 'unreachable'),
        ),
        timedOut,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
