/**
 * Test harness: the whole app as `npm start` assembles it, on the embedded stack in a temp
 * folder (SQLite files for events, read models and jobs, in-process bus, files), with the projections and workers
 * running, driven through `app.request` without a socket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../platform/config/config.ts';
import type { Platform } from '../platform/platform.ts';
import { NOTIFY_SELLER } from '../workers/notify-seller.ts';
import { ORDER_REACTOR } from '../workers/order-reactor.ts';
import type { App } from './app.ts';
import { ROLES, assemble } from './assemble.ts';
import type { AppContext } from './context.ts';
import { LocalClient } from './local-client.ts';

export { LOCAL_ORIGIN as ORIGIN, type Reply, type RequestOptions } from './local-client.ts';

/** A user of the API in tests: the client plus who it is signed in as. */
export class Client extends LocalClient {
  constructor(
    harness: TestApi,
    cookie: string | null = null,
    public user: { id: string; fullName: string; email: string; roles: string[] } | null = null,
  ) {
    super(harness.app, cookie);
  }
}

export interface TestApi {
  ctx: AppContext;
  app: App;
  platform: Platform;
  dir: string;
  /** A visitor without a session. */
  anonymous(): Client;
  /** Signs a new user up through the API and returns their client (cookie kept). */
  signUp(options?: { role?: 'buyer' | 'seller'; fullName?: string; email?: string; password?: string }): Promise<Client>;
  /** Signs in through the API. */
  signIn(email: string, password: string): Promise<Client>;
  /** Resolves once everything appended so far has run its course: the jobs it caused done, every projection past it all. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

export async function startTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-api-'));
  // AUTO_VERIFY is off without demo data; most suites want products on sale at once.
  const config = loadConfig({
    DATA_DIR: dir,
    DEMO_DATA: 'false',
    AUTO_VERIFY: 'true',
    ADMIN_EMAIL: 'admin@mibi.test',
    ADMIN_PASSWORD: 'admin-pass-1',
    ...env,
  });
  const assembled = await assemble(config, ROLES, { notifyRetry: { attempts: 5, backoffMs: 20 } });
  const { platform } = assembled;
  const ctx = assembled.ctx!;
  const app = assembled.app!;

  const harness: TestApi = {
    ctx,
    app,
    platform,
    dir,
    anonymous: () => new Client(harness),
    async signUp(options = {}) {
      const n = ++counter;
      const password = options.password ?? 'secret-pass';
      const client = new Client(harness);
      const reply = await client.post('/api/auth/signup', {
        fullName: options.fullName ?? `Test User ${n}`,
        email: options.email ?? `user${n}-${Date.now()}@mibi.test`,
        password,
        role: options.role ?? 'buyer',
      });
      if (reply.status !== 201) throw new Error(`sign-up failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      client.user = reply.body.user;
      return client;
    },
    async signIn(email, password) {
      const client = new Client(harness);
      const reply = await client.post('/api/auth/signin', { email, password });
      if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      client.user = reply.body.user;
      return client;
    },
    async settle() {
      const appended = await platform.events.lastPosition();
      for (let waited = 0; (await platform.read.checkpoint(ORDER_REACTOR)) < appended; waited += 10) {
        if (waited > 5000) throw new Error(`the order reactor did not reach ${appended}`);
        await sleep(10);
      }
      await platform.queue.drained(NOTIFY_SELLER);
      const last = await platform.events.lastPosition();
      if (!(await ctx.progress.waitFor(last, 5000))) throw new Error(`projections did not reach ${last}`);
    },
    async close() {
      await assembled.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
