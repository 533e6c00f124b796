import type { KnipConfig } from 'knip';

/**
 * Unused files, dependencies and exports fail `npm run lint` (decision 054). Knip's own plugins read
 * the Vite, Vitest, Playwright, ESLint, Drizzle and dependency-cruiser configs; the entries below are
 * what they cannot see.
 */
const config: KnipConfig = {
  entry: [
    // Started by path: the media worker pool, a worker-pool test's worker, the chaos test's job worker.
    'src/server/modules/media/media.worker.ts',
    'src/server/lib/worker-pool.fixture-worker.ts',
    'tests/chaos/job-worker.ts',
    // The server renderer's entry (vite.config.ts environments.ssr); the browser's comes from index.html.
    'src/web/entry-server.tsx',
    'scripts/*.ts',
    'bench/*.ts',
    // Named by path in scripts/test.ts.
    'tests/setup/retried-reporter.ts',
    // vitest.config.ts includes these only when TEST_DB=postgres, which knip does not set.
    'tests/postgres/**/*.test.ts',
    // Named by stryker.config.json (npm run test:mutation).
    'vitest.mutation.config.ts',
  ],
  project: ['src/**/*.{ts,tsx,css}', 'scripts/**/*.ts', 'bench/**/*.ts', 'tests/**/*.ts', '*.ts'],
};

export default config;
