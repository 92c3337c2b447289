/** A server of a spec's own, for what the shared one cannot show. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeDataDir, startServer } from '../scripts/server.fixtures.ts';
import { useDataDir } from './accounts.ts';

export interface OwnServer {
  baseURL: string;
  /** Its DATA_DIR. */
  dir: string;
  /** Stops it and removes its data. */
  stop(): Promise<void>;
}

/**
 * A server of its own with `admin` as its admin, `env` on top of the defaults of a test server
 * (scripts/server.fixtures.ts); its sign-ups are verified from its own mailbox. `name` names
 * its data folder.
 */
export async function startOwnServer(
  name: string,
  admin: { email: string; password: string },
  env: Record<string, string>,
): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), `mibi-e2e-${name}-`));
  const server = startServer(dir, {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    HOST: '127.0.0.1',
    ...env,
  });
  const baseURL = await server.url();
  useDataDir(baseURL, dir);
  return {
    baseURL,
    dir,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      removeDataDir(dir);
    },
  };
}

/** A server that leaves products and their changes to the admins (the shared one verifies them at once: AUTO_VERIFY, the demo's default). */
export const startServerWithReviews = (name: string, admin: { email: string; password: string }) =>
  startOwnServer(name, admin, { AUTO_VERIFY: 'false' });
