import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,platform,api,projections,analytics,workers,frontend,scripts}/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Warnings and errors only: an access line a request would bury the report. A test that reads
    // the log captures it (platform/log.ts, logTo); a server a test starts logs at info.
    env: { LOG_LEVEL: 'warn' },
  },
});
