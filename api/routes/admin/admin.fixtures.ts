/** Test fixtures for the admin console: the test API with its admin signed in. */
import { afterAll, expect } from 'vitest';
import { Client, type TestApi, startTestApi } from '../../testing/harness.ts';
import { signInAdmin } from '../catalog.fixtures.ts';

export interface AdminTestApi {
  api: TestApi;
  /** The harness's admin (admin@mibi.test), signed in. */
  admin: Client;
  /** A client of the API, signed in as `client` (anonymous without one). */
  console(client?: Client): Client;
  /** Resolves once every projection has processed everything appended so far. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function startAdminApi(): Promise<AdminTestApi> {
  const api = await startTestApi();
  return {
    api,
    admin: await signInAdmin(api),
    console: (client) => new Client(api, client?.cookie ?? null, client?.user ?? null),
    settle: () => api.settle(),
    close: () => api.close(),
  };
}

/**
 * The admin console's test API for one test file, closed after its tests: await it at the file's
 * top level. `admin` is a client of its own, signed in as the harness's admin.
 */
export async function adminSuite() {
  const harness = await startAdminApi();
  afterAll(() => harness.close());
  return { harness, api: harness.api, admin: harness.console(harness.admin), adminId: harness.admin.user!.id };
}

/**
 * Runs `request` and expects it to have appended nothing to the log. The effects of earlier
 * steps (notifications the reactors and jobs append) finish first: they are not the request's.
 */
export async function storesNothing<T>(api: TestApi, request: () => T): Promise<Awaited<T>> {
  await api.settle();
  const before = await api.platform.events.lastPosition();
  const result = await request();
  expect(await api.platform.events.lastPosition()).toBe(before);
  return result;
}

/** The events of a stream with who sent them. */
export async function eventsOf(api: TestApi, stream: string) {
  return (await api.ctx.streams.read(stream)).map(({ type, data, metadata }) => ({
    type,
    data,
    actor: metadata.actor,
  }));
}
