/**
 * Test fixtures for the admin console: the admin routes on a test API, with the read models
 * they use kept up to date. Projections not registered in projections/index.ts yet run on a
 * runner of their own beside the harness's (never twice).
 */
import { expect } from 'vitest';
import { admin as adminProjection } from '../../../projections/admin.ts';
import { ProjectionRunner } from '../../../projections/runner.ts';
import { sales } from '../../../projections/sales.ts';
import type { LocalClient } from '../../local-client.ts';
import { type Client, type TestApi, startTestApi } from '../../testing.ts';
import { signInAdmin } from '../catalog.fixtures.ts';
import { mounted } from '../router.fixtures.ts';
import { adminRoutes } from './index.ts';

export interface AdminTestApi {
  api: TestApi;
  /** The harness's admin (admin@mibi.test), signed in. */
  admin: Client;
  /** A client of the admin routes, signed in as `client` (anonymous without one). */
  console(client?: Client): LocalClient;
  /** Resolves once every projection, the extra ones included, has processed everything appended so far. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function startAdminApi(): Promise<AdminTestApi> {
  const api = await startTestApi();
  const extra = [adminProjection, sales].filter((projection) => !api.ctx.projections.some((p) => p.name === projection.name));
  const { events, read, bus } = api.platform;
  const runner = new ProjectionRunner({ events, read, bus, projections: extra });
  await runner.start();
  const app = mounted(api, '/api/admin', adminRoutes(api.ctx));
  return {
    api,
    admin: await signInAdmin(api),
    console: app.as,
    async settle() {
      await api.settle();
      const last = await events.lastPosition();
      for (const { name } of extra) while ((await read.checkpoint(name)) < last) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    async close() {
      await runner.stop();
      await api.close();
    },
  };
}

/** Runs `request` and expects it to have appended nothing to the log. */
export async function storesNothing<T>(api: TestApi, request: () => Promise<T>): Promise<T> {
  const before = await api.platform.events.lastPosition();
  const result = await request();
  expect(await api.platform.events.lastPosition()).toBe(before);
  return result;
}

/** The events of a stream with who sent them. */
export async function eventsOf(api: TestApi, stream: string) {
  return (await api.ctx.streams.read(stream)).map(({ type, data, metadata }) => ({ type, data, actor: metadata.actor }));
}
