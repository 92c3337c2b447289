import { BroadcastChannel } from 'node:worker_threads';
import type { Bus, BusHandler } from './port.ts';
import { Subscribers } from './subscribers.ts';

/** What crosses between threads: the channel and the message as JSON, parsed by each receiver. */
interface Envelope {
  channel: string;
  json: string;
}

/**
 * The embedded bus when the API and the projections run on threads of one process: a message
 * reaches this instance's subscribers within publish(), as on the memory bus, and every other
 * instance of the same name, in any thread, through a BroadcastChannel. It travels as JSON, as
 * on Redis, so what would not survive Redis fails here too.
 */
export class ThreadBus implements Bus {
  readonly kind = 'threads';
  readonly #subscribers = new Subscribers();
  readonly #channel: BroadcastChannel;
  #closed = false;

  /** `name` sets the deployment apart (its data directory): instances of one name share messages. */
  constructor(name: string) {
    this.#channel = new BroadcastChannel(`mibi-bus:${name}`);
    this.#channel.onmessage = (event: unknown) => {
      const { channel, json } = (event as { data: Envelope }).data;
      this.#subscribers.deliver(channel, JSON.parse(json));
    };
    // Subscriptions alone do not keep a thread alive: its server or runner does.
    this.#channel.unref();
  }

  async publish<T>(channel: string, message: T): Promise<void> {
    this.#assertOpen();
    const json = JSON.stringify(message);
    this.#channel.postMessage({ channel, json } satisfies Envelope);
    this.#subscribers.deliver(channel, JSON.parse(json));
  }

  async subscribe<T>(channel: string, handler: BusHandler<T>): Promise<() => Promise<void>> {
    this.#assertOpen();
    const { remove } = this.#subscribers.add(channel, handler);
    return async () => void remove();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#subscribers.clear();
    this.#channel.close();
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The bus is closed');
  }
}
