import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts';

/**
 * The browser tests run in E2E_SHARDS shards, each a project with its own server (port and
 * DATA_DIR) and one worker: the spec files of a shard share their server one at a time (two at a
 * time on one server raced: a product listed by one between another's count on the page and in
 * the API), while the shards run side by side. One shard below 4 cores: on 2, two shards with
 * their servers and browsers starved each other into timeouts and took longer (22 min against 19).
 * Chosen once in the main process; workers inherit them through the environment.
 */
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();
process.env.E2E_SERVERS ??= JSON.stringify(
  Array.from({ length: Number(process.env.E2E_SHARDS ?? (availableParallelism() >= 4 ? 2 : 1)) }, () => ({
    url: `http://127.0.0.1:${freePort()}`,
    dataDir: mkdtempSync(join(tmpdir(), 'mibi-e2e-')),
  })),
);
const servers = JSON.parse(process.env.E2E_SERVERS) as Array<{ url: string; dataDir: string }>;
const specs = readdirSync(join(import.meta.dirname, 'e2e'))
  .filter((name) => name.endsWith('.spec.ts'))
  .sort();
const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Shard i's spec files: every n-th by name, which spreads the long ones about evenly. */
const shardOf = (i: number) =>
  new RegExp(
    `/e2e/(${specs
      .filter((_, j) => j % servers.length === i)
      .map(escape)
      .join('|')})$`,
  );

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: servers.length,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: servers.map(({ url }, i) => ({
    name: `chromium ${i + 1}/${servers.length}`,
    testMatch: shardOf(i),
    workers: 1,
    use: { ...devices['Desktop Chrome'], baseURL: url },
  })),
  // Started one after the other: the first builds what they all serve.
  webServer: servers.map(({ url, dataDir }, i) => ({
    command: `${i === 0 ? 'npm run build && ' : ''}sh scripts/serve.sh all`,
    url: `${url}/api/health/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // Every spec signs its people up from this one address, far more than a person's limit.
    env: {
      PORT: new URL(url).port,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      SIGNUPS_PER_HOUR: '1000',
    },
  })),
});
