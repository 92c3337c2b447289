/**
 * `npm run bench:api`: load against a real server on the embedded stack with demo data,
 * beside bare node:http and bare Hono hello-worlds measured in the same run (client and
 * server share the machine's cores, so compare ratios, not absolutes).
 *
 * Prints req/s and p99 for product list, product detail and add to cart (autocannon), the
 * order-placement rate and latency percentiles (a closed loop of buyers, each adding to its
 * cart and placing an order), SSE delivery latency after a command, and the server's peak RSS.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ORDER_BUYERS = Number(process.env.BENCH_BUYERS ?? 32);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function cannon(name: string, options: autocannon.Options): Promise<Result> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors };
}

async function helloWorlds(): Promise<Result[]> {
  const body = JSON.stringify({ hello: 'world' });
  const bare = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  const barePort = await freePort();
  await new Promise<void>((resolve) => bare.listen(barePort, '127.0.0.1', resolve));
  const nodeResult = await cannon('node:http hello-world', { url: `http://127.0.0.1:${barePort}/` });
  bare.close();

  const honoPort = await freePort();
  const hono = serve({ fetch: new Hono().get('/', (c) => c.json({ hello: 'world' })).fetch, port: honoPort, hostname: '127.0.0.1' });
  const honoResult = await cannon('Hono hello-world', { url: `http://127.0.0.1:${honoPort}/` });
  hono.close();
  return [nodeResult, honoResult];
}

async function startServer(): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-bench-api-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', 'all'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, DEMO_DATA: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health?.ok) {
      const body = (await health.json()) as { projections: Record<string, { lag: number }> };
      if (Object.values(body.projections).every((p) => p.lag === 0)) return { url, child, dir };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not become healthy');
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

class Session {
  cookie = '';
  constructor(private readonly url: string) {}

  async call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: this.url, cookie: this.cookie, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    return { status: response.status, body: (await response.json().catch(() => null)) as T };
  }
}

async function signUp(url: string, role: 'buyer' | 'seller', n: number): Promise<Session> {
  const session = new Session(url);
  const reply = await session.call('POST', '/api/auth/signup', { fullName: `Bench ${role} ${n}`, email: `bench-${role}-${n}-${Date.now()}@mibi.test`, password: 'bench-pass', role });
  if (reply.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(reply.body)}`);
  return session;
}

const address = { firstName: 'Asha', lastName: 'Rao', phone: '9876543210', address: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A closed loop of buyers: each adds a unit to its cart and places an order, again and again. */
async function placeOrders(url: string, productIds: string[]): Promise<Result & { p95: number }> {
  const buyers = await Promise.all(Array.from({ length: ORDER_BUYERS }, (_, i) => signUp(url, 'buyer', i)));
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    buyers.map(async (buyer, b) => {
      while (next++ < ORDERS) {
        const productId = productIds[(b + next) % productIds.length]!;
        await buyer.call('POST', '/api/cart/items', { productId, quantity: 1 });
        const t0 = performance.now();
        const reply = await buyer.call('POST', '/api/orders', { shippingAddress: address, delivery: 'standard', payment: 'cod' });
        latencies.push(performance.now() - t0);
        if (reply.status !== 201) errors++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  // Each loop also adds to the cart: the placement rate counts orders per second of the whole loop.
  return { name: 'place order (with its add to cart)', rps: Math.round(latencies.length / seconds), p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), errors };
}

/** Time from sending a price change until every watching browser gets it over SSE. */
async function sseLatency(url: string, seller: Session, productId: string): Promise<{ p50: number; p95: number; samples: number }> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/live`, { signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let waiting: ((at: number) => void) | undefined;
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      if (buffer.includes(productId) && buffer.includes('product.changed')) {
        buffer = '';
        waiting?.(performance.now());
      }
    }
  })();
  const samples: number[] = [];
  for (let i = 0; i < 100; i++) {
    const delivered = new Promise<number>((resolve) => (waiting = resolve));
    const t0 = performance.now();
    await seller.call('PATCH', `/api/seller/products/${productId}`, { pricePaise: 100_000 + i });
    samples.push((await delivered) - t0);
  }
  controller.abort();
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), samples: samples.length };
}

async function main(): Promise<void> {
  console.log(`bench:api · ${DURATION_S}s per run, ${CONNECTIONS} connections, ${ORDERS} orders by ${ORDER_BUYERS} buyers\n`);
  const baselines = await helloWorlds();
  const { url, child, dir } = await startServer();
  let peakRss = rssMiB(child.pid!);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMiB(child.pid!))), 100);
  try {
    const list = (await (await fetch(`${url}/api/products`)).json()) as { items: Array<{ id: string }>; total: number };
    const product = list.items[0]!.id;

    const seller = await signUp(url, 'seller', 0);
    const stocked: string[] = [];
    for (let i = 0; i < 8; i++) {
      const created = await seller.call<{ id: string }>('POST', '/api/seller/products', {
        name: `Bench product ${i}`,
        description: 'A product with deep stock for the order benchmark.',
        pricePaise: 49_900 + i * 100,
        stockQuantity: 1_000_000,
        categoryId: 'handicrafts',
        tags: ['bench'],
      });
      stocked.push(created.body.id);
    }
    const buyer = await signUp(url, 'buyer', 999);

    const results: Result[] = [...baselines];
    results.push(await cannon(`product list (${list.total} products)`, { url: `${url}/api/products` }));
    results.push(await cannon('product detail', { url: `${url}/api/products/${product}` }));
    results.push(
      await cannon('add to cart', {
        url: `${url}/api/cart/items`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: buyer.cookie, origin: url },
        body: JSON.stringify({ productId: stocked[0], quantity: 1 }),
      }),
    );
    const orders = await placeOrders(url, stocked);
    results.push(orders);
    const sse = await sseLatency(url, seller, stocked[0]!);

    const node = baselines[0]!.rps;
    console.log('| endpoint | req/s | p50 ms | p99 ms | errors | vs node:http |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of results) console.log(`| ${r.name} | ${r.rps} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${(r.rps / node).toFixed(2)} |`);
    console.log(`\norder placement: ${orders.rps} orders/s, p50 ${orders.p50.toFixed(1)} ms, p95 ${orders.p95.toFixed(1)} ms, p99 ${orders.p99.toFixed(1)} ms`);
    console.log(`SSE delivery after a command: p50 ${sse.p50.toFixed(1)} ms, p95 ${sse.p95.toFixed(1)} ms (${sse.samples} changes)`);
    console.log(`server peak RSS under load: ${peakRss} MiB`);
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
