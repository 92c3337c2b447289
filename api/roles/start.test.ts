import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SQLITE_EVENTS_MIGRATIONS, SqliteEventStore } from '../../platform/eventstore/sqlite.ts';
import { EMBEDDED_FILES } from '../../platform/platform.ts';
import { VERSIONS_TABLE } from '../../platform/schema/migrations.ts';
import { adminCookie } from '../../scripts/admin.fixtures.ts';
import { removeDataDir, startServer } from '../../scripts/server.fixtures.ts';
import { notPrivate } from '../../platform/files.fixtures.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDataDir(dir);
});

/** The process's last log line, parsed. */
const lastLine = (output: string) => JSON.parse(output.trim().split('\n').at(-1)!);

/** `prepare` fills the data directory before the server starts. */
function start(env: Record<string, string>, prepare?: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-start-'));
  dirs.push(dir);
  prepare?.(dir);
  return Object.assign(startServer(dir, { ...ADMIN, ...env }), { dir });
}

const ADMIN = { ADMIN_EMAIL: 'admin@mibi.test', ADMIN_PASSWORD: 'admin-pass-1' };

/** The detailed health, as the admin sees it (the first call signs the admin in). */
function healthOf(url: string) {
  let cookie: Promise<string> | undefined;
  return async () => {
    cookie ??= adminCookie(url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    return (await fetch(`${url}/api/health`, { headers: { cookie: await cookie } })).json();
  };
}

describe('the process entry', () => {
  it('serves health on the embedded stack and stops cleanly on SIGTERM', async () => {
    const server = start({});
    const url = await server.url();
    expect(await (await fetch(`${url}/api/health/live`)).json()).toEqual({ status: 'live' });
    await vi.waitFor(async () => expect((await fetch(`${url}/api/health/ready`)).status).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    expect((await fetch(`${url}/api/health`)).status).toBe(401);
    // Without Razorpay keys the test gateway runs beside it, as a process of its own.
    const address = join(server.dir, 'test-gateway', 'address.json');
    await vi.waitFor(() => expect(existsSync(address)).toBe(true), { timeout: 10_000, interval: 100 });
    const first = JSON.parse(readFileSync(address, 'utf8')) as { url: string; pid: number };
    expect(await (await fetch(`${first.url}/_test/health`)).json()).toEqual({ ok: true });
    expect(server.output()).toContain('test payments (no money moves)');
    // Killed, it is started again (on another port: the address says where).
    process.kill(first.pid, 'SIGKILL');
    let gateway = '';
    await vi.waitFor(
      async () => {
        const now = JSON.parse(readFileSync(address, 'utf8')) as { url: string; pid: number };
        expect(now.pid).not.toBe(first.pid);
        expect((await fetch(`${now.url}/_test/health`)).status).toBe(200);
        gateway = now.url;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(server.output()).toContain('the test gateway stopped (SIGKILL): starting it again');
    // DATA_DIR is private: the log holds password hashes and sealed secrets, the mailbox link tokens.
    expect(notPrivate(server.dir)).toEqual([]);
    const health = await healthOf(url)();
    expect(health).toMatchObject({
      status: 'ok',
      adapters: { events: 'sqlite', read: 'sqlite', queue: 'sqlite', bus: 'threads', blobs: 'fs' },
      projections: { 'log-stats': { lag: expect.any(Number) } },
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('finishing work in flight');
    // ...and stops with it.
    expect(existsSync(address)).toBe(false);
    await expect(fetch(`${gateway}/_test/health`)).rejects.toThrow();
  }, 60_000);

  it('follows the log on a thread of its own: a command is read back with ?after= and lands in the projections; FOLLOWERS_THREAD=false keeps one thread', async () => {
    for (const [FOLLOWERS_THREAD, bus] of [
      ['true', 'threads'],
      ['false', 'memory'],
    ] as const) {
      const server = start({ FOLLOWERS_THREAD });
      const url = await server.url();
      const signUp = await fetch(`${url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({
          fullName: 'Asha Rao',
          email: `asha-${FOLLOWERS_THREAD}@mibi.test`,
          password: 'a long pass phrase',
          role: 'buyer',
        }),
      });
      expect(signUp.status).toBe(201);
      const healthNow = healthOf(url);
      const health = await healthNow();
      expect(health.adapters.bus).toBe(bus);
      await vi.waitFor(
        async () => {
          const { projections } = await healthNow();
          expect(projections.users).toMatchObject({ lag: 0, processed: expect.any(Number) });
          expect(projections.users.processed).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 50 },
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // Everything it wrote is private: the stores, the mailbox and its keys, the admin's TOTP key.
      expect(readdirSync(server.dir)).toEqual(
        expect.arrayContaining(['events.db', 'read.db', 'jobs.db', 'mail', 'totp.key']),
      );
      expect(readdirSync(join(server.dir, 'mail'))).toContain('keys');
      expect(notPrivate(server.dir)).toEqual([]);
    }
  }, 90_000);

  it("moves a development server's clock on both threads: the followers' reconciliation is stamped a day ahead", async () => {
    const server = start({ DEV_ROUTES: 'true', RECONCILE_EVERY_S: '0.2' });
    const url = await server.url();
    const cookie = await adminCookie(url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const moved = await fetch(`${url}/api/dev/clock`, {
      method: 'POST',
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 24 * 60 }),
    });
    expect(moved.status).toBe(200);
    const aDayAhead = Date.now() + 23 * 3_600_000;
    expect(Date.parse((await moved.json()).now)).toBeGreaterThan(aDayAhead);
    const health = async () => (await fetch(`${url}/api/health`, { headers: { cookie } })).json();
    await vi.waitFor(
      async () => expect(Date.parse((await health()).effects.notifySeller.at)).toBeGreaterThan(aDayAhead),
      { timeout: 10_000, interval: 100 },
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it("tells in health of a projection failing on the followers' thread, with its error", async () => {
    const server = start({});
    const url = await server.url();
    // An order no handler can read, written straight into the log, as only a bug or a hand edit could.
    const log = new Database(join(server.dir, 'events.db'));
    log
      .prepare('INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, 0, ?, ?, ?)')
      .run(randomUUID(), `order-${randomUUID()}`, 'OrderPlaced', '{}', '{}');
    log.close();
    const healthNow = healthOf(url);
    await vi.waitFor(
      async () => {
        const health = await healthNow();
        expect(health.status).toBe('degraded');
        expect(health.projections.orders.error).toEqual(expect.any(String));
        expect(health.projections.users.error).toBeUndefined();
        const ready = await fetch(`${url}/api/health/ready`);
        expect(ready.status).toBe(503);
        expect((await ready.json()).checks.projections).toMatch(/^failing: .*\borders\b/);
      },
      { timeout: 10_000, interval: 100 },
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('stops at once with one line naming a bad variable, without its value', async () => {
    const key = 'f'.repeat(63); // a TOTP key one digit short
    const server = start({ TOTP_KEY: key });
    expect(await server.exited).toBe(1);
    expect(lastLine(server.output())).toMatchObject({
      level: 'fatal',
      variable: 'TOTP_KEY',
      msg: 'Invalid configuration: TOTP_KEY must be 64 hex digits (32 bytes)',
    });
    expect(server.output()).not.toContain(key);
  }, 30_000);

  it('refuses a data directory a newer release migrated, in one line naming the versions', async () => {
    const server = start({}, (dir) => {
      new SqliteEventStore(join(dir, EMBEDDED_FILES.events)).close();
      const db = new Database(join(dir, EMBEDDED_FILES.events));
      const next = SQLITE_EVENTS_MIGRATIONS.length + 1;
      db.prepare(`INSERT INTO ${VERSIONS_TABLE} VALUES ('events', ?, 'from a later release', '')`).run(next);
      db.close();
    });
    expect(await server.exited).toBe(1);
    expect(lastLine(server.output())).toMatchObject({
      level: 'fatal',
      msg: `MIBI cannot run on this data: the events schema is at version ${SQLITE_EVENTS_MIGRATIONS.length + 1}, newer than this release knows (${SQLITE_EVENTS_MIGRATIONS.length}): run the release that wrote it, or a later one`,
    });
  }, 30_000);

  it.each([
    [
      { HOST: '0.0.0.0', SMTP_URL: 'smtp://mail.example:25' },
      /^Invalid configuration: PUBLIC_URL must be set when SMTP_URL is set/,
    ],
    [
      { NODE_ENV: 'production', DEV_ROUTES: 'true' },
      /^Invalid configuration: DEV_ROUTES must not be on with NODE_ENV=production/,
    ],
    [
      { HOST: '0.0.0.0', DEMO_DATA: 'true' },
      /^Invalid configuration: DEMO_DATA must not be on when HOST \(0\.0\.0\.0\) is not loopback/,
    ],
  ])(
    'refuses to start with an unsafe combination of settings (%j), in one line',
    async (env, line) => {
      const server = start(env);
      expect(await server.exited).toBe(1);
      expect(lastLine(server.output()).msg).toMatch(line);
    },
    30_000,
  );
});
