/**
 * Effects outside the log happen exactly once across crashes, restarts and a lost queue: the
 * real server process is stopped (SIGKILL, SIGTERM) while buyers place orders, or its Redis
 * restarts empty, and afterwards every order acknowledged before has exactly one in-app
 * notification and one e-mail for each of its sellers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../platform/testing/redis.ts';
import { expectEachNotifiedOnce, marketplace, ordersThen } from './load.fixtures.ts';
import { crashableServers } from './crash.fixtures.ts';

const servers = crashableServers();

describe('effects exactly once (embedded stack)', () => {
  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    it(`notifies every seller of every acknowledged order once after a ${signal} mid-load`, async () => {
      const dir = servers.dataDir('effects');
      const server = await servers.serve(dir);
      const market = await marketplace(server.base, dir);
      const orders = await ordersThen(market, 40, async () => {
        server.child.kill(signal);
        const code = await server.exited;
        if (signal === 'SIGTERM') expect(code).toBe(0);
      });
      expect(orders.length).toBeGreaterThanOrEqual(40);

      const second = await servers.serve(dir);
      await expectEachNotifiedOnce(dir, market, second.base, orders);
    }, 180_000);
  }
});

describe('effects exactly once (BullMQ)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  it('notifies every seller of every acknowledged order once after Redis restarts empty under load', async () => {
    const dir = servers.dataDir('effects');
    const { base } = await servers.serve(dir, { REDIS_URL: redis.url });
    const market = await marketplace(base, dir);
    const orders = await ordersThen(market, 40, async () => {
      await redis.shutdown();
      await redis.restart();
    });
    await expectEachNotifiedOnce(dir, market, base, orders);
  }, 180_000);
});
