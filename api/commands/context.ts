import type { Streams } from './streams.ts';

/**
 * What a command handler is given: the write side's streams, the clock and the id source.
 * Handlers take nothing from HTTP, so the same use case runs from a route, the demo seed or
 * a test with a fixed clock.
 */
export interface CommandContext {
  streams: Streams;
  /** The time of the command, ISO-8601 UTC. */
  now(): string;
  /** A new random id (UUID). */
  newId(): string;
}

export const systemClock = (): string => new Date().toISOString();
export const randomId = (): string => crypto.randomUUID();
