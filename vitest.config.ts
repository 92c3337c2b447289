import { availableParallelism } from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { LOCALES } from './domain/i18n/locales.ts';
import { catalogParts } from './scripts/catalog-parts.ts';

export default defineConfig({
  // The SPA's modules tested here use Lingui's macros and import .po catalogs, as in vite.config.ts.
  plugins: [lingui({ macroTransform: true }), catalogParts('frontend', [...LOCALES, 'pseudo'])],
  test: {
    include: ['{domain,platform,api,projections,analytics,workers,frontend,scripts}/**/*.test.ts'],
    pool: 'forks',
    // Vitest's default leaves a core free (one fork on a 2-core machine); most files wait on the
    // servers and processes they start, so a fork per core took CI's run from 734 s to under 663 s.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Warnings and errors only: an access line a request would bury the report. A test that reads
    // the log captures it (platform/log.ts, logTo); a server a test starts logs at info.
    env: { LOG_LEVEL: 'warn' },
  },
});
