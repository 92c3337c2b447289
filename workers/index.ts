import type { Platform } from '../platform/platform.ts';

/** A background job type and the function that runs it. */
export interface Worker<T = unknown> {
  name: string;
  concurrency?: number;
  handle(job: { id: string; data: T; attempt: number }, platform: Platform): Promise<void>;
}

export const workers: Worker<never>[] = [];

export function startWorkers(platform: Platform, list: Worker<never>[] = workers): void {
  for (const worker of list) {
    platform.queue.process<never>(worker.name, (job) => worker.handle(job, platform), { concurrency: worker.concurrency ?? 4 });
  }
}
