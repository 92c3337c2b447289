import type { Clock } from '../../platform/clock.ts';
import type { Streams } from '../../platform/eventstore/streams.ts';

/**
 * What a command handler is given: the write side's streams, the clock and the id source.
 * Handlers take nothing from HTTP, so the same use case runs from a route, the demo seed or
 * a test with a fixed clock.
 */
export interface CommandContext extends Clock {
  streams: Streams;
}
