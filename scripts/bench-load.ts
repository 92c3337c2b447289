/**
 * The pieces of a load against a real server that the benchmarks share (bench-api.ts, the
 * throughput figures; bench-soak.ts, the long run): the compiled server on the embedded stack
 * with demo data in a process of its own, signed-in sessions on kept-alive connections, sellers'
 * stocked products, the server's resident memory, and event-stream clients in a process of
 * their own (`bench-load.ts --sse-clients <url> <count>`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, get, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caughtUp, withChildren } from './bench.fixtures.ts';
import { buildServer, startServer } from './server.fixtures.ts';
import { verifyEmailByMailbox } from './verify-email.fixtures.ts';

/** The compiled server (build/server/start.js, as `npm start` and the Dockerfile run it) with demo data, once its projections have caught up. */
export async function startBenchServer(name: string): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), `mibi-${name}-`));
  buildServer();
  const server = startServer(dir, { DEMO_DATA: 'true' }, 'all', 'compiled');
  const url = await server.url();
  await caughtUp(url, 120_000);
  return { url, child: server.child, dir };
}

/** Resident memory of `pid` and its children, in MiB: the server's whole process tree. */
export function treeRssMiB(pid: number): number {
  let kib = 0;
  for (const each of withChildren(pid)) {
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${each}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return Math.round(kib / 1024);
}

/**
 * A signed-in client on one kept-alive connection, as a browser tab holds one. Requests go
 * through node:http rather than `fetch`: undici's fetch costs the load generator about half a
 * millisecond of CPU per request, on the cores the server under test shares with it.
 */
export class Session {
  cookie = '';
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private readonly origin: URL;
  constructor(private readonly url: string) {
    this.origin = new URL(url);
  }

  call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = { origin: this.url, cookie: this.cookie };
    if (payload !== undefined)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    return new Promise((resolve, reject) => {
      const req = request(
        { host: this.origin.hostname, port: this.origin.port, method, path, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const setCookie = response.headers['set-cookie']?.[0];
            if (setCookie) this.cookie = setCookie.split(';')[0]!;
            const text = Buffer.concat(chunks).toString();
            let parsed: T | null = null;
            try {
              parsed = JSON.parse(text) as T;
            } catch {
              // not JSON (an empty 204, say)
            }
            resolve({ status: response.statusCode ?? 0, body: parsed as T });
          });
          response.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** With `dataDir` (the server's), the address is verified with the mailed link: a seller lists only so. */
export async function signUp(url: string, role: 'buyer' | 'seller', n: number, dataDir?: string): Promise<Session> {
  const session = new Session(url);
  const email = `bench-${role}-${n}-${Date.now()}@mibi.test`;
  const reply = await session.call('POST', '/api/auth/signup', {
    fullName: `Bench ${role} ${n}`,
    email,
    password: 'bench-pass',
    role,
  });
  if (reply.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(reply.body)}`);
  if (dataDir) await verifyEmailByMailbox(url, dataDir, email);
  return session;
}

/** `count` products of `seller` with deep stock, for loops of orders that never run out. */
export async function stockedProducts(seller: Session, count: number): Promise<string[]> {
  const stocked: string[] = [];
  for (let i = 0; i < count; i++) {
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
  return stocked;
}

const CHANGED = Buffer.from('event: product.changed\n');

/** What the process of the event-stream clients answers: the product changes each received, and how many streams the server cut off. */
export interface WatchCounts {
  received: number[];
  dropped: number;
}

/**
 * In a process of their own (`bench-api.ts --sse-clients <url> <count>`): `count` event-stream
 * clients that read everything as it comes, as browsers do, counting the product changes;
 * answers the counts to every message.
 */
async function watch(url: string, count: number): Promise<void> {
  const received = new Array<number>(count).fill(0);
  let dropped = 0;
  const stream = (i: number) =>
    new Promise<void>((resolve, reject) => {
      get(`${url}/api/live`, { agent: false }, (response) => {
        // A frame may straddle two chunks: look for it across the seam too.
        let tail = Buffer.alloc(0);
        response.on('data', (chunk: Buffer) => {
          if (tail.length > 0 && Buffer.concat([tail, chunk.subarray(0, CHANGED.length - 1)]).includes(CHANGED))
            received[i]!++;
          for (let at = chunk.indexOf(CHANGED); at !== -1; at = chunk.indexOf(CHANGED, at + CHANGED.length))
            received[i]!++;
          tail = Buffer.concat([tail, chunk.subarray(-(CHANGED.length - 1))]).subarray(-(CHANGED.length - 1));
          resolve();
        });
        response.on('error', () => {});
        response.on('close', () => dropped++);
      }).on('error', reject);
    });
  await Promise.all(Array.from({ length: count }, (_, i) => stream(i)));
  process.on('message', () => process.send!({ received, dropped } satisfies WatchCounts));
  process.on('disconnect', () => process.exit(0));
  process.send!('ready');
}

/** Event-stream clients in a process of their own, so that reading them does not hold up the load generator in this one. */
export class Watchers {
  private constructor(private readonly child: ChildProcess) {}

  /** Opens `count` streams, each on its own connection, and waits until every one is ready. */
  static async open(url: string, count: number): Promise<Watchers> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--sse-clients', url, String(count)],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    await once(child, 'message');
    return new Watchers(child);
  }

  async counts(): Promise<WatchCounts> {
    this.child.send('count');
    const [counts] = (await once(this.child, 'message')) as [WatchCounts];
    return counts;
  }

  /** Waits until every client has received the same number of changes, that number unchanged for a while (or `timeoutMs` passed). */
  async awaitSame(timeoutMs = 15_000): Promise<{ fewest: number; most: number }> {
    const deadline = Date.now() + timeoutMs;
    let last = -1;
    for (;;) {
      const { received } = await this.counts();
      const [fewest, most] = [Math.min(...received), Math.max(...received)];
      if ((fewest === most && most === last) || Date.now() > deadline) return { fewest, most };
      last = fewest === most ? most : -1;
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  async close(): Promise<void> {
    const exited = once(this.child, 'exit');
    this.child.kill();
    await exited;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--sse-clients')
  await watch(process.argv[3]!, Number(process.argv[4]));
