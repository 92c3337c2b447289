import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { otherClients, startRedis, type RedisServer } from '../testing/redis.ts';
import { busContract, sharedBusContract } from './contract.ts';
import { RedisBus } from './redis.ts';

let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  await redis?.stop();
});

// A fresh prefix per test keeps tests apart on the one server.
busContract('RedisBus', async () => {
  const bus = new RedisBus(redis.url, `test-${randomUUID()}`);
  return { bus, cleanup: () => bus.close() };
});

sharedBusContract('RedisBus', (deployment) => new RedisBus(redis.url, `test-${deployment}`));

it('closes both of its Redis connections', async () => {
  const bus = new RedisBus(redis.url, `test-${randomUUID()}`);
  await bus.subscribe('changes', () => {});
  await bus.publish('changes', 'x');
  expect(await otherClients(redis.url)).toBe(2);
  await bus.close();
  await vi.waitFor(async () => expect(await otherClients(redis.url)).toBe(0));
});
