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

/** Short locks and stalled checks so the crash and shared-storage cases finish in a second or two. */
const OPTIONS = { lockDuration: 500, stalledInterval: 250 };

// A fresh key prefix per test keeps tests apart on the one server; the prefix is the storage.
queueContract('BullMqQueue', {
  async open(storage = `test-${randomUUID()}`) {
    const queue = new BullMqQueue(redis.url, storage, OPTIONS);
    return { queue, storage, cleanup: () => queue.close() };
  },
  fixtureArgs: (prefix) => ['bullmq', prefix, JSON.stringify({ redisUrl: redis.url, ...OPTIONS })],
  leaseMs: OPTIONS.lockDuration,
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
