import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { otherClients, startRedis, type RedisServer } from '../testing/redis.ts';
import { BullMqQueue } from './bullmq.ts';
import { queueContract } from './contract.ts';

let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  await redis?.stop();
});

// A fresh key prefix per test keeps tests apart on the one server.
queueContract('BullMqQueue', async () => {
  const queue = new BullMqQueue(redis.url, `test-${randomUUID()}`);
  return { queue, cleanup: () => queue.close() };
});

it('closes every Redis connection it opened', async () => {
  const queue = new BullMqQueue(redis.url, `test-${randomUUID()}`);
  queue.process('work', async () => {});
  await queue.add('work', 'x');
  await queue.drained('work');
  expect(await otherClients(redis.url)).toBeGreaterThan(0);
  await queue.close();
  await vi.waitFor(async () => expect(await otherClients(redis.url)).toBe(0));
});

it('keeps waiting jobs in Redis for the next process after close()', async () => {
  const prefix = `test-${randomUUID()}`;
  const first = new BullMqQueue(redis.url, prefix);
  await first.add('durable', { orderId: 'o-7' }, { jobId: 'notify-o-7' });
  await first.close();

  const second = new BullMqQueue(redis.url, prefix);
  const seen: unknown[] = [];
  second.process('durable', async (job) => void seen.push(job.data));
  await second.drained('durable');
  await second.close();
  expect(seen).toEqual([{ orderId: 'o-7' }]);
});
