/**
 * Process entry: `all` (the embedded default: API + projections + workers in one process),
 * or one of `api`, `projections`, `workers` for the scaled topology.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../api/app.ts';
import { bootstrap } from '../api/bootstrap/index.ts';
import { createContext } from '../api/context.ts';
import { closeCatalogIndex } from '../api/catalog-index.ts';
import { closeLiveFeed } from '../api/live-feed.ts';
import { ConfigError, loadConfig } from '../platform/config/config.ts';
import { openPlatform } from '../platform/platform.ts';
import { projections } from '../projections/index.ts';
import { ProjectionRunner } from '../projections/runner.ts';
import { startWorkers } from '../workers/index.ts';

const roles = ['all', 'api', 'projections', 'workers'] as const;
type Role = (typeof roles)[number];

const SPA_ROOT = 'dist';

function buildSpaIfMissing(): void {
  if (existsSync(`${SPA_ROOT}/index.html`)) return;
  console.log('[start] building the SPA (first run)...');
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('SPA build failed');
}

async function main(role: Role): Promise<void> {
  const config = loadConfig();
  const runsApi = role === 'all' || role === 'api';
  if (runsApi) buildSpaIfMissing();

  const platform = await openPlatform(config);
  const runner = role === 'all' || role === 'projections' ? new ProjectionRunner({ events: platform.events, read: platform.read, bus: platform.bus, projections }) : undefined;
  await runner?.start();
  const workers = role === 'all' || role === 'workers' ? startWorkers(platform) : undefined;

  const ctx = runsApi ? await createContext(config, platform, projections, runner) : undefined;
  if (ctx) await bootstrap(ctx);
  const server = ctx
    ? serve({ fetch: createApp(ctx, { spaRoot: SPA_ROOT }).fetch, port: config.PORT, hostname: config.HOST }, (info) =>
        console.log(`[start] MIBI (${role}) on http://${config.HOST}:${info.port} · events=${platform.events.kind} read=${platform.read.kind} queue=${platform.queue.kind} bus=${platform.bus.kind} blobs=${platform.blobs.kind}`),
      )
    : undefined;
  if (!runsApi) console.log(`[start] MIBI ${role} running · events=${platform.events.kind} read=${platform.read.kind}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[start] ${signal}: finishing work in flight...`);
    if (ctx) {
      await closeLiveFeed(ctx); // ends the SSE streams, which never go idle
      await closeCatalogIndex(ctx);
    }
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await ctx?.progress.stop();
    await runner?.stop(); // lets the batch in flight commit with its checkpoint
    await workers?.stop();
    await platform.close(); // the queue waits for running jobs
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

const role = (process.argv[2] ?? 'all') as Role;
if (!roles.includes(role)) {
  console.error(`Usage: start.ts [${roles.join('|')}]`);
  process.exit(2);
}
main(role).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
