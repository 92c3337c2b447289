import type { Platform } from '../platform/platform.ts';
import type { Job } from '../platform/queue/port.ts';

/** A background job type and the function that runs it. */
export interface Worker<T = unknown> {
  name: string;
  concurrency?: number;
  handle(job: Job<T>, platform: Platform): Promise<void>;
}
