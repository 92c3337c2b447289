/**
 * sharp as the image process uses it (image-process.ts): a job now and then, on the cores the
 * server works on. By default libvips caches decoded images (up to 50 MB), which a job never
 * reads twice, and works on a thread per core: on one thread it leaves the other core to the server.
 */
import sharp from 'sharp';

sharp.cache(false);
sharp.concurrency(1);

export default sharp;
