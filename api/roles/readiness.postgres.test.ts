/**
 * Readiness against a store that goes away: PostgreSQL stopped under a running MIBI (the embedded
 * `all` process, and a standby projections process that serves only its probes) turns
 * `/api/health/ready` to 503 within seconds, and back to 200 once it is started again. The
 * containers' health check script (scripts/healthcheck.mjs) says the same, and a request that
 * needs the store meanwhile answers 503 with Retry-After rather than 500.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../../platform/testing/postgres.ts';
import { type StartedServer, startServer } from '../../scripts/server.fixtures.ts';

/** "Within seconds": the readiness round is cached 1 s and each check times out after 2 s. */
const DOWN_WITHIN_MS = 5_000;
const BACK_WITHIN_MS = 20_000;

let postgres: PostgresServer;
let dir: string;
const processes: StartedServer[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'mibi-ready-pg-'));
  const env = { POSTGRES_URL: postgres.url };
  processes.push(startServer(dir, env, 'all'));
  await processes[0]!.url(); // the first process builds the SPA when it is missing
  processes.push(startServer(dir, env, 'projections'));
}, 180_000);

afterAll(async () => {
  for (const p of processes) p.child.kill('SIGKILL');
  await Promise.all(processes.map((p) => p.exited));
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const readiness = async (url: string) => {
  const reply = await fetch(`${url}/api/health/ready`);
  return { status: reply.status, body: (await reply.json()) as { status: string; checks: Record<string, string> } };
};

/** Polls every process until each answers `status`; answers how long that took. */
async function allAnswer(status: number, withinMs: number): Promise<number> {
  const started = Date.now();
  const urls = await Promise.all(processes.map((p) => p.url()));
  for (;;) {
    const answers = await Promise.all(urls.map(readiness));
    if (answers.every((a) => a.status === status)) return Date.now() - started;
    if (Date.now() - started > withinMs)
      throw new Error(`not all ${status} after ${withinMs} ms: ${JSON.stringify(answers)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const healthcheck = (url: string) =>
  spawnSync(process.execPath, ['scripts/healthcheck.mjs'], { env: { ...process.env, PORT: new URL(url).port } }).status;

describe('readiness on PostgreSQL', () => {
  it('turns 503 within seconds of PostgreSQL stopping, and 200 again once it is back', async () => {
    await allAnswer(200, 60_000);
    const [api, standby] = await Promise.all(processes.map((p) => p.url()));
    expect(healthcheck(api!)).toBe(0);
    expect(healthcheck(standby!)).toBe(0);

    await postgres.pause();
    expect(await allAnswer(503, DOWN_WITHIN_MS)).toBeLessThan(DOWN_WITHIN_MS);
    const { body } = await readiness(api!);
    expect(body).toMatchObject({ status: 'unready', checks: { events: 'unreachable', read: 'unreachable' } });
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|:\d{4,5}\b/);
    expect(healthcheck(api!)).toBe(1);
    expect(healthcheck(standby!)).toBe(1);
    // A request that needs the store is told to come back, not that we failed.
    const signIn = await fetch(`${api}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api! },
      body: JSON.stringify({ email: 'buyer@example.in', password: 'any-password-1' }),
    });
    expect({ status: signIn.status, retryAfter: signIn.headers.get('retry-after') }).toEqual({
      status: 503,
      retryAfter: '5',
    });
    expect(((await signIn.json()) as { error: { code: string } }).error.code).toBe('unavailable');
    // Liveness asks no store: the process still answers.
    expect((await fetch(`${api}/api/health/live`)).status).toBe(200);

    await postgres.resume();
    await allAnswer(200, BACK_WITHIN_MS);
    expect(healthcheck(api!)).toBe(0);
    expect(processes.every((p) => p.child.exitCode === null)).toBe(true);
  }, 120_000);
});
