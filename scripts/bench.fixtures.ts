/**
 * Measuring helpers shared by the benchmark scripts (`scripts/bench-*.ts`): autocannon runs in
 * the benchmark's own process, a closed loop of clients timed per iteration, waiting for a
 * server's projections to catch up, and the CPU time of server processes (Linux /proc).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { DEMO_ADMIN } from '../api/bootstrap/demo-catalog.ts';
import { adminCookie } from './admin.fixtures.ts';

/** One autocannon run: mean req/s, latency in ms, and requests that failed (errors, timeouts, non-2xx). */
export interface CannonResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered 2xx. */
  ok: number;
}

/** Runs autocannon with `options` (give `connections` and `duration`: autocannon's defaults are 10 and 10 s). */
export async function cannon(name: string, options: autocannon.Options): Promise<CannonResult> {
  const result = await autocannon(options);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    ok: result['2xx'],
  };
}

/** The nearest-rank percentile `p` (0-100) of ascending `sorted` values; 0 when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A closed loop's outcome: iterations that succeeded per second of the whole run, and the time of each iteration. */
export interface LoopResult {
  /** Iterations that succeeded. */
  ok: number;
  /** Iterations that failed, by the reason the iteration gave (or the error it threw). */
  failures: Record<string, number>;
  errors: number;
  seconds: number;
  /** Successful iterations per second of the whole run. */
  perSecond: number;
  /** Milliseconds per iteration, successful or not. */
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Each client runs `iteration` again and again, the next as soon as its last one ends, until
 * `total` iterations have started in all. An iteration answers `true` when it succeeded, else
 * why it failed (a thrown error counts as failed too, under its message).
 */
export async function closedLoop<C>(
  clients: readonly C[],
  total: number,
  iteration: (client: C, n: number) => Promise<true | string>,
): Promise<LoopResult> {
  const times: number[] = [];
  const failures: Record<string, number> = {};
  let ok = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (let n = next++; n < total; n = next++) {
        const t0 = performance.now();
        const outcome = await iteration(client, n).catch((error: unknown) =>
          error instanceof Error ? error.message : String(error),
        );
        times.push(performance.now() - t0);
        if (outcome === true) ok++;
        else failures[outcome] = (failures[outcome] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const errors = Object.values(failures).reduce((sum, n) => sum + n, 0);
  return {
    ok,
    failures,
    errors,
    seconds,
    perSecond: ok / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

/** The demo admin's session per server: its first sign-in enrols the authenticator, so it is taken once. */
const adminSessions = new Map<string, Promise<string>>();

/**
 * Waits until `url`'s `/api/health` (for admins: the demo data's admin signs in) shows every
 * projection and reactor with no lag; throws after `timeoutMs`.
 */
export async function caughtUp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    const reply = await healthOf(url).catch(() => null);
    if (reply?.ok) {
      const body = (await reply.json()) as { projections: Record<string, { lag: number }> };
      if (Object.values(body.projections).every((p) => p.lag === 0)) return;
      last = JSON.stringify(Object.fromEntries(Object.entries(body.projections).map(([name, p]) => [name, p.lag])));
    }
    if (Date.now() > deadline) throw new Error(`${url}: projections still lag after ${timeoutMs} ms: ${last}`);
    await sleep(200);
  }
}

async function healthOf(url: string): Promise<Response> {
  let session = adminSessions.get(url);
  if (!session) {
    session = adminCookie(url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    adminSessions.set(url, session);
    session.catch(() => adminSessions.delete(url)); // not up yet: the next round signs in again
  }
  return fetch(`${url}/api/health`, { headers: { cookie: await session } });
}

/** CPU seconds a process has used, user and system (fields 14 and 15 of /proc/<pid>/stat, in ticks of 1/100 s); 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Running processes whose command line (arguments joined by spaces) `matches`. */
export function processesMatching(matches: (commandLine: string) => boolean): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return matches(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim());
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** `pid` and its children (one level: a server's workers or backends). */
export function withChildren(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((child) => {
      try {
        return Number(readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}

/** CPU seconds the whole machine has spent busy (not idle nor waiting for I/O), every core summed (/proc/stat). */
export function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) / 100;
}
