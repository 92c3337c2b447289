import type { EventStore } from '../eventstore/port.ts';
import type { ReadStore } from '../readstore/port.ts';

export interface ProjectionLag {
  /** Checkpoint: the last position whose batch is committed. */
  processed: number;
  /** The last position in the log. */
  last: number;
  lag: number;
}

/** Read from the stores, so any process (the API included) can report it. */
export async function projectionLag(events: EventStore, read: ReadStore, names: string[]): Promise<Record<string, ProjectionLag>> {
  const last = await events.lastPosition();
  const entries = await Promise.all(
    names.map(async (name) => {
      const processed = await read.checkpoint(name);
      return [name, { processed, last, lag: Math.max(0, last - processed) }] as const;
    }),
  );
  return Object.fromEntries(entries);
}
