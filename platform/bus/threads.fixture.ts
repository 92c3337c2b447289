/** Run on a worker thread by threads.test.ts: a ThreadBus there publishes one message, then closes. */
import { workerData } from 'node:worker_threads';
import { ThreadBus } from './threads.ts';

const bus = new ThreadBus(workerData as string);
await bus.publish('changes', { from: 'thread' });
await bus.close();
