import { describe, expect, it } from 'vitest';
import { AppendNotifier } from './live.ts';

describe('AppendNotifier', () => {
  it('wakes at once after a quiet spell', async () => {
    const notifier = new AppendNotifier(60_000);
    const woken = notifier.next(notifier.count, 60_000);
    notifier.notify();
    await woken;
    expect(notifier.count).toBe(1);
  });

  it('during a run of appends wakes once per interval, at its end, and the counter moves only then', async () => {
    const notifier = new AppendNotifier(50);
    notifier.notify();
    const seen = notifier.count;
    const start = performance.now();
    const woken = notifier.next(seen, 60_000);
    for (let i = 0; i < 10; i++) notifier.notify();
    // A follower reading now must not take the appends as announced: it waits for the wake-up.
    expect(notifier.count).toBe(seen);
    await woken;
    expect(performance.now() - start).toBeGreaterThanOrEqual(40);
    expect(notifier.count).toBe(seen + 1);
  });

  it('wakes at once when told to, whatever the interval (a store closing)', async () => {
    const notifier = new AppendNotifier(60_000);
    notifier.notify();
    notifier.notify();
    const woken = notifier.next(notifier.count, 60_000);
    notifier.wake();
    await woken;
    expect(notifier.count).toBe(2);
  });
});
