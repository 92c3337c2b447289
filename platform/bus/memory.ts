import type { Bus, BusHandler } from './port.ts';
import { Subscribers } from './subscribers.ts';

/** In-process bus for the embedded setup; delivery happens within publish(). */
export class MemoryBus implements Bus {
  readonly kind = 'memory';
  readonly #subscribers = new Subscribers();
  #closed = false;

  async publish<T>(channel: string, message: T): Promise<void> {
    this.#assertOpen();
    // Through JSON like the Redis bus, so a message that would not survive Redis fails here too.
    this.#subscribers.deliver(channel, JSON.parse(JSON.stringify(message)));
  }

  async subscribe<T>(channel: string, handler: BusHandler<T>): Promise<() => Promise<void>> {
    this.#assertOpen();
    const { remove } = this.#subscribers.add(channel, handler);
    return async () => void remove();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#subscribers.clear();
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The bus is closed');
  }
}
