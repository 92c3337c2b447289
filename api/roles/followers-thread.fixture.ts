/** Stands for the process entry on the followers' thread in followers-thread.test.ts; FOLLOWERS_FIXTURE says how it behaves. */
import { parentPort } from 'node:worker_threads';

const port = parentPort!;
const mode = process.env.FOLLOWERS_FIXTURE;
if (mode === 'fails') {
  port.postMessage({ failed: 'Error: the read store is unreachable' });
  process.exit(1);
}
port.postMessage('ready');
if (mode === 'crashes') setTimeout(() => Promise.reject(new Error('a projection bug')), 10);
port.on('message', (message) => {
  if (message === 'stop') setTimeout(() => process.exit(0), 20);
});
