import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../platform/config/config.ts';
import { checkDeployment } from '../../platform/config/deployment.ts';
import { captureLog } from '../../platform/log.fixtures.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { findAccount } from '../commands/accounts.ts';
import { expectStatus, ok, startTestApi } from '../testing/harness.ts';
import { DEMO_ADMIN } from './demo-catalog.ts';

/** No default credentials outside a local demo. */
describe('demo data and its published passwords', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are the default of a loopback HOST only (`npm start`), not of one reachable from outside', () => {
    expect(loadConfig({}).DEMO_DATA).toBe(true);
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) expect(loadConfig({ HOST }).DEMO_DATA).toBe(true);
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'mibi.example']) {
      expect(loadConfig({ HOST })).toMatchObject({ DEMO_DATA: false, AUTO_VERIFY: false });
      expect(checkDeployment(loadConfig({ HOST }))).toEqual([]);
    }
  });

  it('refuse to start on a public HOST unless DEMO_DATA_ON_PUBLIC_HOST=true, which prints a warning', async () => {
    expect(() => checkDeployment(loadConfig({ HOST: '0.0.0.0', DEMO_DATA: 'true' }))).toThrow(
      /^Invalid configuration: DEMO_DATA must not be on when HOST \(0\.0\.0\.0\) is not loopback.*DEMO_DATA_ON_PUBLIC_HOST=true/,
    );
    // The process entry applies it before anything opens (api/roles/start.test.ts starts one and sees it refuse).
    expect(
      checkDeployment(loadConfig({ HOST: '0.0.0.0', DEMO_DATA: 'true', DEMO_DATA_ON_PUBLIC_HOST: 'true' })),
    ).toEqual([
      expect.stringContaining("anyone who reaches this server can sign in with the demo accounts' published passwords"),
    ]);
  });

  it('are not seeded, nor is the demo admin made, on a public HOST by default', async () => {
    const log = captureLog();
    const api = await startTestApi({
      HOST: '0.0.0.0',
      DEMO_DATA: '',
      ADMIN_EMAIL: 'owner@mibi.test',
      ADMIN_PASSWORD: '',
    });
    try {
      expect(api.ctx.config.DEMO_DATA).toBe(false);
      const signIn = (email: string, password: string) =>
        api.anonymous().api.auth.signin.$post({ json: { email, password } });
      expectStatus(await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password), 401);
      expectStatus(await signIn('owner@mibi.test', 'admin-pass-1'), 401);
      // The admin of ADMIN_EMAIL got a generated password, printed once at start.
      const shown = log.lines.map((line) => String(line.msg)).filter((line) => line.includes('owner@mibi.test'));
      expect(shown).toHaveLength(1);
      const password = /the password (\S+)/.exec(shown[0]!)![1]!;
      // Checked on the account itself: an admin's sign-in goes on to a second factor.
      const account = await findAccount(api.ctx, 'owner@mibi.test');
      expect(account!.roles).toContain('admin');
      expect(await verifyPassword(account!.passwordHash, password)).toBe(true);
      expect(ok(await api.anonymous().api.products.$get({ query: {} })).total).toBe(0);
    } finally {
      log.restore();
      await api.close();
    }
  });
});

describe('the container deployment', () => {
  const root = join(import.meta.dirname, '..', '..');
  const read = (file: string) => readFileSync(join(root, file), 'utf8');

  it.each(['docker-compose.yml', 'docker-compose.postgres.yml'])(
    '%s defaults to no demo data and no known admin password',
    (file) => {
      const compose = read(file);
      expect(compose).toContain('DEMO_DATA: ${DEMO_DATA:-false}');
      expect(compose).toContain('ADMIN_PASSWORD: ${ADMIN_PASSWORD:-}\n');
      expect(compose).not.toMatch(/DEV_ROUTES/);
    },
  );

  it('runs the image with NODE_ENV=production and no development routes', () => {
    const runtime = read('Dockerfile').split('FROM base AS runtime')[1]!;
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toMatch(/DEV_ROUTES=false/);
    expect(runtime).toMatch(/HOST=0\.0\.0\.0/);
    expect(loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'false', HOST: '0.0.0.0' })).toMatchObject({
      DEMO_DATA: false,
      DEV_ROUTES: false,
    });
  });
});
