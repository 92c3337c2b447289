/**
 * For tests that stop real server processes on purpose (SIGKILL, SIGTERM) and start them again
 * on the same data: each test's servers are killed and their data folders removed after it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { type StartedServer, removeDataDir, startServer } from './server.fixtures.ts';

/** What these servers run with: an admin, products on sale at once, and reconciliation every second. */
const ENV = {
  ADMIN_EMAIL: 'admin@mibi.test',
  ADMIN_PASSWORD: 'admin-pass-1',
  AUTO_VERIFY: 'true',
  RECONCILE_EVERY_S: '1',
};

export function crashableServers() {
  const dirs: string[] = [];
  const servers: StartedServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const dir of dirs.splice(0)) removeDataDir(dir);
  });
  return {
    /** A new, empty data folder, removed after the test. */
    dataDir(name: string): string {
      const dir = mkdtempSync(join(tmpdir(), `mibi-${name}-`));
      dirs.push(dir);
      return dir;
    },
    /** The server of `dir`, once it runs every role. */
    async serve(dir: string, env: Record<string, string> = {}): Promise<StartedServer & { base: string }> {
      const server = startServer(dir, { ...ENV, ...env });
      servers.push(server);
      const base = await server.url();
      await server.ready();
      return Object.assign(server, { base });
    },
  };
}
