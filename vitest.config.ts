import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,platform,api,projections,workers,frontend,scripts}/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
