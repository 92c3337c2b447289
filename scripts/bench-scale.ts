/**
 * `npm run bench:scale`: the at-scale topology (2 API processes, 1 projections, 1 workers on
 * PostgreSQL + Redis) beside the embedded default (`npm start`'s single process on SQLite),
 * both measured in the same run, one after the other, with the same load.
 *
 * For each stack: the product list (`GET /api/products?limit=24`) under autocannon, the
 * connections split over the API processes (one autocannon per API at once, req/s summed);
 * then BENCH_ORDERS orders by BENCH_BUYERS buyers in a closed loop (each adds a unit to its
 * cart and places the order; buyers split over the APIs), timed per whole loop. Each load is
 * first run briefly and not counted (BENCH_WARMUP_SECONDS of list, two orders per buyer), the
 * processes being freshly started. Prints one table with both stacks and the ratio, and where
 * the CPU went (each process's CPU time from /proc). The load generator shares the machine's
 * cores with every server process, so compare ratios from one run, not absolutes.
 *
 * Env overrides: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ORDERS, BENCH_BUYERS,
 * BENCH_WARMUP_SECONDS (0: none), BENCH_PG_SYNCHRONOUS_COMMIT.
 *
 * PostgreSQL is a throwaway cluster (platform/testing/postgres.ts) run here with durable
 * settings: fsync and full-page writes on, and synchronous_commit off by default, which is what
 * the embedded SQLite does (WAL with synchronous=NORMAL: crash-safe, but the last commits before
 * a power cut may be lost). BENCH_PG_SYNCHRONOUS_COMMIT=on flushes every commit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPostgres } from '../platform/testing/postgres.ts';
import { startRedis } from '../platform/testing/redis.ts';
import {
  type CannonResult,
  caughtUp,
  cannon,
  closedLoop,
  cpuSeconds,
  type LoopResult,
  machineBusySeconds,
  processesMatching,
  withChildren,
} from './bench.fixtures.ts';
import { User, marketplace } from './load.fixtures.ts';
import { type StartedServer, buildServer, startServer } from './server.fixtures.ts';
import { recordFigures } from './bench-results.ts';
import { PUNE_ADDRESS } from '../domain/order/addresses.fixtures.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 32);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);
/** Both stacks are freshly started: a short run of each load first, not counted, so neither is measured while still compiling. */
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** Products the orders go round (each its own stock stream), as in bench:api. */
const PRODUCTS = 8;
const PG_SETTINGS = {
  fsync: 'on',
  full_page_writes: 'on',
  synchronous_commit: process.env.BENCH_PG_SYNCHRONOUS_COMMIT ?? 'off',
};
const LIST_PATH = '/api/products?limit=24';

/** Every adapter variable empty (empty counts as unset), so the caller's environment never changes a stack. */
const UNSET = {
  EVENTSTORE_URL: '',
  MONGO_URL: '',
  POSTGRES_URL: '',
  REDIS_URL: '',
  S3_BUCKET: '',
  S3_ENDPOINT: '',
  SMTP_URL: '',
};

interface Stack {
  name: string;
  /** Base URLs of its API processes. */
  apis: string[];
  /** The DATA_DIR they share (its mailbox has the sellers' verification links). */
  dir: string;
  /** Its processes by role, listed at each reading (PostgreSQL's backends come and go). */
  processes(): Record<string, number[]>;
  stop(): Promise<void>;
}

/** CPU seconds used while a load ran: by each role of the stack, by this process (the load generator), and by the whole machine (other work on it included). */
interface CpuUse {
  byRole: Record<string, number>;
  /** The stack's processes and the load generator. */
  ours: number;
  machine: number;
  wallSeconds: number;
}

async function withCpu<T>(stack: Stack, load: () => Promise<T>): Promise<{ result: T; cpu: CpuUse }> {
  const read = () => {
    const roles = stack.processes();
    const byPid = new Map(
      Object.values(roles)
        .flat()
        .map((pid) => [pid, cpuSeconds(pid)] as const),
    );
    const self = process.cpuUsage();
    return {
      roles,
      byPid,
      self: (self.user + self.system) / 1e6,
      machine: machineBusySeconds(),
      at: performance.now(),
    };
  };
  const before = read();
  const result = await load();
  const after = read();
  // A process gone meanwhile is not counted; one started meanwhile counts from its start.
  const byRole = Object.fromEntries(
    Object.entries(after.roles).map(([role, pids]) => [
      role,
      pids.reduce((sum, pid) => sum + (after.byPid.get(pid) ?? 0) - (before.byPid.get(pid) ?? 0), 0),
    ]),
  );
  byRole['load generator'] = after.self - before.self;
  const ours = Object.values(byRole).reduce((sum, v) => sum + v, 0);
  return {
    result,
    cpu: { byRole, ours, machine: after.machine - before.machine, wallSeconds: (after.at - before.at) / 1000 },
  };
}

interface Figures {
  list: CannonResult;
  listCpu: CpuUse;
  orderCpu: CpuUse;
  /** Each API's share of the product-list load. */
  perApi: CannonResult[];
  products: number;
  orders: LoopResult;
  /** Seconds from the last order's answer until every projection and reactor had caught up. */
  settleSeconds: number;
}

/** Stops the processes (SIGTERM, then SIGKILL after 10 s), newest first, then runs `after`. */
async function stopAll(processes: StartedServer[], after: () => Promise<void>): Promise<void> {
  for (const p of processes.reverse()) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
    p.child.kill('SIGTERM');
    const killer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
    await p.exited;
    clearTimeout(killer);
  }
  await after();
}

async function embedded(): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-bench-scale-embedded-'));
  const server = startServer(dir, { ...UNSET, DEMO_DATA: 'true' }, 'all', 'compiled');
  const stop = () => stopAll([server], async () => rmSync(dir, { recursive: true, force: true }));
  try {
    return {
      name: 'embedded',
      dir,
      apis: [await server.url()],
      processes: () => ({ 'the MIBI process': [server.child.pid!] }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** PostgreSQL + Redis, the projections and the workers, then the first API (it seeds the demo data), then the second. */
async function atScale(): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-bench-scale-'));
  const [postgres, redis] = await Promise.all([startPostgres({ settings: PG_SETTINGS }), startRedis()]);
  const env = { ...UNSET, POSTGRES_URL: postgres.url, REDIS_URL: redis.url, AUTO_VERIFY: 'true' };
  const processes: StartedServer[] = [];
  const stop = () =>
    stopAll(processes, async () => {
      await Promise.all([postgres.stop(), redis.stop()]);
      rmSync(dir, { recursive: true, force: true });
    });
  try {
    // The seed waits for the projections between its steps (a review needs the purchase in the read models).
    const [projections, workers] = [
      startServer(dir, env, 'projections', 'compiled'),
      startServer(dir, env, 'workers', 'compiled'),
    ];
    processes.push(projections, workers);
    await Promise.all(processes.map((p) => p.ready()));
    const first = startServer(dir, { ...env, DEMO_DATA: 'true' }, 'api', 'compiled');
    processes.push(first);
    const api1 = await first.url();
    const second = startServer(dir, env, 'api', 'compiled');
    processes.push(second);
    const apis = [api1, await second.url()];
    const [postmaster] = processesMatching(
      (command) => /\/postgres /.test(command) && command.includes(` -p ${postgres.port} `),
    );
    const redisServer = processesMatching(
      (command) => command.startsWith('redis-server') && command.includes(`:${redis.port}`),
    );
    if (postmaster === undefined || redisServer.length === 0)
      throw new Error('PostgreSQL or Redis server process not found in /proc');
    const pidOf = (p: StartedServer) => p.child.pid!;
    const roles = () => ({
      'API processes': [first, second].map(pidOf),
      projections: [pidOf(projections)],
      workers: [pidOf(workers)],
      PostgreSQL: withChildren(postmaster),
      Redis: redisServer,
    });
    return { name: 'at scale', dir, apis, processes: roles, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One autocannon per API at once, the connections split between them: req/s and errors summed, the worse p50 and p99. */
async function productList(apis: string[], duration: number): Promise<{ list: CannonResult; perApi: CannonResult[] }> {
  const connections = Math.max(1, Math.round(CONNECTIONS / apis.length));
  const perApi = await Promise.all(
    apis.map((api, i) => cannon(`API ${i + 1}`, { url: `${api}${LIST_PATH}`, connections, duration })),
  );
  const sum = (key: 'rps' | 'errors' | 'ok') => perApi.reduce((total, r) => total + r[key], 0);
  const worst = (key: 'p50' | 'p99') => Math.max(...perApi.map((r) => r[key]));
  return {
    list: {
      name: 'product list',
      rps: sum('rps'),
      p50: worst('p50'),
      p99: worst('p99'),
      errors: sum('errors'),
      ok: sum('ok'),
    },
    perApi,
  };
}

/** Until every API lists the same products (an API's catalog follows the read store through change notices); answers that count. */
async function sameCatalog(apis: string[]): Promise<number> {
  for (let waited = 0; ; waited += 200) {
    const totals = await Promise.all(
      apis.map(async (api) => ((await (await fetch(`${api}${LIST_PATH}`)).json()) as { total: number }).total),
    );
    if (totals.every((t) => t === totals[0])) return totals[0]!;
    if (waited > 20_000) throw new Error(`the APIs list different catalogs: ${totals.join(', ')} products`);
    await sleep(200);
  }
}

async function measure(stack: Stack): Promise<Figures> {
  const [first] = stack.apis as [string];
  await caughtUp(first, 120_000); // the demo seed

  // Two sellers with a product each and 8 buyers (load.fixtures), then products and buyers up to PRODUCTS and BUYERS.
  const market = await marketplace(first, stack.dir);
  for (let i = market.products.length; i < PRODUCTS; i++) {
    const seller = market.sellers[i % market.sellers.length]!;
    const listed = await seller.send('POST', '/api/seller/products', {
      name: `Bench product ${i}`,
      description: 'Deep stock for the order loop of the benchmark.',
      pricePaise: 49_900 + i * 100,
      stockQuantity: 1_000_000,
      categoryId: 'handicrafts',
      imageUrl: null,
      tags: ['bench'],
    });
    if (listed.status !== 201) throw new Error(`listing: ${listed.status} ${JSON.stringify(listed.body)}`);
    market.products.push(listed.body.id);
  }
  const extra = await Promise.all(
    Array.from({ length: Math.max(0, BUYERS - market.buyers.length) }, (_, i) =>
      User.signUp(first, 'buyer', `Bench Buyer ${i}`),
    ),
  );
  // Buyers take turns over the APIs: half of them order through the second one at scale.
  const buyers = [...market.buyers, ...extra]
    .slice(0, BUYERS)
    .map((buyer, i) => buyer.at(stack.apis[i % stack.apis.length]!));
  await caughtUp(first);
  const products = await sameCatalog(stack.apis);

  if (WARMUP_S > 0) await productList(stack.apis, WARMUP_S);
  const {
    result: { list, perApi },
    cpu: listCpu,
  } = await withCpu(stack, () => productList(stack.apis, DURATION_S));
  await caughtUp(first);

  const order = async (buyer: User, n: number): Promise<true | string> => {
    const added = await buyer.send('POST', '/api/cart/items', {
      productId: market.products[n % market.products.length],
      quantity: 1,
    });
    if (added.status !== 200) return `add to cart ${added.status} ${added.body?.error?.code ?? ''}`.trim();
    const placed = await buyer.send('POST', '/api/orders', {
      shippingAddress: PUNE_ADDRESS,
      delivery: 'standard',
      payment: 'cod',
    });
    return placed.status === 201 || `place order ${placed.status} ${placed.body?.error?.code ?? ''}`.trim();
  };
  if (WARMUP_S > 0) {
    await closedLoop(buyers, buyers.length * 2, order); // two orders each
    await caughtUp(first, 120_000);
  }
  const { result: orders, cpu: orderCpu } = await withCpu(stack, () => closedLoop(buyers, ORDERS, order));
  const settling = performance.now();
  await caughtUp(first, 120_000);
  return { list, listCpu, perApi, products, orders, orderCpu, settleSeconds: (performance.now() - settling) / 1000 };
}

async function run(start: () => Promise<Stack>): Promise<Figures> {
  const started = performance.now();
  const stack = await start();
  console.log(
    `${stack.name}: ${stack.apis.length} API process(es) up in ${((performance.now() - started) / 1000).toFixed(1)} s, measuring...`,
  );
  try {
    return await measure(stack);
  } finally {
    await stack.stop();
  }
}

function printTable(embeddedFigures: Figures, scaled: Figures): void {
  const ms = (v: number) => v.toFixed(1);
  const count = (v: number) => Math.round(v).toLocaleString('en-US');
  const rows: Array<[string, (f: Figures) => number, (v: number) => string, boolean]> = [
    [`product list (${LIST_PATH}) req/s`, (f) => f.list.rps, count, true],
    ['product list p99 ms', (f) => f.list.p99, ms, true],
    ['product list errors', (f) => f.list.errors, count, false],
    ['orders/s (successful, add to cart + place order)', (f) => f.orders.perSecond, count, true],
    ['order loop p50 ms', (f) => f.orders.p50, ms, true],
    ['order loop p99 ms', (f) => f.orders.p99, ms, true],
    ['order errors', (f) => f.orders.errors, count, false],
    [
      'CPU per order, ms (every process of the stack + load generator)',
      (f) => (f.orderCpu.ours * 1000) / (f.orders.ok || 1),
      ms,
      true,
    ],
    ['CPU per product-list request, µs (the same)', (f) => (f.listCpu.ours * 1e6) / (f.list.ok || 1), count, true],
    ['projections caught up after the last order, s', (f) => f.settleSeconds, ms, false],
  ];
  console.log(
    '\n| measure | embedded (1 process, SQLite) | at scale (2 API + projections + workers, PostgreSQL + Redis) | at scale / embedded |',
  );
  console.log('|---|---:|---:|---:|');
  for (const [name, value, format, ratio] of rows) {
    const [a, b] = [value(embeddedFigures), value(scaled)];
    console.log(`| ${name} | ${format(a)} | ${format(b)} | ${ratio && a > 0 ? (b / a).toFixed(2) : ''} |`);
  }
  recordFigures(
    'scale',
    rows.map(([name, value, format]) => ({
      name: `at scale: ${name}`,
      measured: format(value(scaled)),
      baseline: `embedded ${format(value(embeddedFigures))}`,
      target: '',
      met: null,
    })),
  );
  console.log(
    `\nat scale, product list per API: ${scaled.perApi.map((r) => `${r.name} ${count(r.rps)} req/s, p99 ${ms(r.p99)} ms`).join('; ')}`,
  );
  for (const [name, f] of [
    ['embedded', embeddedFigures],
    ['at scale', scaled],
  ] as const) {
    const reasons = Object.entries(f.orders.failures).map(([why, n]) => `${n} × ${why}`);
    console.log(
      `${name}: ${count(f.orders.ok)} of ${count(ORDERS)} orders placed in ${f.orders.seconds.toFixed(1)} s (p95 ${ms(f.orders.p95)} ms)${reasons.length ? `; failed: ${reasons.join(', ')}` : ''}; ${f.products} products listed`,
    );
  }
  const cores = availableParallelism();
  const split = (cpu: CpuUse, per: number, unit: number) =>
    Object.entries(cpu.byRole)
      .map(([role, seconds]) => `${role} ${((seconds * unit) / (per || 1)).toFixed(unit === 1000 ? 2 : 0)}`)
      .join(', ');
  const busy = (cpu: CpuUse) =>
    `cores busy: ours ${(cpu.ours / cpu.wallSeconds).toFixed(2)}, whole machine ${(cpu.machine / cpu.wallSeconds).toFixed(2)} of ${cores}`;
  console.log('\nwhere the CPU went (the machine figure includes whatever else ran on it meanwhile):');
  for (const [name, f] of [
    ['embedded', embeddedFigures],
    ['at scale', scaled],
  ] as const) {
    console.log(`${name}, order loop, CPU ms per order: ${split(f.orderCpu, f.orders.ok, 1000)}; ${busy(f.orderCpu)}`);
    console.log(`${name}, product list, CPU µs per request: ${split(f.listCpu, f.list.ok, 1e6)}; ${busy(f.listCpu)}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(
    `bench:scale · product list ${DURATION_S} s with ${CONNECTIONS} connections (split over the APIs); ${ORDERS} orders by ${BUYERS} buyers in a closed loop (split over the APIs); ${WARMUP_S > 0 ? `each after a warm-up not counted (${WARMUP_S} s of list, 2 orders per buyer)` : 'no warm-up'}`,
  );
  console.log(
    `PostgreSQL: throwaway local cluster, fsync=${PG_SETTINGS.fsync}, full_page_writes=${PG_SETTINGS.full_page_writes}, synchronous_commit=${PG_SETTINGS.synchronous_commit} (SQLite runs WAL with synchronous=NORMAL); Redis: local, no persistence; images to files (no S3)`,
  );
  console.log('Every process (servers, PostgreSQL, Redis, load generator) shares this machine: compare the ratios.\n');
  buildServer();
  const embeddedFigures = await run(embedded);
  const scaled = await run(atScale);
  printTable(embeddedFigures, scaled);
  console.log(`\nrun took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

await main();
// autocannon and fetch keep-alive sockets may hold the loop open a little; the figures are out.
process.exit(0);
