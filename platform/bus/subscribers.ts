import type { BusHandler } from './port.ts';
import { logger } from '../log.ts';

const log = logger('bus');

/**
 * Handlers by channel, shared by the bus adapters so fan-out behaves alike: each
 * subscription is its own entry (the same function may subscribe twice), and a
 * throwing handler is reported without keeping the message from the others.
 */
export class Subscribers {
  readonly #channels = new Map<string, Set<BusHandler>>();

  /** Registers a handler; `remove()` answers true when it took the channel's last one. */
  add<T>(channel: string, handler: BusHandler<T>): { remove(): boolean } {
    let handlers = this.#channels.get(channel);
    if (!handlers) this.#channels.set(channel, (handlers = new Set()));
    const entry: BusHandler = (message) => handler(message as T);
    handlers.add(entry);
    return {
      remove: () => {
        if (!handlers.delete(entry) || handlers.size > 0) return false;
        this.#channels.delete(channel);
        return true;
      },
    };
  }

  deliver(channel: string, message: unknown): void {
    // A copy, so a handler subscribing or leaving during delivery does not change this round.
    for (const handler of [...(this.#channels.get(channel) ?? [])]) {
      try {
        handler(message);
      } catch (error) {
        log.error({ err: error }, `a handler of "${channel}" failed`);
      }
    }
  }

  clear(): void {
    this.#channels.clear();
  }
}
