import type { Doc } from '../platform/readstore/port.ts';
import { logStats } from './log-stats.ts';
import type { Projection } from './projection.ts';

interface Tally extends Doc {
  total: number;
  last: number;
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

export const testProjections: Projection[] = [logStats, tallies];
