/**
 * The servers the browser tests run against, one per shard (playwright.config.ts chooses them
 * and passes them on in E2E_SERVERS), and the DATA_DIR of the one a test's project uses: its
 * development mailbox, its test courier.
 */
import { test } from '@playwright/test';

interface E2EServer {
  url: string;
  dataDir: string;
}

const e2eServers = (): E2EServer[] => JSON.parse(process.env.E2E_SERVERS ?? '[]') as E2EServer[];

/** The DATA_DIR of the server at `baseURL`, by default the one of the running test's project. */
export function serverDataDir(baseURL = test.info().project.use.baseURL): string {
  const origin = baseURL && new URL(baseURL).origin;
  const server = e2eServers().find((s) => new URL(s.url).origin === origin);
  if (!server) throw new Error(`no test server at ${baseURL} (playwright.config.ts sets E2E_SERVERS)`);
  return server.dataDir;
}
