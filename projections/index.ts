import { logStats } from './log-stats.ts';
import type { Projection } from './projection.ts';

/** Every projection the runner keeps up to date. */
export const projections: Projection[] = [logStats];
