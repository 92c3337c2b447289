import { Redis } from 'ioredis';
import { ConnectionLog } from '../redis/connection-log.ts';
import { reachable } from '../redis/reachable.ts';
import type { Bus, BusHandler } from './port.ts';
import { Subscribers } from './subscribers.ts';
import { logger } from '../log.ts';

const log = logger('bus');

/**
 * Redis pub/sub: one connection publishes, one in subscriber mode serves every
 * subscription of this instance. Channel names carry the prefix so several
 * deployments can share a server.
 */
export class RedisBus implements Bus {
  readonly kind = 'redis';
  readonly #prefix: string;
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #subscribers = new Subscribers();
  #closing: Promise<void> | undefined;

  constructor(redisUrl: string, prefix = 'mibi') {
    this.#prefix = `${prefix}:`;
    const log = new ConnectionLog('bus');
    this.#publisher = log.watch(new Redis(redisUrl));
    this.#subscriber = log.watch(new Redis(redisUrl));
    this.#subscriber.on('message', (channel: string, raw: string) => this.#receive(channel, raw));
  }

  ping(): Promise<void> {
    return reachable(this.#publisher, this.#subscriber);
  }

  async publish<T>(channel: string, message: T): Promise<void> {
    this.#assertOpen();
    await this.#publisher.publish(this.#prefix + channel, JSON.stringify(message));
  }

  async subscribe<T>(channel: string, handler: BusHandler<T>): Promise<() => Promise<void>> {
    this.#assertOpen();
    const key = this.#prefix + channel;
    const { remove } = this.#subscribers.add(channel, handler);
    // SUBSCRIBE is sent for every handler, not only a channel's first: Redis answers a
    // repeat at once, and awaiting it means the subscription is live once this resolves
    // even while an earlier SUBSCRIBE of the same channel is still in flight.
    await this.#subscriber.subscribe(key);
    return async () => {
      if (remove() && !this.#closing) await this.#subscriber.unsubscribe(key);
    };
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#subscribers.clear();
      await Promise.all([this.#subscriber.quit(), this.#publisher.quit()]);
    })();
    return this.#closing;
  }

  #assertOpen(): void {
    if (this.#closing) throw new Error('The bus is closed');
  }

  #receive(prefixedChannel: string, raw: string): void {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      // Thrown here it would surface inside ioredis' socket handler.
      log.error(`ignored a message on "${prefixedChannel}" that is not JSON`);
      return;
    }
    this.#subscribers.deliver(prefixedChannel.slice(this.#prefix.length), message);
  }
}
