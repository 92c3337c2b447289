/**
 * The composition root: every process role (`npm start` runs all three), the CLI and the test
 * harness are built here, from the configuration alone, and stopped here in one order.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import type { Config } from '../../platform/config/config.ts';
import { leaseOwner } from '../../platform/lease/owner.ts';
import { type Platform, openPlatform } from '../../platform/platform.ts';
import { systemClock } from '../../platform/clock.ts';
import { Streams } from '../../platform/eventstore/streams.ts';
import { schemaVersionOf } from '../../domain/event-versions.ts';
import { catalogRowWriter } from '../catalog-import/apply.ts';
import { ProjectionRunner } from '../../platform/projection/runner.ts';
import { PROJECTIONS_LEASE, projections } from '../../projections/index.ts';
import { mibiOperator } from './operator.ts';
import { type RunningWorkers, type WorkerOptions, startWorkers } from '../../workers/index.ts';
import type { App } from '../app.ts';
import { healthServer } from './health-server.ts';
import { readiness } from './readiness.ts';
import type { AppContext, ContextOptions } from './context.ts';

export const ROLES = ['api', 'projections', 'workers'] as const;
export type Role = (typeof ROLES)[number];

export interface AssembleOptions
  extends Omit<WorkerOptions, 'links'>,
    Pick<ContextOptions, 'now' | 'newId' | 'projectionFailures' | 'devClock'> {
  /** The built SPA to serve beside the API (`dist`). */
  spaRoot?: string;
  /** Other threads of this process run the other roles (api/roles/followers-thread.ts): the embedded bus reaches them. */
  threads?: boolean;
}

/** A process's parts: the API's app and context only in the api role. */
export interface Assembled {
  platform: Platform;
  app?: App;
  ctx?: AppContext;
  runner?: ProjectionRunner;
  /**
   * Serves over HTTP on the configured host and port: the app in the api role, the two health
   * probes alone in the others (health-server.ts); `stop` closes the server in its turn.
   */
  listen(onListening?: (port: number) => void): ServerType;
  /** Stops every part after its work in flight, newest first, then closes the adapters. */
  stop(): Promise<void>;
}

export async function assemble(
  config: Config,
  roles: readonly Role[],
  options: AssembleOptions = {},
): Promise<Assembled> {
  const platform = await openPlatform(config, { threads: options.threads ?? false });
  const stops: Array<() => Promise<void>> = [() => platform.close()]; // the queue waits for running jobs
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step();
  };
  try {
    // One writer per lease across processes; the embedded single process takes its leases too.
    const lease = { owner: leaseOwner(), ttlMs: config.LEASE_TTL_S * 1000, ...options.lease };
    let runner: ProjectionRunner | undefined;
    if (roles.includes('projections')) {
      const { events, read, bus } = platform;
      runner = new ProjectionRunner({ events, read, bus, projections, lease: { name: PROJECTIONS_LEASE, ...lease } });
      await runner.start(); // holding the lease, or standing by while another process holds it
      stops.push(() => runner!.stop()); // the batch in flight commits with its checkpoint, then the lease is released
    }
    let workers: RunningWorkers | undefined;
    if (roles.includes('workers')) {
      workers = startWorkers(platform, {
        reconcileEveryMs: config.RECONCILE_EVERY_S * 1000,
        returnWindowDays: config.RETURN_WINDOW_DAYS,
        operator: mibiOperator(config),
        // A catalog import's rows are the seller's own product commands, run where the job runs.
        importRow: catalogRowWriter({
          config,
          platform,
          streams: new Streams(platform.events, { schemaVersion: schemaVersionOf }),
          now: options.now ?? systemClock.now,
          newId: options.newId ?? systemClock.newId,
        }),
        ...options,
        links: config,
        lease,
      });
      stops.push(() => workers!.stop());
      await workers.ready; // an effect new to the log takes its start before the demo data is seeded
    }
    let ctx: AppContext | undefined;
    let app: App | undefined;
    let server: Server | undefined;
    let serve: (() => Server) | undefined;
    if (roles.includes('api')) {
      // Loaded by the api role only: followers (a thread, or processes of their own) never load the HTTP side.
      const [
        { createContext, closeContext },
        { bootstrap },
        { createApp },
        { replayCache },
        { getRequestListener },
        { createServer },
      ] = await Promise.all([
        import('./context.ts'),
        import('../bootstrap/index.ts'),
        import('../app.ts'),
        import('../http/replay-cache.ts'),
        import('@hono/node-server'),
        import('node:http'),
      ]);
      const api = await createContext(config, platform, projections, { ...(runner && { runner }), ...options });
      ctx = api;
      stops.push(async () => {
        await api.live.close(); // ends the SSE streams, which never go idle, so the server can close
        await new Promise<void>((resolve) => {
          if (!server) return resolve();
          // A kept-alive connection busy at the close would carry its client's next request, and
          // the next, for ever: each is answered once more and closed, or closed once idle.
          server.keepAliveTimeout = 1;
          server.prependListener('request', (_request, response) => (response.shouldKeepAlive = false));
          server.close(() => resolve());
        });
        await closeContext(api);
      });
      await bootstrap(api);
      const served = createApp(api, { ...(options.spaRoot && { spaRoot: options.spaRoot }) });
      app = served;
      // Hono answers every request; a visitor's catalog reads are replayed from its answers until the catalog changes.
      serve = () => createServer(replayCache(api, getRequestListener(served.fetch, { hostname: config.HOST })));
    }
    const probes = () => {
      const names = projections.map((p) => p.name);
      const http = healthServer(readiness(platform, names, () => runner?.failures() ?? {}));
      stops.push(() => new Promise<void>((resolve) => http.close(() => resolve())));
      return http;
    };
    return {
      platform,
      ...(app && { app }),
      ...(ctx && { ctx }),
      ...(runner && { runner }),
      listen(onListening) {
        const http = serve ? serve() : probes();
        server = http.listen(config.PORT, config.HOST, () => onListening?.((http.address() as AddressInfo).port));
        return server;
      },
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
