/** What an opener gives: the resource and how to let go of it. */
export interface Opened<T> {
  value: T;
  close(): Promise<void>;
}

/**
 * A resource opened on first use and kept until closed: the catalog index and the live feed,
 * which follow the bus from the moment they load. A failed open is tried again by the next
 * caller; after `close` the next caller opens a fresh one. The app's composition owns it and
 * closes it on shutdown.
 */
export class Reopenable<T> {
  #opened: Promise<Opened<T>> | null = null;
  /** The resource of `#opened` once it is open. */
  #value: T | undefined;

  constructor(private readonly open: () => Promise<Opened<T>>) {}

  async get(): Promise<T> {
    if (!this.#opened) {
      const opened = this.open();
      this.#opened = opened;
      opened.then(
        ({ value }) => {
          if (this.#opened === opened) this.#value = value;
        },
        () => {
          if (this.#opened === opened) this.#opened = null;
        },
      );
    }
    return (await this.#opened).value;
  }

  /** The resource when `get` would answer it at once, without waiting; otherwise undefined (then call `get`). */
  current(): T | undefined {
    return this.#value;
  }

  /** Lets go of the current resource, if any (a failed open has let go of its own). */
  async close(): Promise<void> {
    const opened = this.#opened;
    if (!opened) return;
    this.#opened = null;
    this.#value = undefined;
    await (await opened.catch(() => null))?.close();
  }
}
