/**
 * The at-scale topology, run for real: two API, two projections and two workers processes on
 * PostgreSQL + Redis + an S3 server (s3rver). Orders, cart changes and product edits go through
 * both APIs; the projections and workers processes holding the leases are SIGKILLed mid-way.
 * Then: the standbys took over within the documented time, the read models equal a clean
 * rebuild, sales are counted once, every seller is notified exactly once, an SSE client of one
 * API saw a change made through the other, and sign-in throttling is shared by the APIs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../platform/testing/postgres.ts';
import { type RedisServer, startRedis } from '../platform/testing/redis.ts';
import { adminCookie } from './admin.fixtures.ts';
import { type Marketplace, User, expectEachNotifiedOnce, marketplace, ordersThen } from './load.fixtures.ts';
import { type StartedServer, removeDataDir, startServer } from './server.fixtures.ts';

/** The documented takeover time (README, "Running at scale"), with room for a loaded CI machine. */
const TAKEOVER_MS = 10_000;
const SLACK_MS = 5_000;

interface Health {
  status: string;
  projections: Record<
    string,
    { lag: number; stalled: boolean; lease: { name: string; owner: string; epoch: number; expiresAt: string } | null }
  >;
}

let postgres: PostgresServer;
let redis: RedisServer;
let s3: S3rver;
let dir: string;
const processes: Record<string, StartedServer> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mibi-topology-'));
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: join(dir, 's3'), silent: true });
  const { port } = await s3.run();
  const env = {
    POSTGRES_URL: postgres.url,
    REDIS_URL: redis.url,
    S3_BUCKET: 'mibi-media',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    ADMIN_EMAIL: 'admin@mibi.test',
    ADMIN_PASSWORD: 'admin-pass-1',
    AUTO_VERIFY: 'true',
    RECONCILE_EVERY_S: '2',
  };
  // The first API builds the SPA when it is missing; the others start once it has.
  processes.api1 = startServer(dir, env, 'api');
  await processes.api1.url();
  for (const name of ['api2', 'projections1', 'projections2', 'workers1', 'workers2']) {
    processes[name] = startServer(dir, env, name.replace(/\d$/, ''));
  }
  await Promise.all(Object.values(processes).map((p) => p.ready()));
}, 180_000);

afterAll(async () => {
  for (const p of Object.values(processes)) p.child.kill('SIGKILL');
  await Promise.all(Object.values(processes).map((p) => p.exited));
  await s3?.close();
  await Promise.all([postgres?.stop(), redis?.stop()]);
  removeDataDir(dir);
});

/** The admin's session, taken through the first API (the first sign-in enrols); both APIs share the sessions. */
let admin: Promise<string> | undefined;
const health = async (base: string): Promise<Health> => {
  admin ??= processes.api1!.url().then((api1) => adminCookie(api1, 'admin@mibi.test', 'admin-pass-1'));
  return (await fetch(`${base}/api/health`, { headers: { cookie: await admin } })).json() as Promise<Health>;
};

/** The started process whose pid is in a lease owner (host:pid:random). */
function holderOf(owner: string): string {
  const pid = Number(owner.split(':')[1]);
  const name = Object.keys(processes).find((key) => processes[key]!.child.pid === pid);
  if (!name) throw new Error(`no started process holds ${owner}`);
  return name;
}

/** SIGKILLs the holder of `lease` (as the read model `projection` reports it) and measures how long until another holds it. */
async function killHolderAndTime(base: string, projection: string): Promise<{ killed: string; takeoverMs: number }> {
  const before = (await health(base)).projections[projection]!.lease!;
  const killed = holderOf(before.owner);
  processes[killed]!.child.kill('SIGKILL');
  await processes[killed]!.exited;
  const started = Date.now();
  for (;;) {
    const lease = (await health(base)).projections[projection]!.lease;
    if (lease && lease.owner !== before.owner && lease.epoch > before.epoch && Date.parse(lease.expiresAt) > Date.now())
      break;
    if (Date.now() - started > TAKEOVER_MS + SLACK_MS)
      throw new Error(`no takeover of ${before.name} after ${Date.now() - started} ms`);
    await sleep(100);
  }
  return { killed, takeoverMs: Date.now() - started };
}

/** Reads `/api/live` of `base` in the background, keeping the text received. */
function listen(base: string, user: User) {
  const controller = new AbortController();
  let text = '';
  void fetch(`${base}/api/live`, { headers: { cookie: user.cookie }, signal: controller.signal })
    .then(async (reply) => {
      for await (const chunk of reply.body!) text += Buffer.from(chunk).toString();
    })
    .catch(() => {});
  return { received: () => text, stop: () => controller.abort() };
}

async function caughtUp(base: string): Promise<Health> {
  for (let waited = 0; ; waited += 250) {
    const now = await health(base);
    if (Object.values(now.projections).every((p) => p.lag === 0)) return now;
    if (waited > 60_000) throw new Error(`projections still lag: ${JSON.stringify(now.projections)}`);
    await sleep(250);
  }
}

describe('the at-scale topology on PostgreSQL + Redis + S3', () => {
  it('every process answers its health probes on its port, the queue and bus on Redis among the checks', async () => {
    for (const started of Object.values(processes)) {
      const url = await started.url();
      expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
      await expect
        .poll(async () => (await fetch(`${url}/api/health/ready`)).json(), { timeout: 20_000 })
        .toEqual({
          status: 'ready',
          checks: { events: 'ok', read: 'ok', queue: 'ok', bus: 'ok', leases: 'ok', projections: 'ok' },
        });
    }
  });

  it('survives losing its lease holders mid-load with every read model and effect exact', async () => {
    const [api1, api2] = [await processes.api1!.url(), await processes.api2!.url()];
    const market: Marketplace = await marketplace(api1, dir);
    // Half the buyers order through the second API.
    market.buyers = market.buyers.map((buyer, i) => (i % 2 ? buyer.at(api2) : buyer));

    // A change made through API 1 reaches an SSE client of API 2.
    const live = listen(api2, market.buyers[1]!);
    await sleep(500);
    const [seller] = market.sellers;
    const edited = await seller!.send('PATCH', `/api/seller/products/${market.products[0]}`, { pricePaise: 12_345 });
    expect(edited.status).toBe(200);
    await expect
      .poll(() => live.received(), { timeout: 10_000 })
      .toMatch(/event: product\.changed\ndata: .*"pricePaise":12345/);

    let takeovers: Array<{ killed: string; takeoverMs: number }> = [];
    const orders = await ordersThen(market, 30, async () => {
      takeovers = await Promise.all([
        killHolderAndTime(api1, 'catalog'),
        killHolderAndTime(api1, 'reactor:notify-seller'),
      ]);
    });
    live.stop();
    expect(orders.length).toBeGreaterThanOrEqual(30);
    expect(takeovers.map((t) => t.killed).sort()).toEqual([
      expect.stringMatching(/^projections/),
      expect.stringMatching(/^workers/),
    ]);
    for (const { takeoverMs } of takeovers) expect(takeoverMs).toBeLessThanOrEqual(TAKEOVER_MS + SLACK_MS);

    const settled = await caughtUp(api2);
    expect(settled.status).toBe('ok');

    // Every seller notified exactly once, by the surviving workers.
    await expectEachNotifiedOnce(dir, market, api1, orders);

    // Sales counted once: each order holds one unit of each seller's product.
    for (const s of market.sellers) {
      const sales = await s.at(api2).send('GET', '/api/analytics/seller');
      expect(sales.body.totals).toMatchObject({ orders: orders.length, units: orders.length });
    }

    // The read models equal a clean rebuild from the log.
    const compare = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/mibi.ts', 'rebuild', '--all', '--compare'],
      {
        env: { ...process.env, POSTGRES_URL: postgres.url, DATA_DIR: dir },
        encoding: 'utf8',
      },
    );
    expect(compare.stderr + compare.stdout).not.toMatch(/differ/i);
    expect(compare.status).toBe(0);

    // Sign-in throttling is shared: failures through API 1 lock the e-mail on API 2.
    const email = (await seller!.at(api1).send('GET', '/api/auth/me')).body.user.email as string;
    for (let i = 0; i < 5; i++) {
      const wrong = await fetch(`${api1}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong-password' }),
      });
      expect(wrong.status).toBe(401);
    }
    const locked = await fetch(`${api2}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-pass' }),
    });
    expect(locked.status).toBe(429);
  }, 300_000);
});
