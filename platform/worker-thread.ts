import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the module at `entry` on a worker thread. A thread does not inherit the loader tsx
 * registered in its parent (tests, the CLI, benchmarks), so a `.ts` entry gets tsx registered in
 * the thread first; compiled JavaScript starts as it is.
 */
export function startWorker(entry: URL, options: WorkerOptions = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}
