/**
 * `npm run bench:soak`: SOAK_MINUTES (30) of mixed load against the compiled server on the
 * embedded stack with demo data, in a process of its own, to see that memory levels off and
 * latency holds. The load comes from this process: visitors browsing the product list and
 * details, buyers adding to their carts and placing orders, a seller editing prices and stock,
 * a client opening and leaving the live stream again and again; SOAK_SSE_CLIENTS event-stream
 * clients read every message from a third process. Every SOAK_SAMPLE_S (30) seconds a row: the
 * server's resident memory (its process tree) and CPU, the rate, the latency percentiles of the
 * requests of that interval, the errors. At the end, a table and a JSON report in
 * reports/bench-soak.json, and the verdict: memory levels off when the slope of the last
 * third's RSS (least squares) is at most SOAK_MAX_SLOPE (0.5 MiB a minute).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { caughtUp, cpuSeconds, percentile } from './bench.fixtures.ts';
import { Session, Watchers, signUp, startBenchServer, stockedProducts, treeRssMiB } from './bench-load.ts';
import { PUNE_ADDRESS } from '../domain/order/addresses.fixtures.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_S ?? 30);
const SSE_CLIENTS = Number(process.env.SOAK_SSE_CLIENTS ?? 100);
const MAX_SLOPE = Number(process.env.SOAK_MAX_SLOPE ?? 0.5);
/** Closed loops of each kind, and the pause each takes between rounds (a person's, shortened). */
const VISITORS = { loops: 12, pauseMs: 100 };
const BUYERS = { loops: 6, pauseMs: 250 };
const ORDERS_PER_BUYER = 500;
const SELLER = { loops: 2, pauseMs: 500 };
/** How long the churning live client stays on each stream. */
const LIVE_VISIT_MS = 3000;
const REPORT = 'reports/bench-soak.json';

type Kind = 'browse' | 'buy' | 'edit';
const KINDS: readonly Kind[] = ['browse', 'buy', 'edit'];

/** What the loops did since the last sample. */
class Interval {
  latencies: Record<Kind, number[]> = { browse: [], buy: [], edit: [] };
  errors = 0;
  liveVisits = 0;
}

interface Sample {
  /** Minutes since the load began. */
  minute: number;
  rssMiB: number;
  /** Share of one core the server's process used over the interval (1: a whole core). */
  serverCpu: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  p99By: Record<Kind, number>;
  errors: number;
  liveVisits: number;
  /** Product changes the fewest and the most of the SSE clients received so far, and how many the server cut off. */
  sse: { fewest: number; most: number; dropped: number };
}

let interval = new Interval();
const failures: string[] = [];

/** One request of a loop, timed under `kind`; anything but `expected` counts as an error. */
async function timed<T>(
  kind: Kind,
  expected: number,
  call: () => Promise<{ status: number; body: T }>,
): Promise<T | null> {
  const t0 = performance.now();
  try {
    const reply = await call();
    interval.latencies[kind].push(performance.now() - t0);
    if (reply.status === expected) return reply.body;
    interval.errors++;
    if (failures.length < 10) failures.push(`${kind}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
  } catch (error) {
    interval.errors++;
    if (failures.length < 10) failures.push(`${kind}: ${String(error)}`);
  }
  return null;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** Runs `round` again and again with `pauseMs` between, until `until.stop`. */
async function loop(until: { stop: boolean }, pauseMs: number, round: () => Promise<void>): Promise<void> {
  while (!until.stop) {
    await round();
    await sleep(pauseMs * (0.5 + Math.random()));
  }
}

/** A visitor: a page of the list somewhere in the catalog, then one of its products. */
async function browse(url: string, total: number): Promise<() => Promise<void>> {
  const visitor = new Session(url);
  const pages = Math.max(1, Math.ceil(total / 24));
  return async () => {
    const path = `/api/products?limit=24&offset=${Math.floor(Math.random() * pages) * 24}`;
    const list = await timed('browse', 200, () => visitor.call<{ items: Array<{ id: string }> }>('GET', path));
    if (list && list.items.length > 0)
      await timed('browse', 200, () => visitor.call('GET', `/api/products/${pick(list.items).id}`));
  };
}

/**
 * A buyer: one unit into the cart, the cart, the order placed, the orders. After
 * ORDERS_PER_BUYER orders a new buyer signs up in its place, as customers come and go (and
 * each stays under the per-user order limit, 600 an hour).
 */
async function buy(url: string, n: number, productIds: string[]): Promise<() => Promise<void>> {
  let buyer = await signUp(url, 'buyer', n);
  let placed = 0;
  let generation = 0;
  return async () => {
    if (placed >= ORDERS_PER_BUYER) {
      buyer.close();
      buyer = await signUp(url, 'buyer', n + 1000 * ++generation);
      placed = 0;
    }
    const productId = pick(productIds);
    if (!(await timed('buy', 200, () => buyer.call('POST', '/api/cart/items', { productId, quantity: 1 })))) return;
    await timed('buy', 200, () => buyer.call('GET', '/api/cart'));
    const order = { shippingAddress: PUNE_ADDRESS, delivery: 'standard', payment: 'cod' };
    if (await timed('buy', 201, () => buyer.call('POST', '/api/orders', order))) placed++;
    await timed('buy', 200, () => buyer.call('GET', '/api/orders'));
  };
}

/** The seller: a new price and a new stock for one of its products, then its product list. */
function edit(seller: Session, productIds: string[]): () => Promise<void> {
  let n = 0;
  return async () => {
    n++;
    const id = pick(productIds);
    await timed('edit', 200, () =>
      seller.call('PATCH', `/api/seller/products/${id}`, { pricePaise: 49_900 + (n % 500) }),
    );
    await timed('edit', 200, () =>
      seller.call('PUT', `/api/seller/products/${id}/stock`, { stockQuantity: 1_000_000 - n }),
    );
    await timed('edit', 200, () => seller.call('GET', '/api/seller/products'));
  };
}

/** A client that opens the live stream, reads it a while and leaves, as tabs come and go. */
function visitLive(url: string): () => Promise<void> {
  return async () => {
    const controller = new AbortController();
    try {
      const response = await fetch(`${url}/api/live`, { signal: controller.signal });
      const reader = response.body!.getReader();
      const leave = setTimeout(() => controller.abort(), LIVE_VISIT_MS);
      while (!(await reader.read().catch(() => ({ done: true }))).done);
      clearTimeout(leave);
      interval.liveVisits++;
    } catch (error) {
      interval.errors++;
      if (failures.length < 10) failures.push(`live: ${String(error)}`);
    }
  };
}

/** Least-squares slope of RSS over minutes, in MiB a minute. */
function slope(samples: readonly Sample[]): number {
  const n = samples.length;
  const mx = samples.reduce((sum, s) => sum + s.minute, 0) / n;
  const my = samples.reduce((sum, s) => sum + s.rssMiB, 0) / n;
  const sxy = samples.reduce((sum, s) => sum + (s.minute - mx) * (s.rssMiB - my), 0);
  const sxx = samples.reduce((sum, s) => sum + (s.minute - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

interface Verdict {
  levelsOff: boolean | null;
  /** RSS slope over the last third, MiB a minute. */
  lastThirdSlope: number | null;
  text: string;
}

function judge(samples: readonly Sample[]): Verdict {
  const last = samples.filter((s) => s.minute >= (MINUTES * 2) / 3);
  if (last.length < 3)
    return {
      levelsOff: null,
      lastThirdSlope: null,
      text: `too short to judge: ${last.length} samples in the last third`,
    };
  const lastThirdSlope = slope(last);
  const levelsOff = lastThirdSlope <= MAX_SLOPE;
  const text = `memory ${levelsOff ? 'levels off' : 'still grows'}: the last third's RSS slope is ${lastThirdSlope.toFixed(2)} MiB/min (at most ${MAX_SLOPE} to level off), from ${last[0]!.rssMiB} to ${last.at(-1)!.rssMiB} MiB`;
  return { levelsOff, lastThirdSlope, text };
}

const ms = (n: number) => n.toFixed(1);
const row = (s: Sample) =>
  `| ${s.minute.toFixed(1)} | ${s.rssMiB} | ${Math.round(s.serverCpu * 100)}% | ${Math.round(s.requestsPerSecond)} | ${ms(s.p50)} | ${ms(s.p99)} | ${KINDS.map((k) => ms(s.p99By[k])).join(' | ')} | ${s.errors} | ${s.liveVisits} | ${s.sse.fewest}–${s.sse.most}, ${s.sse.dropped} cut |`;
const HEADER = `| min | RSS MiB | server CPU | req/s | p50 ms | p99 ms | browse p99 | buy p99 | edit p99 | errors | live visits | SSE changes received, cut off |
|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|`;

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  console.log(
    `bench:soak · ${MINUTES} min, a row every ${SAMPLE_S} s · ${VISITORS.loops} visitors, ${BUYERS.loops} buyers, ${SELLER.loops} seller loops, ${SSE_CLIENTS} SSE clients, one live client coming and going\n`,
  );
  const { url, child, dir } = await startBenchServer('bench-soak');
  const pid = child.pid!;
  const until = { stop: false };
  let watchers: Watchers | undefined;
  try {
    const { total } = (await (await fetch(`${url}/api/products?limit=1`)).json()) as { total: number };
    const seller = await signUp(url, 'seller', 0, dir);
    const stocked = await stockedProducts(seller, 8);
    const rounds = [
      ...(await Promise.all(Array.from({ length: VISITORS.loops }, () => browse(url, total)))).map((r) => ({
        r,
        pause: VISITORS.pauseMs,
      })),
      ...(await Promise.all(Array.from({ length: BUYERS.loops }, (_, n) => buy(url, n, stocked)))).map((r) => ({
        r,
        pause: BUYERS.pauseMs,
      })),
      ...Array.from({ length: SELLER.loops }, () => ({ r: edit(seller, stocked), pause: SELLER.pauseMs })),
      { r: visitLive(url), pause: 500 },
    ];
    watchers = await Watchers.open(url, SSE_CLIENTS);
    await caughtUp(url, 60_000);

    const samples: Sample[] = [];
    const sampleNow = async (since: number, cpuBefore: number, began: number): Promise<Sample> => {
      const done = interval;
      interval = new Interval();
      const seconds = (performance.now() - since) / 1000;
      const all = KINDS.flatMap((k) => done.latencies[k]).sort((a, b) => a - b);
      const p99By = Object.fromEntries(
        KINDS.map((k) => [
          k,
          percentile(
            done.latencies[k].sort((a, b) => a - b),
            99,
          ),
        ]),
      ) as Record<Kind, number>;
      const { received, dropped } = await watchers!.counts();
      return {
        minute: (performance.now() - began) / 60_000,
        rssMiB: treeRssMiB(pid),
        serverCpu: (cpuSeconds(pid) - cpuBefore) / seconds,
        requestsPerSecond: all.length / seconds,
        p50: percentile(all, 50),
        p99: percentile(all, 99),
        p99By,
        errors: done.errors,
        liveVisits: done.liveVisits,
        sse: { fewest: Math.min(...received), most: Math.max(...received), dropped },
      };
    };

    console.log(`server before the load: ${treeRssMiB(pid)} MiB\n`);
    console.log(HEADER);
    const began = performance.now();
    interval = new Interval();
    const running = rounds.map(({ r, pause }) => loop(until, pause, r));
    const end = began + MINUTES * 60_000;
    while (performance.now() < end - 1) {
      const [since, cpu] = [performance.now(), cpuSeconds(pid)];
      await sleep(Math.min(SAMPLE_S * 1000, end - performance.now()));
      const sample = await sampleNow(since, cpu, began);
      samples.push(sample);
      console.log(row(sample));
    }
    until.stop = true;
    await Promise.all(running);

    const verdict = judge(samples);
    console.log(`\n${verdict.text}`);
    const thirds = [0, 1, 2].map((t) =>
      samples.filter((s) => s.minute > (MINUTES * t) / 3 && s.minute <= (MINUTES * (t + 1)) / 3 + 1e-9),
    );
    const meanOf = (list: Sample[], pick: (s: Sample) => number) =>
      list.length ? list.reduce((sum, s) => sum + pick(s), 0) / list.length : Number.NaN;
    console.log(
      `by thirds: RSS ${thirds.map((t) => meanOf(t, (s) => s.rssMiB).toFixed(0)).join(' → ')} MiB, p99 ${thirds.map((t) => meanOf(t, (s) => s.p99).toFixed(1)).join(' → ')} ms, req/s ${thirds.map((t) => meanOf(t, (s) => s.requestsPerSecond).toFixed(0)).join(' → ')} (means of the rows)`,
    );
    const errors = samples.reduce((sum, s) => sum + s.errors, 0);
    console.log(`errors: ${errors}`);
    for (const failure of failures) console.log(`  ${failure}`);

    mkdirSync('reports', { recursive: true });
    const report = {
      startedAt,
      minutes: MINUTES,
      sampleSeconds: SAMPLE_S,
      load: { visitors: VISITORS, buyers: BUYERS, seller: SELLER, sseClients: SSE_CLIENTS, liveVisitMs: LIVE_VISIT_MS },
      samples,
      verdict: { ...verdict, maxSlopeMiBPerMinute: MAX_SLOPE },
      errors,
      failures,
    };
    writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`report: ${REPORT}`);
    if (verdict.levelsOff === false) process.exitCode = 1;
  } finally {
    until.stop = true;
    await watchers?.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
