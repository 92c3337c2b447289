import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Progress } from './progress.ts';

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Progress', () => {
  it('on a terminal: redraws one line with \\r at most ten times a second, with done/total, events/s and ETA', () => {
    const out = stream(true);
    const progress = new Progress('rebuild', 1000, out);
    vi.advanceTimersByTime(1000);
    progress.update(250);
    for (let i = 0; i < 19; i++) {
      vi.advanceTimersByTime(5);
      progress.update(260 + i);
    }
    expect(out.writes).toEqual([
      '\rrebuild [######------------------]  25%  250/1,000 events  250 events/s  ETA 3.0 s\x1b[K',
    ]);
    vi.advanceTimersByTime(105);
    progress.update(500);
    expect(out.writes).toHaveLength(2);
    expect(progress.finish()).toBe(1200);
    expect(out.writes.at(-1)).toBe('\rrebuild [########################] 100%  500/1,000 events  417 events/s\x1b[K\n');
  });

  it('elsewhere: plain lines, at most one a second; the fraction given when the total is unknown', () => {
    const out = stream(false);
    const progress = new Progress('export', null, out);
    vi.advanceTimersByTime(2000);
    progress.update(4000, 0.5);
    vi.advanceTimersByTime(500);
    progress.update(5000, 0.6);
    vi.advanceTimersByTime(500);
    progress.update(6000, 0.75);
    progress.finish();
    expect(out.writes).toEqual([
      'export [############------------]  50%  4,000 events  2,000 events/s  ETA 2.0 s\n',
      'export [##################------]  75%  6,000 events  2,000 events/s  ETA 1.0 s\n',
      'export [########################] 100%  6,000 events  2,000 events/s\n',
    ]);
  });
});
