import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ShiftableClock } from './clock.ts';

describe('ShiftableClock', () => {
  it('keeps the system time until moved, then runs ahead by what it was moved', () => {
    const clock = new ShiftableClock();
    expect(Math.abs(Date.parse(clock.now()) - Date.now())).toBeLessThan(1000);
    clock.advance(3 * 86_400_000);
    expect(Date.parse(clock.now()) - Date.now()).toBeGreaterThan(3 * 86_400_000 - 1000);
    expect(clock.shiftMs()).toBe(3 * 86_400_000);
  });

  it('is moved for every thread that shares it', async () => {
    const clock = new ShiftableClock();
    const thread = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       parentPort.on('message', () => parentPort.postMessage(Number(Atomics.load(new BigInt64Array(workerData), 0))));`,
      { eval: true, workerData: clock.shared },
    );
    const seen = () =>
      new Promise<number>((resolve) => {
        thread.once('message', resolve);
        thread.postMessage('now');
      });
    expect(await seen()).toBe(0);
    clock.advance(60_000);
    expect(await seen()).toBe(60_000);
    await thread.terminate();
  });
});
