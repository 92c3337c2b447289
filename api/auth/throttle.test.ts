import { describe, expect, it } from 'vitest';
import { AttemptCounter, SignInThrottle, tooManyAttemptsMessage } from './throttle.ts';

const MINUTE = 60_000;

function clock() {
  let now = Date.parse('2024-05-01T10:00:00Z');
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('AttemptCounter', () => {
  it('blocks a key at its limit until its window ends', () => {
    const time = clock();
    const counter = new AttemptCounter({ attempts: 3, windowMs: 10 * MINUTE }, time.now);
    counter.record('a');
    time.advance(MINUTE);
    counter.record('a');
    expect(counter.retryAfterMs('a')).toBe(0);
    counter.record('a');
    expect(counter.retryAfterMs('a')).toBe(9 * MINUTE);
    expect(counter.retryAfterMs('b')).toBe(0);
    time.advance(9 * MINUTE - 1);
    expect(counter.retryAfterMs('a')).toBe(1);
    time.advance(1);
    expect(counter.retryAfterMs('a')).toBe(0);
    counter.record('a');
    expect(counter.retryAfterMs('a')).toBe(0);
  });

  it('starts afresh when cleared', () => {
    const counter = new AttemptCounter({ attempts: 1, windowMs: MINUTE });
    counter.record('a');
    expect(counter.retryAfterMs('a')).toBeGreaterThan(0);
    counter.clear('a');
    expect(counter.retryAfterMs('a')).toBe(0);
  });

  it('forgets ended windows when it tracks many keys', () => {
    const time = clock();
    const counter = new AttemptCounter({ attempts: 1, windowMs: MINUTE }, time.now);
    for (let i = 0; i < 10_000; i++) counter.record(`old-${i}`);
    counter.record('recent');
    time.advance(MINUTE);
    counter.record('fresh');
    expect(counter.retryAfterMs('fresh')).toBe(MINUTE);
    expect(counter.retryAfterMs('old-1')).toBe(0);
    expect((counter as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});

describe('SignInThrottle', () => {
  it('allows 5 failures per email in 15 minutes', () => {
    const time = clock();
    const throttle = new SignInThrottle(time.now);
    for (let i = 0; i < 5; i++) {
      expect(throttle.retryAfterMs('asha@example.com', 'ip-1')).toBe(0);
      throttle.failed('asha@example.com', `ip-${i}`);
    }
    expect(throttle.retryAfterMs('asha@example.com', 'ip-9')).toBe(15 * MINUTE);
    expect(throttle.retryAfterMs('ravi@example.com', 'ip-1')).toBe(0);
  });

  it('allows 30 failures per IP in 15 minutes, whatever the emails', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 30; i++) throttle.failed(`user${i}@example.com`, 'ip-1');
    expect(throttle.retryAfterMs('new@example.com', 'ip-1')).toBeGreaterThan(14 * MINUTE);
    expect(throttle.retryAfterMs('new@example.com', 'ip-2')).toBe(0);
  });

  it('clears the email, not the IP, on success', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 4; i++) throttle.failed('asha@example.com', 'ip-1');
    throttle.succeeded('asha@example.com');
    for (let i = 0; i < 4; i++) throttle.failed('asha@example.com', 'ip-1');
    expect(throttle.retryAfterMs('asha@example.com', 'ip-2')).toBe(0);
    for (let i = 0; i < 22; i++) throttle.failed(`user${i}@example.com`, 'ip-1');
    expect(throttle.retryAfterMs('asha@example.com', 'ip-1')).toBeGreaterThan(0);
  });
});

it('says how many minutes to wait', () => {
  expect(tooManyAttemptsMessage(15 * MINUTE)).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
  expect(tooManyAttemptsMessage(14 * MINUTE + 1)).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
  expect(tooManyAttemptsMessage(30_000)).toBe('Too many sign-in attempts. Please try again in 1 minute.');
});
