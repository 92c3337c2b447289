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
