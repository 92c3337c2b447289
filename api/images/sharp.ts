/**
 * sharp as the server uses it: a resize now and then, beside the API on the same memory. By
 * default libvips caches decoded images (up to 50 MB) and works on a thread per core, each
 * keeping a malloc arena of its own; seeding the demo's pictures left the process 175 MiB
 * larger for good. Without the cache and on one thread it stays near its size.
 */
import sharp from 'sharp';

sharp.cache(false);
sharp.concurrency(1);

export default sharp;
