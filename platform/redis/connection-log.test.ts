import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, vi } from 'vitest';
import { RedisBus } from '../bus/redis.ts';
import { BullMqQueue } from '../queue/bullmq.ts';
import { startRedis } from '../testing/redis.ts';

it('logs one line when Redis goes away and one when it is back, and the bus and queue work again', async () => {
  const redis = await startRedis();
  const prefix = `test-${randomUUID()}`;
  const bus = new RedisBus(redis.url, prefix);
  const queue = new BullMqQueue(redis.url, prefix);
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  const error = vi.spyOn(console, 'error').mockImplementation(keep);
  const log = vi.spyOn(console, 'log').mockImplementation(keep);
  try {
    const received: unknown[] = [];
    const ran: unknown[] = [];
    await bus.subscribe('changes', (message) => void received.push(message));
    queue.process('work', async (job) => void ran.push(job.data));
    await bus.publish('changes', 'before');
    await queue.add('work', 'before');
    await queue.drained('work');
    await vi.waitFor(() => expect(received).toEqual(['before']));
    expect(ran).toEqual(['before']);

    await redis.shutdown();
    await sleep(1_500); // long enough for several reconnection attempts of every connection
    await redis.restart();
    await vi.waitFor(() => expect(lines.filter((line) => line.includes('reconnected'))).toHaveLength(2), {
      timeout: 10_000,
    });

    // Redis came back empty: the subscription is renewed, the queue takes new jobs.
    await vi.waitFor(
      async () => {
        await bus.publish('changes', 'after');
        expect(received).toContain('after');
      },
      { timeout: 5_000, interval: 100 },
    );
    await queue.add('work', 'after');
    await queue.drained('work');
    expect(ran).toEqual(['before', 'after']);

    expect(lines.toSorted()).toEqual([
      expect.stringMatching(/^\[redis\] bus lost its connection: .+; retrying$/),
      expect.stringMatching(/^\[redis\] bus reconnected after \d+\.\d s$/),
      expect.stringMatching(/^\[redis\] queue lost its connection: .+; retrying$/),
      expect.stringMatching(/^\[redis\] queue reconnected after \d+\.\d s$/),
    ]);
  } finally {
    error.mockRestore();
    log.mockRestore();
    await Promise.all([bus.close(), queue.close()]);
    await redis.stop();
  }
  // The spies are gone: show what was logged in the test output.
  console.log(lines.join('\n'));
}, 30_000);
