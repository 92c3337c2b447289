import type { Doc } from '../readstore/port.ts';
import type { Projection } from './projection.ts';

interface Tally extends Doc {
  total: number;
  last: number;
}

interface StreamCount extends Doc {
  events: number;
  lastPosition: number;
}

/** Order-sensitive, so a batch applied twice or skipped would show: total and a running checksum. */
const tallies: Projection = {
  name: 'tallies',
  collections: [{ name: 'tallies' }],
  eventTypes: new Set(['Counted']),
  async apply(event, work) {
    const { amount } = event.data as { amount: number };
    const id = event.stream;
    const tally = await work.get<Tally>('tallies', id);
    work.put<Tally>('tallies', {
      id,
      total: (tally?.total ?? 0) + amount,
      last: ((tally?.last ?? 0) * 31 + amount) % 1_000_003,
    });
  },
};

/** Reads every event type: events per stream and the last position seen. */
const streamCounts: Projection = {
  name: 'stream-counts',
  collections: [{ name: 'stream_counts' }],
  eventTypes: 'all',
  async apply(event, work) {
    const count = await work.get<StreamCount>('stream_counts', event.stream);
    work.put<StreamCount>('stream_counts', { id: event.stream, events: (count?.events ?? 0) + 1, lastPosition: event.position });
  },
};

export const testProjections: Projection[] = [streamCounts, tallies];
