/**
 * Effects outside the log happen exactly once across crashes, restarts and a lost queue: the
 * real server process is stopped (SIGKILL, SIGTERM) while buyers place orders, or its Redis
 * restarts empty, and afterwards every order acknowledged before has exactly one in-app
 * notification and one e-mail for each of its sellers.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../platform/testing/redis.ts';
import { expectEachNotifiedOnce, marketplace, ordersThen } from './load.fixtures.ts';
import { type StartedServer, removeDataDir, startServer } from './server.fixtures.ts';

const ENV = {
  ADMIN_EMAIL: 'admin@mibi.test',
  ADMIN_PASSWORD: 'admin-pass-1',
  AUTO_VERIFY: 'true',
  RECONCILE_EVERY_S: '1',
};

const dirs: string[] = [];
const servers: StartedServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of dirs.splice(0)) removeDataDir(dir);
});

async function serve(dir: string, env: Record<string, string> = {}): Promise<string> {
  const server = startServer(dir, { ...ENV, ...env });
  servers.push(server);
  return server.url();
}

describe('effects exactly once (embedded stack)', () => {
  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    it(`notifies every seller of every acknowledged order once after a ${signal} mid-load`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mibi-effects-'));
      dirs.push(dir);
      const first = await serve(dir);
      const market = await marketplace(first, dir);
      const server = servers.at(-1)!;
      const orders = await ordersThen(market, 40, async () => {
        server.child.kill(signal);
        const code = await server.exited;
        if (signal === 'SIGTERM') expect(code).toBe(0);
      });
      expect(orders.length).toBeGreaterThanOrEqual(40);

      const second = await serve(dir);
      await expectEachNotifiedOnce(dir, market, second, orders);
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
    const dir = mkdtempSync(join(tmpdir(), 'mibi-effects-'));
    dirs.push(dir);
    const base = await serve(dir, { REDIS_URL: redis.url });
    const market = await marketplace(base, dir);
    const orders = await ordersThen(market, 40, async () => {
      await redis.shutdown();
      await redis.restart();
    });
    await expectEachNotifiedOnce(dir, market, base, orders);
  }, 180_000);
});
