/**
 * One adapter's Redis connections ("bus", "queue") reported as one: a line when the first
 * of them loses its connection, silence while ioredis retries, a line when all are back
 * (logger 'redis', `adapter` naming which):
 *
 *   error  queue lost its connection; retrying   { reason: 'connect ECONNREFUSED 127.0.0.1:6379' }
 *   info   queue reconnected                     { downSeconds: 4.2 }
 *
 * Its error listener is also what keeps ioredis from printing "[ioredis] Unhandled error
 * event" at every retry, so every client an adapter creates or can reach goes through watch().
 */
import { logger } from '../log.ts';

const log = logger('redis');

/** What watch() needs of a client: an ioredis `Redis`, or BullMQ's wrapper around one. */
export interface RedisEvents {
  // The listener type both clients declare, so either fits.
  on(event: string, listener: (...args: any[]) => void): unknown;
}

export class ConnectionLog {
  readonly #who: string;
  /** Connections retrying right now; the outage lasts while this is not empty. */
  readonly #down = new Set<RedisEvents>();
  #downSince = 0;
  /** The last error seen while every connection was up: the reason of the outage it starts. */
  #lastError: string | undefined;

  constructor(who: string) {
    this.#who = who;
  }

  watch<T extends RedisEvents>(client: T): T {
    client.on('error', (error: Error) => {
      // A refused connection to a name with several addresses is an AggregateError without a message.
      if (this.#down.size === 0) this.#lastError = error.message || (error as NodeJS.ErrnoException).code || error.name;
    });
    // ioredis emits 'reconnecting' only for a connection it lost and retries, never for
    // quit() or disconnect(); 'end' means it gave up or was closed on purpose.
    client.on('reconnecting', () => this.#lost(client));
    client.on('ready', () => this.#back(client));
    client.on('end', () => this.#down.delete(client));
    return client;
  }

  #lost(client: RedisEvents): void {
    if (this.#down.size === 0) {
      this.#downSince = Date.now();
      const reason = this.#lastError ?? 'connection closed';
      log.error({ adapter: this.#who, reason }, `${this.#who} lost its connection; retrying`);
    }
    this.#down.add(client);
  }

  #back(client: RedisEvents): void {
    this.#lastError = undefined;
    if (!this.#down.delete(client) || this.#down.size > 0) return;
    const downSeconds = Math.round((Date.now() - this.#downSince) / 100) / 10;
    log.info({ adapter: this.#who, downSeconds }, `${this.#who} reconnected`);
  }
}

/**
 * Whether an error only says the connection is down: BullMQ forwards those of its own
 * connections as 'error' events, and the ConnectionLog already reports the outage.
 */
export function isConnectionError(error: Error): boolean {
  return typeof (error as NodeJS.ErrnoException).syscall === 'string' || error.message === 'Connection is closed.';
}
