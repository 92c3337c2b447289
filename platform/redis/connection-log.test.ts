import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, vi } from 'vitest';
import { RedisBus } from '../bus/redis.ts';
import { captureLog } from '../log.fixtures.ts';
import { BullMqQueue } from '../queue/bullmq.ts';
import { startRedis } from '../testing/redis.ts';

it('logs one line when Redis goes away and one when it is back, and the bus and queue work again', async () => {
  const redis = await startRedis();
  const prefix = `test-${randomUUID()}`;
  const bus = new RedisBus(redis.url, prefix);
  const queue = new BullMqQueue(redis.url, prefix);
  const log = captureLog();
  const redisLines = () => log.lines.filter((line) => line.name === 'redis');
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
    await vi.waitFor(() => expect(redisLines().filter((line) => line.msg?.endsWith('reconnected'))).toHaveLength(2), {
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

    const byAdapter = (a: { adapter?: unknown; level: string }, b: { adapter?: unknown; level: string }) =>
      `${a.adapter} ${a.level}`.localeCompare(`${b.adapter} ${b.level}`);
    expect(redisLines().toSorted(byAdapter)).toEqual([
      expect.objectContaining({
        level: 'error',
        adapter: 'bus',
        msg: 'bus lost its connection; retrying',
        reason: expect.any(String),
      }),
      expect.objectContaining({
        level: 'info',
        adapter: 'bus',
        msg: 'bus reconnected',
        downSeconds: expect.any(Number),
      }),
      expect.objectContaining({
        level: 'error',
        adapter: 'queue',
        msg: 'queue lost its connection; retrying',
        reason: expect.any(String),
      }),
      expect.objectContaining({
        level: 'info',
        adapter: 'queue',
        msg: 'queue reconnected',
        downSeconds: expect.any(Number),
      }),
    ]);
    expect(redisLines()).toHaveLength(4);
  } finally {
    log.restore();
    await Promise.all([bus.close(), queue.close()]);
    await redis.stop();
  }
}, 30_000);
