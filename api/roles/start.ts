/**
 * Process entry: `all` (the embedded default: API + projections + workers in one process, the
 * last two on a thread of their own unless FOLLOWERS_THREAD=false), or one of `api`,
 * `projections`, `workers` for the scaled topology. On the followers' thread it runs those.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { ROLES, type Role, assemble } from './assemble.ts';
import { mibiOperator } from './operator.ts';
import { type FollowersThread, serveFollowers, startFollowersThread } from './followers-thread.ts';
import { ShiftableClock } from '../../platform/clock.ts';
import { ConfigError, loadConfig } from '../../platform/config/config.ts';
import { checkDeployment } from '../../platform/config/deployment.ts';
import { logger } from '../../platform/log.ts';
import { gatewayFolder } from '../../platform/payments/embedded.ts';
import { type GatewayProcess, startGatewayProcess } from '../../platform/payments/test-gateway/child.ts';
import type { ChildService } from '../../platform/child-service.ts';
import { courierFolder } from '../../platform/couriers/embedded.ts';
import { startCourierProcess } from '../../platform/couriers/test-courier/child.ts';
import { SchemaVersionError } from '../../platform/schema/migrations.ts';

const log = logger('start');

const SPA_ROOT = 'dist';

function buildSpaIfMissing(): void {
  if (existsSync(`${SPA_ROOT}/index.html`)) return;
  log.info('building the SPA (first run)...');
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('SPA build failed');
}

async function main(name: string): Promise<void> {
  // What DATA_DIR holds is private (password hashes, sealed second-factor secrets, link tokens
  // in the dev mailbox): files 0600, folders 0700, whatever the shell's umask.
  process.umask(0o077);
  const config = loadConfig();
  // A MIBI_GSTIN that is not a GSTIN stops every role, as any other wrong setting does.
  mibiOperator(config);
  // Before anything opens: an unsafe combination of settings stops every process role.
  for (const warning of checkDeployment(config)) log.warn(warning);
  const roles: readonly Role[] = name === 'all' ? ROLES : [name as Role];
  if (roles.includes('api')) buildSpaIfMissing();

  // A development server's clock can be moved forward (POST /api/dev/clock), on every thread.
  const clock = config.DEV_ROUTES ? new ShiftableClock() : undefined;
  const timed = clock ? { now: clock.now, devClock: clock } : {};
  // The followers start first, so that they follow the demo data from its first event.
  let followers: FollowersThread | undefined;
  if (name === 'all' && config.FOLLOWERS_THREAD) {
    followers = await startFollowersThread(
      new URL(import.meta.url),
      (why) => {
        log.fatal(why);
        process.exit(1);
      },
      clock,
    );
  }
  const assembled = followers
    ? await assemble(config, ['api'], {
        spaRoot: SPA_ROOT,
        threads: true,
        projectionFailures: followers.failures,
        ...timed,
      })
    : await assemble(config, roles, { spaRoot: SPA_ROOT, ...timed });
  const { events, read, queue, bus, blobs } = assembled.platform;
  const adapters = `events=${events.kind} read=${read.kind} queue=${queue.kind} bus=${bus.kind} blobs=${blobs.kind}`;
  let stopping = false;
  let gateway: GatewayProcess | undefined;
  let gatewayStarting: Promise<void> = Promise.resolve();
  let courier: ChildService | undefined;
  let courierStarting: Promise<void> = Promise.resolve();
  // Every role listens: the api serves the app, the others their health probes alone.
  assembled.listen((port) => {
    const served = assembled.app ? '' : ' (health probes only)';
    log.info(
      `MIBI (${name}) on http://${config.HOST}:${port}${served} · ${adapters} payments=${assembled.platform.payments.kind}`,
    );
    // No Razorpay keys: the embedded default runs the test gateway beside it, posting webhooks to this server.
    if (name === 'all' && !config.RAZORPAY_KEY_ID) gatewayStarting = runGateway(port);
    // No AfterShip keys: the test courier, likewise.
    if (name === 'all' && !config.AFTERSHIP_API_KEY) courierStarting = runCourier(port);
  });

  /** Where a child service beside this server posts its webhooks. */
  function webhookUrlOf(port: number, path: string): string {
    const host = ['0.0.0.0', '::', '[::]'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
    return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}${path}`;
  }

  /** Starts the test courier, and again a second after it ends unasked. */
  async function runCourier(port: number): Promise<void> {
    try {
      const started = await startCourierProcess({
        folder: courierFolder(resolve(config.DATA_DIR)),
        webhookUrl: webhookUrlOf(port, '/api/shipments/webhook'),
      });
      courier = started;
      log.info(`test couriers (no parcels): the test courier runs on ${started.url}`);
      started.child.once('exit', (code, signal) => {
        if (stopping) return;
        log.error(`the test courier stopped (${signal ?? code}): starting it again`);
        setTimeout(() => {
          if (!stopping) courierStarting = runCourier(port);
        }, 1000);
      });
    } catch (error) {
      log.error({ err: error }, 'the test courier could not start: courier tracking is unavailable');
    }
  }

  /** Starts the test gateway, and again a second after it ends unasked (its state is on disk). */
  async function runGateway(port: number): Promise<void> {
    const webhookUrl = webhookUrlOf(port, '/api/payments/webhook');
    try {
      const started = await startGatewayProcess({ folder: gatewayFolder(resolve(config.DATA_DIR)), webhookUrl });
      gateway = started;
      log.info(`test payments (no money moves): the test gateway runs on ${started.url}`);
      started.child.once('exit', (code, signal) => {
        if (stopping) return;
        log.error(`the test gateway stopped (${signal ?? code}): starting it again`);
        setTimeout(() => {
          if (!stopping) gatewayStarting = runGateway(port);
        }, 1000);
      });
    } catch (error) {
      log.error({ err: error }, 'the test gateway could not start: online payments are unavailable');
    }
  }

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing work in flight...`);
    await assembled.stop();
    await followers?.stop();
    await gatewayStarting;
    await gateway?.stop();
    await courierStarting;
    await courier?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

const name = process.argv[2] ?? 'all';
if (!isMainThread) {
  serveFollowers(loadConfig()).catch((error: unknown) => {
    log.fatal({ err: error }, 'the followers could not start');
    process.exit(1);
  });
} else if (name !== 'all' && !(ROLES as readonly string[]).includes(name)) {
  // Logged as every other reason not to start is, so an orchestrator's log shows it the same way.
  log.fatal({ role: name }, `No role ${name}. Usage: start.ts [all|${ROLES.join('|')}]`);
  process.exit(2);
} else {
  main(name).catch((error: unknown) => {
    if (error instanceof ConfigError) log.fatal({ variable: error.variable }, error.message);
    else if (error instanceof SchemaVersionError) log.fatal(`MIBI cannot run on this data: ${error.message}`);
    else log.fatal({ err: error }, 'MIBI could not start');
    process.exit(1);
  });
}
