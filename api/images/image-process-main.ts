/**
 * The image process (image-process.ts starts it): does the server's image jobs with sharp and
 * answers each over IPC. It ends with its channel, when the server lets it go or stops.
 */
import { type ImageJob, doImageJob } from './image-jobs.ts';

process.on('message', (message: { id: number; job: ImageJob }) => {
  void doImageJob(message.job).then((outcome) => process.send!({ id: message.id, ...outcome }));
});
process.on('disconnect', () => process.exit(0));
