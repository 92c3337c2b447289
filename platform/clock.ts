/**
 * Where the write side takes the time and new ids from. Commands and workers are given one
 * (the system's in a process, a fixed one in a test), so none of them reads the clock itself.
 */
export interface Clock {
  /** The time of the command, ISO-8601 UTC. */
  now(): string;
  /** A new random id (UUID). */
  newId(): string;
}

export const systemClock: Clock = {
  now: () => new Date().toISOString(),
  newId: () => crypto.randomUUID(),
};

/**
 * The system's clock moved forward on demand: a development server (DEV_ROUTES) runs on one so
 * a browser test can let a window close (a payment's, a return's) without waiting for it. Its
 * offset lives in shared memory, so the followers' thread, given `shared`, keeps the same time.
 */
export class ShiftableClock implements Clock {
  private readonly offsetMs: BigInt64Array;

  constructor(readonly shared = new SharedArrayBuffer(8)) {
    this.offsetMs = new BigInt64Array(shared);
  }

  now = (): string => new Date(Date.now() + this.shiftMs()).toISOString();
  newId = systemClock.newId;

  shiftMs(): number {
    return Number(Atomics.load(this.offsetMs, 0));
  }

  /** Moves the clock `ms` forward, for every thread sharing it. */
  advance(ms: number): void {
    Atomics.add(this.offsetMs, 0, BigInt(ms));
  }
}
