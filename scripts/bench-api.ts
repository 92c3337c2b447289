/**
 * `npm run bench:api`: load against a real server on the embedded stack with demo data,
 * beside bare node:http and bare Hono hello-worlds measured in the same run, each server in a
 * process of its own and autocannon in this one (they share the machine's cores, so compare
 * ratios, not absolutes).
 *
 * Prints req/s and p99 for product list, product detail and add to cart (autocannon), the
 * order loops' rates and latency percentiles (a closed loop of buyers, each adding to its cart
 * and placing an order, timed as a whole, only placed orders counted: paid on delivery, then
 * paid online at the embedded test gateway's hosted page until the order reads Paid), SSE
 * delivery latency after a command, the live fan-out's tax on
 * commands (price edits and the product list with no event-stream client, then with
 * BENCH_SSE_CLIENTS of them reading every message, and the ratio, best of
 * BENCH_FAN_OUT_ROUNDS rounds), and the server's peak RSS.
 */
import { once } from 'node:events';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { caughtUp, cpuSeconds, percentile } from './bench.fixtures.ts';
import { type Figure, recordFigures } from './bench-results.ts';
import { payAtHostedPage } from './bench-checkout.ts';
import { Session, Watchers, signUp, startBenchServer, stockedProducts, treeRssMiB } from './bench-load.ts';
import { PUNE_ADDRESS } from '../domain/order/addresses.fixtures.ts';
import type { PaymentStart } from '../api/commands/payments.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ORDER_BUYERS = Number(process.env.BENCH_BUYERS ?? 32);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);
/** Loops of the online order loop: each is six requests and the gateway's work, against the cash on delivery loop's two. */
const ONLINE_ORDERS = Number(process.env.BENCH_ONLINE_ORDERS ?? 1000);
const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 200);
/** Rounds of the fan-out comparison: each round runs without and then with the SSE clients; the best of each counts, the others being noise of a shared machine. */
const FAN_OUT_ROUNDS = Number(process.env.BENCH_FAN_OUT_ROUNDS ?? 2);

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered 2xx. */
  ok?: number;
}

/**
 * autocannon appends every response body to a string, decoding it as UTF-8: on a 3.6 KB brotli
 * body that halves what it can ask of any server, bare node:http included. Bodies are not
 * checked here, so they are dropped, for every target alike (an autocannon internal).
 */
const dropBodies = (client: unknown) => {
  (client as { pipelinedRequests: { addBody: () => void } }).pipelinedRequests.addBody = () => {};
};

async function cannon(name: string, options: autocannon.Options, duration = DURATION_S): Promise<Result> {
  const result = await autocannon({ connections: CONNECTIONS, duration, setupClient: dropBodies, ...options });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    ok: result['2xx'],
  };
}

/** A baseline server (scripts/bench-baseline.mjs) in a process of its own: its URL, and a way to stop it. */
async function baseline(kind: 'node' | 'hono'): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['scripts/bench-baseline.mjs', kind], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  const stop = async () => {
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  return { url: `http://127.0.0.1:${Number(chunk.toString())}/`, stop };
}

/**
 * The ceilings: hello-worlds of bare node:http and of bare Hono, each served by a process of
 * its own as the server under test is, while autocannon runs here, in a third.
 */
async function helloWorlds(): Promise<Result[]> {
  const results: Result[] = [];
  for (const [kind, name] of [
    ['node', 'node:http hello-world'],
    ['hono', 'Hono hello-world'],
  ] as const) {
    const server = await baseline(kind);
    try {
      results.push(await cannon(`${name} (own process)`, { url: server.url }));
    } finally {
      await server.stop();
    }
  }
  return results;
}

/** How a loop's buyer pays: on delivery, or online at the gateway's hosted page before the purchase counts. */
type Payment = 'cod' | 'online';

const LOOP_NAMES: Record<Payment, string> = {
  cod: 'order loop, cash on delivery (add to cart + place order)',
  online: 'order loop, paid online (add to cart + place order + pay at the hosted page until Paid)',
};

/** Waits until the buyer's order reads Paid (the return route captured it; the read model follows). */
async function untilPaid(buyer: Session, orderId: string): Promise<string | null> {
  for (let tries = 0; tries < 1000; tries++) {
    const read = await buyer.call<{ paymentStatus: string }>('GET', `/api/orders/${orderId}`);
    if (read.status !== 200) return `read order: ${read.status} ${JSON.stringify(read.body)}`;
    if (read.body.paymentStatus === 'paid') return null;
    await new Promise((r) => setTimeout(r, 2));
  }
  return `order ${orderId} not paid after 1,000 reads`;
}

/**
 * The whole loop a buyer runs, timed from the add to cart until the order is placed (cash on
 * delivery) or reads Paid (online: the hosted page, Pay, the return to MIBI, then the buyer's
 * order read until Paid): a closed loop of ORDER_BUYERS buyers until `orders` loops are done.
 * The rate and percentiles count only the loops that got there; failures are counted and the
 * first few printed.
 */
async function orderLoop(
  url: string,
  productIds: string[],
  payment: Payment,
  orders: number,
): Promise<Result & { p95: number; failures: string[] }> {
  const buyers = await Promise.all(
    Array.from({ length: ORDER_BUYERS }, (_, i) => signUp(url, 'buyer', payment === 'cod' ? i : 1000 + i)),
  );
  const latencies: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    buyers.map(async (buyer, b) => {
      while (next++ < orders) {
        const productId = productIds[(b + next) % productIds.length]!;
        const t0 = performance.now();
        const added = await buyer.call('POST', '/api/cart/items', { productId, quantity: 1 });
        if (added.status !== 200) {
          failures.push(`add to cart: ${added.status} ${JSON.stringify(added.body)}`);
          continue;
        }
        const placed = await buyer.call<{ order: { id: string }; payment: PaymentStart | null }>(
          'POST',
          '/api/orders',
          { shippingAddress: PUNE_ADDRESS, delivery: 'standard', payment },
        );
        if (placed.status !== 201) {
          failures.push(`place order: ${placed.status} ${JSON.stringify(placed.body)}`);
          continue;
        }
        if (payment === 'online') {
          const failed =
            placed.body.payment === null
              ? 'place order: no payment to make'
              : ((await payAtHostedPage(placed.body.payment)) ?? (await untilPaid(buyer, placed.body.order.id)));
          if (failed) {
            failures.push(failed);
            continue;
          }
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  for (const buyer of buyers) buyer.close();
  latencies.sort((a, b) => a - b);
  return {
    name: LOOP_NAMES[payment],
    rps: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: failures.length,
    ok: latencies.length,
    failures,
  };
}

/** Time from sending a price change until every watching browser gets it over SSE. */
async function sseLatency(
  url: string,
  seller: Session,
  productId: string,
): Promise<{ p50: number; p95: number; samples: number }> {
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

/** Price edits by CONNECTIONS concurrent clients, each a new price, round the products; every one is a change sent live to everyone. */
function priceEdits(url: string, seller: Session, productIds: string[]): Promise<Result> {
  let n = 0;
  return cannon('price edit', {
    url,
    requests: [
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: seller.cookie, origin: url },
        setupRequest: (request) => {
          n++;
          return {
            ...request,
            path: `/api/seller/products/${productIds[n % productIds.length]}`,
            body: JSON.stringify({ pricePaise: 100_000 + (n % 1_000_000) }),
          };
        },
      },
    ],
  });
}

/** A run of the fan-out comparison, with the share of a core the server used meanwhile (1: a whole core). */
type Busy = Result & { serverCpu: number };

interface FanOut {
  quiet: Busy[];
  watched: Busy[];
  /** Server CPU ms per price edit, the projections and the fan-out included. */
  cpuPerEdit: { quiet: number; watched: number };
  /** Price edits answered 2xx while the clients watched, and the changes the clients received. */
  edits: number;
  received: { fewest: number; most: number };
  /** Watchers the server cut off. */
  dropped: number;
}

/** The same load with no event-stream client, then with SSE_CLIENTS of them: price edits alone, then edits and the product list at once. */
async function fanOut(url: string, pid: number, seller: Session, productIds: string[]): Promise<FanOut> {
  /** Runs `load` from and until the projections are caught up, so no run pays for the one before; answers its results and the server CPU seconds used. */
  const measured = async <T>(load: () => Promise<T>): Promise<{ results: T; cpu: number; busy: number }> => {
    await caughtUp(url, 30_000);
    const [cpu, start] = [cpuSeconds(pid), performance.now()];
    const results = await load();
    const busy = (cpuSeconds(pid) - cpu) / ((performance.now() - start) / 1000);
    await caughtUp(url, 30_000);
    return { results, cpu: cpuSeconds(pid) - cpu, busy };
  };
  const run = async () => {
    const alone = await measured(() => priceEdits(url, seller, productIds));
    const mixed = await measured(() =>
      Promise.all([
        cannon('product list during price edits', { url: `${url}/api/products` }),
        priceEdits(url, seller, productIds),
      ]),
    );
    const [list, during] = mixed.results;
    return {
      results: [
        { ...alone.results, serverCpu: alone.busy },
        { ...list, serverCpu: mixed.busy },
        { ...during, name: 'price edit during product list', serverCpu: mixed.busy },
      ],
      cpuPerEdit: (alone.cpu * 1000) / (alone.results.ok || 1),
      edits: (alone.results.ok ?? 0) + (during.ok ?? 0),
    };
  };
  const quiet = await run();
  const watchers = await Watchers.open(url, SSE_CLIENTS);
  try {
    const watched = await run();
    return {
      quiet: quiet.results,
      watched: watched.results,
      cpuPerEdit: { quiet: quiet.cpuPerEdit, watched: watched.cpuPerEdit },
      edits: watched.edits,
      received: await watchers.awaitSame(),
      dropped: (await watchers.counts()).dropped,
    };
  } finally {
    await watchers.close();
  }
}

/** Prints the rounds; answers the ratio of the best price-edit rates with and without the SSE clients. */
function printFanOut(rounds: FanOut[]): number {
  console.log(
    `\nlive fan-out: ${CONNECTIONS} connections of load, with no SSE client and then with ${SSE_CLIENTS} reading every change, ${rounds.length} rounds`,
  );
  console.log(
    '(server CPU: the share of a core the server process used meanwhile; well below 100%, something else held the load back, such as the clients on the same cores)',
  );
  console.log(
    `| round | load | 0 SSE clients: req/s, p50 ms, errors, server CPU | ${SSE_CLIENTS} SSE clients: req/s, p50 ms, errors, server CPU | ratio |`,
  );
  console.log('|---:|---|---:|---:|---:|');
  const cell = (r: Busy) => `${r.rps}, ${r.p50.toFixed(1)}, ${r.errors}, ${Math.round(r.serverCpu * 100)}%`;
  rounds.forEach((round, n) => {
    round.quiet.forEach((quiet, i) => {
      const watched = round.watched[i]!;
      console.log(
        `| ${n + 1} | ${quiet.name} | ${cell(quiet)} | ${cell(watched)} | ${(watched.rps / quiet.rps).toFixed(2)} |`,
      );
    });
  });
  const best = (side: 'quiet' | 'watched') => Math.max(...rounds.map((round) => round[side][0]!.rps));
  console.log(
    `price edits, best of ${rounds.length}: ${best('quiet')}/s with no SSE client, ${best('watched')}/s with ${SSE_CLIENTS}: ratio ${(best('watched') / best('quiet')).toFixed(2)} (target >= 0.8)`,
  );
  const leastCpu = (side: 'quiet' | 'watched') => Math.min(...rounds.map((round) => round.cpuPerEdit[side]));
  console.log(
    `server CPU per price edit (projections and fan-out included), least of ${rounds.length}: ${leastCpu('quiet').toFixed(2)} ms with no SSE client, ${leastCpu('watched').toFixed(2)} ms with ${SSE_CLIENTS}: ratio ${(leastCpu('quiet') / leastCpu('watched')).toFixed(2)}`,
  );
  rounds.forEach(({ received: { fewest, most }, edits, dropped }, n) => {
    const same = fewest === most ? `the same ${most}` : `from ${fewest} to ${most}`;
    console.log(
      `round ${n + 1}: the ${SSE_CLIENTS} SSE clients received ${same} changes for ${edits} price edits (edits to a product within one projection batch come as one change); ${dropped} cut off for falling behind`,
    );
  });
  return best('watched') / best('quiet');
}

/** What Chromium sends on every request. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const count = (n: number) => Math.round(n).toLocaleString('en-US');

function ratioFigure(name: string, read: Result, node: number, baseline: string, target: number): Figure {
  const ratio = read.rps / node;
  return {
    name,
    measured: `${ratio.toFixed(2)} (${count(read.rps)} req/s, ${read.errors} errors)`,
    baseline,
    target: `>= ${target}`,
    met: ratio >= target && read.errors === 0,
  };
}

async function main(): Promise<void> {
  console.log(
    `bench:api · ${DURATION_S}s per run, ${CONNECTIONS} connections, ${ORDERS} orders by ${ORDER_BUYERS} buyers then ${ONLINE_ORDERS} paid online\n`,
  );
  const baselines = await helloWorlds();
  const { url, child, dir } = await startBenchServer('bench-api');
  let peakRss = treeRssMiB(child.pid!);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, treeRssMiB(child.pid!))), 100);
  try {
    const list = (await (await fetch(`${url}/api/products`)).json()) as { items: Array<{ id: string }>; total: number };
    const product = list.items[0]!.id;

    const seller = await signUp(url, 'seller', 0, dir);
    const stocked = await stockedProducts(seller, 8);
    const buyer = await signUp(url, 'buyer', 999);

    const results: Result[] = [...baselines];
    const listUrl = `${url}/api/products?limit=24`;
    const detailUrl = `${url}/api/products/${product}`;
    // The setup's writes settle first, and each read is warmed up (not counted), as the baselines were by their first requests.
    await caughtUp(url, 30_000);
    for (const read of [listUrl, detailUrl])
      await cannon('warm-up', { url: read, headers: { 'accept-encoding': BROWSER_ENCODINGS } }, 1);
    // The read targets are for what a browser asks: it always accepts compressed answers.
    const [listRead, detailRead] = [
      await cannon(`product list (24 of ${list.total}), as browsers ask (${BROWSER_ENCODINGS})`, {
        url: listUrl,
        headers: { 'accept-encoding': BROWSER_ENCODINGS },
      }),
      await cannon(`product detail, as browsers ask (${BROWSER_ENCODINGS})`, {
        url: detailUrl,
        headers: { 'accept-encoding': BROWSER_ENCODINGS },
      }),
    ];
    results.push(listRead, detailRead);
    results.push(await cannon('product list (24), uncompressed', { url: listUrl }));
    results.push(await cannon('product detail, uncompressed', { url: detailUrl }));
    results.push(
      await cannon('add to cart', {
        url: `${url}/api/cart/items`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: buyer.cookie, origin: url },
        body: JSON.stringify({ productId: stocked[0], quantity: 1 }),
      }),
    );
    const orders = await orderLoop(url, stocked, 'cod', ORDERS);
    const online = await orderLoop(url, stocked, 'online', ONLINE_ORDERS);
    results.push(orders, online);
    const sse = await sseLatency(url, seller, stocked[0]!);
    const fan: FanOut[] = [];
    for (let round = 0; round < FAN_OUT_ROUNDS; round++) fan.push(await fanOut(url, child.pid!, seller, stocked));

    const node = baselines[0]!.rps;
    console.log('| endpoint | req/s | p50 ms | p99 ms | errors | vs node:http |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of results)
      console.log(
        `| ${r.name} | ${r.rps} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${(r.rps / node).toFixed(2)} |`,
      );
    console.log('');
    for (const [loop, target] of [
      [orders, '(targets: 1,000/s, p99 <= 50 ms)'],
      [online, '(no target: beside the cash on delivery loop)'],
    ] as const) {
      console.log(
        `${loop.name}, ${ORDER_BUYERS} buyers: ${loop.rps} orders/s, p50 ${loop.p50.toFixed(1)} ms, p95 ${loop.p95.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms; ${loop.ok} done, ${loop.errors} failed ${target}`,
      );
      for (const failure of loop.failures.slice(0, 5)) console.log(`  failed: ${failure}`);
    }
    console.log(
      `SSE delivery after a command: p50 ${sse.p50.toFixed(1)} ms, p95 ${sse.p95.toFixed(1)} ms (${sse.samples} changes)`,
    );
    const fanOutRatio = printFanOut(fan);
    console.log(`server peak RSS under load: ${peakRss} MiB (the process tree of build/server/start.js)`);

    const hello = `node:http hello-world ${count(node)} req/s`;
    recordFigures('api', [
      ratioFigure('product list (24), req/s vs node:http', listRead, node, hello, 0.5),
      ratioFigure('product detail, req/s vs node:http', detailRead, node, hello, 0.7),
      {
        name: `order loop (add to cart + place), ${ORDER_BUYERS} buyers, orders/s`,
        measured: `${count(orders.rps)} (${orders.errors} failed)`,
        baseline: '',
        target: '>= 1,000',
        met: orders.rps >= 1000 && orders.errors === 0,
      },
      {
        name: 'order loop p99, ms',
        measured: orders.p99.toFixed(1),
        baseline: '',
        target: '<= 50',
        met: orders.p99 <= 50,
      },
      {
        name: `order loop paid online (add to cart + place + pay at the hosted page until Paid), ${ORDER_BUYERS} buyers, orders/s`,
        measured: `${count(online.rps)} (${online.errors} failed)`,
        baseline: `cash on delivery loop ${count(orders.rps)} orders/s`,
        target: '',
        met: null,
      },
      {
        name: 'order loop paid online p99, ms',
        measured: online.p99.toFixed(1),
        baseline: `cash on delivery loop ${orders.p99.toFixed(1)} ms`,
        target: '',
        met: null,
      },
      {
        name: 'SSE delivery after a command, p95 ms',
        measured: sse.p95.toFixed(1),
        baseline: '',
        target: '<= 50',
        met: sse.p95 <= 50,
      },
      {
        name: `price edits with ${SSE_CLIENTS} SSE clients vs none`,
        measured: fanOutRatio.toFixed(2),
        baseline: 'the same edits with no SSE client',
        target: '>= 0.8',
        met: fanOutRatio >= 0.8,
      },
      {
        name: 'server RSS under this load, MiB (process tree)',
        measured: String(peakRss),
        baseline: '',
        target: '<= 150',
        met: peakRss <= 150,
      },
    ]);
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
