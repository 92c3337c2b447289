/** The entry of a rebuild thread (see rebuild-threads.ts): replays its group, reporting progress, then its result. */
import { parentPort, workerData } from 'node:worker_threads';
import { type GroupTask, type ThreadMessage, replayGroup } from './rebuild-threads.ts';

const post = (message: ThreadMessage) => parentPort!.postMessage(message);
const done = await replayGroup(workerData as GroupTask, (progress) => post({ progress }));
post({ done });
