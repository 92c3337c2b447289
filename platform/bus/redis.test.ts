import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { otherClients, startRedis, type RedisServer } from '../testing/redis.ts';
import { busContract } from './contract.ts';
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

it('carries messages between instances that share a prefix, and only those', async () => {
  const prefix = `test-${randomUUID()}`;
  const projections = new RedisBus(redis.url, prefix);
  const api = new RedisBus(redis.url, prefix);
  const otherDeployment = new RedisBus(redis.url, `test-${randomUUID()}`);
  try {
    const atApi: unknown[] = [];
    const atOther: unknown[] = [];
    await api.subscribe('changes', (m) => void atApi.push(m));
    await otherDeployment.subscribe('changes', (m) => void atOther.push(m));
    await projections.publish('changes', { position: 1 });
    await otherDeployment.publish('changes', 'own');
    await vi.waitFor(() => expect(atApi).toEqual([{ position: 1 }]));
    await vi.waitFor(() => expect(atOther).toEqual(['own']));
  } finally {
    await Promise.all([projections.close(), api.close(), otherDeployment.close()]);
  }
});

it('closes both of its Redis connections', async () => {
  const bus = new RedisBus(redis.url, `test-${randomUUID()}`);
  await bus.subscribe('changes', () => {});
  await bus.publish('changes', 'x');
  expect(await otherClients(redis.url)).toBe(2);
  await bus.close();
  await vi.waitFor(async () => expect(await otherClients(redis.url)).toBe(0));
});
