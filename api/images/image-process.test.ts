import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { imageProcesses } from './image-process.fixtures.ts';
import { endImageProcess, runImageJob } from './image-process.ts';

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60" width="60" height="60"><rect width="60" height="60" fill="#c2410c"/></svg>';
const rasterize = () => runImageJob({ type: 'rasterize', svg, density: 72, width: 120, quality: 80 });

describe('the image process', () => {
  it('does jobs in a child process, which ends once idle and starts again for the next job', async () => {
    const [first, second] = await Promise.all([rasterize(), rasterize()]);
    for (const outcome of [first, second]) {
      expect(outcome.ok).toBe(true);
      // A JPEG.
      expect([...(outcome.ok ? outcome.value : Buffer.alloc(0)).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    }
    expect(imageProcesses()).toHaveLength(1);
    for (let i = 0; i < 50 && imageProcesses().length > 0; i++) await sleep(100);
    expect(imageProcesses()).toEqual([]);
    expect((await rasterize()).ok).toBe(true);
  }, 30_000);

  it('ends at once when asked, between jobs', async () => {
    expect((await rasterize()).ok).toBe(true);
    endImageProcess();
    for (let i = 0; i < 10 && imageProcesses().length > 0; i++) await sleep(50);
    expect(imageProcesses()).toEqual([]);
  }, 30_000);

  it('answers a job it cannot do with the reason, and goes on', async () => {
    const outcome = await runImageJob({ type: 'rasterize', svg: 'not an svg', density: 72, width: 100, quality: 80 });
    expect(outcome).toMatchObject({ ok: false, message: expect.any(String) });
    expect((await rasterize()).ok).toBe(true);
  }, 30_000);
});
